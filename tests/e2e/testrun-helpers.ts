import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, openApp } from './serve-fixture';
import type { Served } from './serve-fixture';

/** Opens the app and its Test run view. */
export async function openTestRun(page: Page, served: Served): Promise<void> {
  await openApp(page, served);
  await page.getByRole('tablist', { name: 'Main view' }).getByRole('tab', { name: 'Test run' }).click();
  await expect(page.getByRole('tablist', { name: 'Test run' })).toBeVisible();
}

/**
 * Takes one "me" decision as a person would: intercept when offered (R3.3), else defend when
 * asked, else clash, else interact, move or hold. A phased declaration (R12) gives every member
 * a Clash (else its first non-hold order) and declares; a phase start keeps every order.
 */
export async function decideOnce(page: Page): Promise<void> {
  const panel = page.getByRole('group', { name: 'Your decision' });
  const declare = panel.getByRole('button', { name: 'Declare orders' });
  if ((await declare.count()) > 0) {
    const selects = panel.getByRole('button', { name: /Order of / });
    for (let i = 0; i < (await selects.count()); i++) {
      await selects.nth(i).click();
      const listbox = selectList(page);
      const labels = await listbox.getByRole('option').allTextContents();
      const pick = labels.find((v) => v.startsWith('Clash with')) ?? labels.find((v) => v !== 'Hold') ?? 'Hold';
      await listbox.getByRole('option', { name: pick, exact: true }).click();
      await expect(listbox).toBeHidden();
    }
    await declare.click();
    return;
  }
  // A phase start of a phased round (R12): keep every order.
  const confirm = panel.getByRole('button', { name: 'Confirm orders' });
  if ((await confirm.count()) > 0) {
    await confirm.click();
    return;
  }
  const intercept = panel.getByRole('button', { name: /^Intercept with / });
  if ((await intercept.count()) > 0) {
    await intercept.first().click();
    return;
  }
  const defend = panel.getByRole('button', { name: 'Defend', exact: true });
  if ((await defend.count()) > 0) {
    const enabled = defend.and(page.locator(':enabled'));
    if ((await enabled.count()) > 0) await enabled.first().click();
    else await panel.getByRole('button', { name: 'Absorb', exact: true }).first().click();
    return;
  }
  const attack = panel.getByRole('checkbox', { name: /^Attack with / });
  if ((await attack.count()) > 0) {
    // The decision may change between the look and the click (the panel is drawn again): then
    // the check does not hold, and the caller looks again.
    const checked = await attack
      .first()
      .check({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (checked) await panel.getByRole('button', { name: 'Declare Clash' }).click();
    return;
  }
  for (const group of ['Interact', 'Move', 'Hold', 'Which Swarm member takes the loss?']) {
    const buttons = panel.getByRole('group', { name: group }).getByRole('button');
    if ((await buttons.count()) > 0) {
      await buttons.first().click();
      return;
    }
  }
  throw new Error('no decision control found');
}

/** Decides as "me" until the battle is over (or `maxDecisions` were taken). Returns how many. */
export async function playToEnd(page: Page, maxDecisions = 400): Promise<number> {
  const over = page.getByText(/^Battle over:/);
  const panel = page.getByRole('group', { name: 'Your decision' });
  let n = 0;
  while (n < maxDecisions) {
    await expect(over.or(panel)).toBeVisible({ timeout: 30_000 });
    if (await over.isVisible()) return n;
    await decideOnce(page);
    n++;
  }
  throw new Error(`the battle did not end after ${maxDecisions} decisions`);
}

/** The list of options of the select that is open (the battle log is a listbox too, always shown). */
export const selectList = (page: Page): Locator => page.getByRole('listbox').and(page.locator(':not([aria-label="Battle log"])'));

/** Scrolls every chart of `region` into view (they mount when seen) and waits until each has its bars. */
/**
 * The simulation results region once the whole batch has finished: its summary reads
 * "N battles, seed …" (partial results, shown while the batch runs, read "… so far" and are
 * redrawn when the next part arrives, so nothing should be clicked or measured on them).
 */
export async function finishedResults(page: Page, runs: number, timeout = 480_000): Promise<Locator> {
  const results = page.getByRole('region', { name: 'Simulation results' });
  const summary = new RegExp(`^${runs.toLocaleString('en')} battles, seed `);
  await expect(results.getByRole('status').filter({ hasText: summary })).toBeVisible({ timeout });
  return results;
}

export async function showCharts(region: Locator): Promise<void> {
  const figures = region.getByRole('figure');
  const n = await figures.count();
  for (let i = 0; i < n; i++) {
    const f = figures.nth(i);
    await f.scrollIntoViewIfNeeded();
    await expect(f.locator('.recharts-bar-rectangle').first()).toBeVisible({ timeout: 60_000 });
  }
}

/** Clicks `button` and returns the downloaded file's name and text. */
export async function download(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const pending = page.waitForEvent('download');
  await button.click();
  const d = await pending;
  const path = await d.path();
  return { name: d.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

/** A crew worth 21 (five d4 members and a scrap plate), far weaker than The Rot Saints (44). */
export const DUST_RATS = `kind: crew
schemaVersion: 1
id: dust-rats
name: The Dust Rats
members:
  - {id: rat-king, name: Rat King, type: creature, die: d4, health: 1, captain: true, equipment: [scrap-plate]}
  - {id: rat-1, name: Rat One, type: creature, die: d4, health: 1}
  - {id: rat-2, name: Rat Two, type: creature, die: d4, health: 1}
  - {id: rat-3, name: Rat Three, type: creature, die: d4, health: 1}
  - {id: rat-4, name: Rat Four, type: creature, die: d4, health: 1}
`;

import type { Page } from '@playwright/test';
import { expect, test } from './serve-fixture';
import { decideOnce, openTestRun } from './testrun-helpers';
import { pick } from './pick';

/** The event number the timeline cursor is on (1-based), from the slider's value text. */
async function cursorAt(page: Page): Promise<{ at: number; of: number; round: number }> {
  const text = (await page.getByRole('slider', { name: 'Battle timeline' }).getAttribute('aria-valuetext')) ?? '';
  const m = /^Event (\d+) of (\d+), round (\d+)/.exec(text);
  if (!m) throw new Error(`unexpected timeline text '${text}'`);
  return { at: Number(m[1]), of: Number(m[2]), round: Number(m[3]) };
}

test('issue 11 item 2: the timeline moves both ways without losing events; the board follows the cursor', async ({ page, served }) => {
  test.setTimeout(300_000);
  await openTestRun(page, served);
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'greedy');
  await pick(page, 'Player of side B', 'greedy');
  await page.getByRole('textbox', { name: 'Seed' }).fill('42');
  await page.getByRole('button', { name: 'Start battle' }).click();
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByText(/^Battle over:/)).toBeVisible({ timeout: 120_000 });
  const options = page.getByRole('listbox', { name: 'Battle log' }).getByRole('option');
  const all = await options.allInnerTexts();
  const end = await cursorAt(page);
  expect(end.at).toBe(end.of);
  expect(all).toHaveLength(end.of);

  // ← one event, → one event, Home, End on the slider.
  const slider = page.getByRole('slider', { name: 'Battle timeline' });
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  expect((await cursorAt(page)).at).toBe(end.of - 1);
  await page.keyboard.press('ArrowRight');
  expect((await cursorAt(page)).at).toBe(end.of);
  await page.keyboard.press('Home');
  expect((await cursorAt(page)).at).toBe(1);
  await expect(page.getByText('Round 1 of 6', { exact: false }).first()).toBeVisible();
  // The board at the start: everyone at full Health and nobody out.
  await expect(page.getByRole('listitem', { name: /^Warden-7 of / })).toContainText('Health 3/3');
  // PageUp (a slider's larger step) moves one round forward; PageDown one round back.
  await page.keyboard.press('PageUp');
  const r2 = await cursorAt(page);
  expect(r2.round).toBe(2);
  await expect(options.nth(r2.at - 1)).toContainText('Round 2 begins');
  await expect(options.nth(r2.at - 1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('PageDown');
  expect((await cursorAt(page)).round).toBe(1);
  await page.keyboard.press('End');
  expect((await cursorAt(page)).at).toBe(end.of);
  // Nothing was lost on the way.
  expect(await options.allInnerTexts()).toEqual(all);

  // The log is a listbox whose selection is the cursor: ↑/↓ and PageDown move it there too.
  await options.nth(10).click();
  expect((await cursorAt(page)).at).toBe(11);
  await page.keyboard.press('ArrowDown');
  expect((await cursorAt(page)).at).toBe(12);
  await expect(options.nth(11)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  expect((await cursorAt(page)).at).toBe(11);
  await page.keyboard.press('PageDown');
  expect((await cursorAt(page)).round).toBeGreaterThanOrEqual(2);
  expect(await options.allInnerTexts()).toEqual(all);

  // A member's Health on the board follows the cursor: find a damage line and compare both sides of it.
  const damage = all.findIndex((l) => /loses \d+ Health|Health \d+ →|takes \d+ damage/.test(l));
  if (damage > 0) {
    await options.nth(damage).click();
    const after = await page.getByRole('region', { name: /^Area / }).allInnerTexts();
    await options.nth(damage - 1).click();
    const before = await page.getByRole('region', { name: /^Area / }).allInnerTexts();
    expect(after).not.toEqual(before);
  }
});

test('issue 11 item 2: the same decision in the past follows the line; a different one forks it and offers the old line', async ({
  page,
  served,
}) => {
  test.setTimeout(600_000);
  await openTestRun(page, served);
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'me');
  await pick(page, 'Player of side B', 'greedy');
  await page.getByRole('textbox', { name: 'Seed' }).fill('42');
  await page.getByRole('button', { name: 'Start battle' }).click();
  const panel = page.getByRole('group', { name: 'Your decision' });
  // Take four of my decisions.
  for (let i = 0; i < 4; i++) {
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await decideOnce(page);
  }
  await expect(panel).toBeVisible({ timeout: 30_000 });
  const options = page.getByRole('listbox', { name: 'Battle log' }).getByRole('option');
  const all = await options.allInnerTexts();

  // Back to the start (before my first decision): the decision panel is offered there.
  const slider = page.getByRole('slider', { name: 'Battle timeline' });
  await slider.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(panel).toBeVisible();
  await expect(page.getByText(/the battle goes on from here/)).toBeVisible();
  // The same decision as before (decideOnce is deterministic) follows the line: nothing forks.
  await decideOnce(page);
  await expect(page.getByText(/the battle forked/)).toHaveCount(0);
  expect(await options.allInnerTexts()).toEqual(all);
  expect((await cursorAt(page)).at).toBeGreaterThan(2);
  await slider.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(panel).toBeVisible();
  // Holding is a different decision (decideOnce never holds while it can move or interact).
  const hold = panel.getByRole('group', { name: 'Hold' }).getByRole('button');
  // A different decision forks the battle: it says so and offers the old line.
  await hold.first().click();
  const fork = page.getByRole('status').filter({ hasText: /took a different decision after event 2: the battle forked there/ });
  await expect(fork).toBeVisible();
  await expect(fork).toContainText('is kept as a branch');
  const forked = await options.allInnerTexts();
  expect(forked.slice(0, 2)).toEqual(all.slice(0, 2));
  expect(forked[2]).not.toEqual(all[2]);
  // Switch back: the old line is exactly as it was.
  await fork.getByRole('button', { name: 'Switch back to the old line' }).click();
  expect(await options.allInnerTexts()).toEqual(all);
  await expect(page.getByText(/^Kept lines \(1\)/)).toBeVisible();
});

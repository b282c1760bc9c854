import type { Page } from '@playwright/test';
import { expectNoA11yViolations, THEMES, useTheme } from './a11y';
import { expect, test } from './serve-fixture';
import type { Served } from './serve-fixture';
import { decideOnce, openTestRun } from './testrun-helpers';
import { pick } from './pick';

/** Starts The Drowned Foundry, "me" (The Choir) against greedy, seed 42. */
async function startBattle(page: Page, served: Served): Promise<void> {
  await openTestRun(page, served);
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'me');
  await pick(page, 'Player of side B', 'greedy');
  await page.getByRole('textbox', { name: 'Seed' }).fill('42');
  await page.getByRole('button', { name: 'Start battle' }).click();
}

/** Decides as "me" until a turn offers an attack (the Areas meet); the panel is then showing it. */
async function playUntilAttack(page: Page): Promise<void> {
  const panel = page.getByRole('group', { name: 'Your decision' });
  for (let i = 0; i < 30; i++) {
    await expect(panel).toBeVisible({ timeout: 30_000 });
    if ((await panel.getByRole('checkbox', { name: /^Attack with / }).count()) > 0) return;
    await decideOnce(page);
  }
  throw new Error('no attack was offered in 30 decisions');
}

/** Slows every CSS animation of the page down (Chrome DevTools), so a test can look at one mid-way. */
async function slowAnimations(page: Page, rate: number): Promise<(rate: number) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  const set = async (r: number): Promise<void> => {
    await cdp.send('Animation.setPlaybackRate', { playbackRate: r });
  };
  await set(rate);
  return set;
}

/** CSS animations running in the Clash panel and on the board. */
const boardAnimations = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      document.getAnimations().filter((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        return a.playState === 'running' && target instanceof Element && target.closest('.tr-clash-view, .tr-board') !== null;
      }).length,
  );

const box = async (page: Page, name: string) => (await page.getByRole('region', { name }).boundingBox())!;

test('issue 17 item 4: the board is a map — Areas laid out along their links, lines between them, tokens and objectives', async ({ page, served }) => {
  test.setTimeout(300_000);
  await startBattle(page, served);
  await expect(page.getByRole('group', { name: 'Your decision' })).toBeVisible({ timeout: 30_000 });
  // Automatic layout (no hints): a column per move from the Gate; both Areas one move past the floor share a column.
  const [gate, floor, sluice, vault] = await Promise.all(['Area The Gate', 'Area Foundry Floor', 'Area The Drowned Sluice', 'Area Reactor Vault'].map((n) => box(page, n)));
  expect(gate.x).toBeLessThan(floor.x);
  expect(floor.x).toBeLessThan(sluice.x);
  expect(Math.abs(sluice.x - vault.x)).toBeLessThan(2);
  expect(vault.y).toBeGreaterThan(sluice.y);
  // One line per link, none of them one-way here; the links are also said in words.
  const lines = page.locator('.tr-map-links line');
  await expect(lines).toHaveCount(3);
  await expect(page.locator('.tr-map-links line[data-one-way]')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Area The Gate' })).toContainText('Leads to Foundry Floor');
  // A token's accessible name says everything its picture shows.
  const warden = page.getByRole('listitem', { name: /^Warden-7 of The Choir: / });
  await expect(warden).toHaveAccessibleName('Warden-7 of The Choir: d10, Health 3 of 3, max roll 10, Captain, ready, can act now');
  await expect(warden.locator('svg[data-die="d10"]')).toBeVisible();
  await expect(warden.locator('.tr-pip.full')).toHaveCount(3);
  // Objectives sit on their Area with a bar per side.
  const vaultObjectives = page.getByRole('list', { name: 'Objectives in Reactor Vault' });
  await expect(vaultObjectives.getByRole('meter', { name: 'The Choir progress on Wake the Reactor Core' })).toHaveAttribute('aria-valuenow', '0');
  await expect(vaultObjectives.getByRole('meter', { name: 'The Saints progress on Wake the Reactor Core' })).toBeVisible();
  // The log marks each line with its side.
  await expect(page.getByRole('listbox', { name: 'Battle log' }).locator('.tr-side-mark').first()).toBeVisible();
});

test('issue 17 item 4: a one-way link is drawn as an arrow', async ({ page, served }) => {
  // The floor no longer leads back to the gate: gate → floor is one way.
  served.write(
    'scenarios/drowned-foundry.yaml',
    served.read('scenarios/drowned-foundry.yaml').replace('links: [gate, sluice, reactor-vault]', 'links: [sluice, reactor-vault]'),
  );
  await startBattle(page, served);
  await expect(page.getByRole('group', { name: 'Your decision' })).toBeVisible({ timeout: 30_000 });
  const arrow = page.locator('.tr-map-links line[data-one-way]');
  await expect(arrow).toHaveCount(1);
  await expect(arrow).toHaveAttribute('data-link', 'gate>foundry-floor');
  await expect(arrow).toHaveAttribute('marker-end', /^url\(#/);
  await expect(page.getByText(/an arrow is a one-way link/)).toBeVisible();
});

test('issue 17 item 4: a target shows the exact odds of the pair on hover and on keyboard focus', async ({ page, served }) => {
  test.setTimeout(300_000);
  await startBattle(page, served);
  await playUntilAttack(page);
  const targets = page.getByRole('button', { name: /^Odds against / });
  expect(await targets.count()).toBeGreaterThan(1);
  // Hover: a tooltip with each possible attacker's exact odds.
  await targets.first().hover();
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(/If you attack .+ now/);
  await expect(tip.getByRole('row').nth(1)).toContainText(/\d+\/\d+ \(\d+\.\d%\)/);
  const attacker = await page.getByRole('group', { name: 'Your decision' }).getByRole('checkbox', { name: /^Attack with / }).first().getAttribute('aria-label');
  const who = (attacker ?? (await page.getByRole('group', { name: 'Your decision' }).getByText(/^Attack with /).first().innerText())).replace(/^Attack with /, '');
  await expect(tip).toContainText(who);
  // The same odds for the keyboard: move the mouse away, then Tab from one target to the next.
  await page.mouse.move(0, 0);
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await targets.first().focus();
  await page.keyboard.press('Tab');
  await expect(targets.nth(1)).toBeFocused();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await expect(page.getByRole('tooltip')).toContainText(/wins|absorbs/);
  await expect(targets.nth(1)).toHaveAttribute('aria-describedby', /.+/);
});

test('issue 17 item 5: a Clash resolves visibly — dice, results, winner, damage — animated, skippable, and the cursor is never held', async ({ page, served }) => {
  test.setTimeout(300_000);
  await startBattle(page, served);
  await playUntilAttack(page);
  const playbackRate = await slowAnimations(page, 0.02);
  const panel = page.getByRole('group', { name: 'Your decision' });
  await panel.getByRole('checkbox', { name: /^Attack with / }).first().check();
  await panel.getByRole('button', { name: 'Declare Clash' }).click();
  const clash = page.getByRole('region', { name: 'Clash' });
  const skip = clash.getByRole('button', { name: 'Skip animation' });
  await expect(skip).toBeVisible();
  await expect(clash).toHaveAttribute('data-animating', 'true');
  expect(await boardAnimations(page)).toBeGreaterThan(0);
  // The dice rolled are there with their raw values as the log says, and the pair's result.
  const pairs = clash.getByRole('list', { name: 'Pairs' }).getByRole('listitem');
  await expect(pairs.first()).toHaveAccessibleName(/ rolls \d+.* vs /);
  const log = page.getByRole('listbox', { name: 'Battle log' });
  const pairName = (await pairs.first().getAttribute('aria-label')) ?? '';
  const rolled = /^(.+? rolls \d+[^.]*\.)/.exec(pairName)![1]!;
  await expect(log.getByRole('option', { name: rolled, exact: true }).first()).toBeAttached();
  await expect(clash.locator('.tr-roll-face svg').first()).toBeVisible();
  // Skip: the animation ends at once, the result stays.
  await skip.click();
  await expect(skip).toHaveCount(0);
  await expect(clash).toHaveAttribute('data-animating', 'false');
  expect(await boardAnimations(page)).toBe(0);
  await expect(pairs.first()).toBeVisible();

  // Scrubbing is never held: a new Clash animates when the cursor moves onto it, and moving back ends it at once.
  const slider = page.getByRole('slider', { name: 'Battle timeline' });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(clash).toContainText('No Clash yet this round.');
  await page.keyboard.press('End');
  await expect(clash).toHaveAttribute('data-animating', 'true');
  await page.keyboard.press('PageDown');
  await expect(clash).toHaveAttribute('data-animating', 'false');
  await expect(skip).toHaveCount(0);
  // At its own pace, the animation is brief and ends by itself.
  await playbackRate(1);
  await page.keyboard.press('End');
  await expect(clash).toHaveAttribute('data-animating', 'true');
  await expect(clash).toHaveAttribute('data-animating', 'false', { timeout: 15_000 });
  expect(await boardAnimations(page)).toBe(0);
});

test('issue 17 item 5: with reduced motion a Clash shows its result at once, without any animation', async ({ page, served }) => {
  test.setTimeout(300_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await startBattle(page, served);
  await playUntilAttack(page);
  const panel = page.getByRole('group', { name: 'Your decision' });
  await panel.getByRole('checkbox', { name: /^Attack with / }).first().check();
  await panel.getByRole('button', { name: 'Declare Clash' }).click();
  const clash = page.getByRole('region', { name: 'Clash' });
  await expect(clash.getByRole('list', { name: 'Pairs' }).getByRole('listitem').first()).toHaveAccessibleName(/ rolls \d+/);
  await expect(clash).toHaveAttribute('data-animating', 'false');
  await expect(clash.getByRole('button', { name: 'Skip animation' })).toHaveCount(0);
  expect(await boardAnimations(page)).toBe(0);
  await expect(page.locator('.tr-pip.lost-now')).toHaveCount(0);
});

for (const theme of THEMES) {
  test(`issue 17: axe-core finds no violations on the board mid-battle, with a Clash and the odds shown (${theme} theme)`, async ({ page, served }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await startBattle(page, served);
    await useTheme(page, theme);
    await playUntilAttack(page);
    const panel = page.getByRole('group', { name: 'Your decision' });
    await panel.getByRole('checkbox', { name: /^Attack with / }).first().check();
    await panel.getByRole('button', { name: 'Declare Clash' }).click();
    await expect(page.getByRole('region', { name: 'Clash' }).getByRole('list', { name: 'Pairs' })).toBeVisible();
    await playUntilAttack(page);
    await expectNoA11yViolations(page, `Play board (${theme})`, '.testrun-area');
    await page.getByRole('button', { name: /^Odds against / }).first().hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expectNoA11yViolations(page, `Play board with the odds tooltip (${theme})`, '.testrun-area, [role="tooltip"]');
  });
}

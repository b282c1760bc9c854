import { expect, test } from './serve-fixture';
import { finishedResults, openTestRun } from './testrun-helpers';
import { pick } from './pick';

test('compare two crews on identical seeds', async ({ page, served }) => {
  test.setTimeout(600_000);
  await openTestRun(page, served);
  await page.getByRole('tab', { name: 'Compare' }).click();
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'random');
  await pick(page, 'Player of side B', 'random');
  await page.getByRole('textbox', { name: 'Seed' }).fill('11');
  await pick(page, 'Compare', 'Two crews');
  await pick(page, 'Side to vary', 'Side B');
  await pick(page, 'First crew', 'The Rot Saints');
  await pick(page, 'Second crew', 'The Marrow Kin');
  await page.getByRole('textbox', { name: 'Runs each' }).fill('400');
  await page.getByRole('button', { name: 'Run comparison' }).click();
  const table = page.getByRole('table', { name: 'Win rate difference' });
  await expect(table).toBeVisible({ timeout: 480_000 });
  // Header, one row per side, draws.
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('columnheader', { name: 'The Rot Saints' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'The Marrow Kin' })).toBeVisible();
  await expect(table.getByRole('row', { name: /The Choir wins/ })).toContainText(
    /[+−]\d+\.\d% to [+−]\d+\.\d%/,
  );
  for (const crew of ['The Rot Saints', 'The Marrow Kin']) {
    const figure = page.getByRole('figure', { name: `${crew}: Win, draw and loss per side (%)` });
    await expect(figure).toBeVisible();
    await expect(figure.locator('.recharts-bar-rectangle').first()).toBeVisible();
  }
  // The charts of both runs side by side.
  const results = page.getByRole('region', { name: 'Comparison results' });
  await expect(results.getByRole('figure', { name: /Rounds played$/ })).toHaveCount(2);
});

test('click a side’s wins bar: a battle that side won opens in Play, at its start', async ({ page, served }) => {
  test.setTimeout(600_000);
  await openTestRun(page, served);
  await page.getByRole('tab', { name: 'Simulate' }).click();
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'random');
  await pick(page, 'Player of side B', 'random');
  await page.getByRole('textbox', { name: 'Seed' }).fill('5');
  await page.getByRole('textbox', { name: 'Runs', exact: true }).fill('300');
  await page.getByRole('button', { name: 'Run simulation' }).click();
  const results = await finishedResults(page, 300);
  const figure = results.getByRole('figure', { name: 'Win, draw and loss per side (%)' });
  await figure.scrollIntoViewIfNeeded();
  // One bar per outcome, in order: The Choir wins, The Saints wins, Draw.
  const bars = figure.locator('.recharts-bar-rectangle path');
  await expect(bars.first()).toBeVisible({ timeout: 60_000 });
  const heights = async (): Promise<number[]> => bars.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  await expect.poll(async () => Math.max(...(await heights())), { timeout: 30_000 }).toBeGreaterThan(2);
  const h = await heights();
  const side = h[0]! >= h[1]! ? 0 : 1;
  const winner = ['The Choir', 'The Saints'][side]!;
  await bars.nth(side).click();
  await expect(page.getByRole('tab', { name: 'Play' })).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
  await expect(page.getByRole('status').filter({ hasText: /^Battle \d+ of the simulation \(seed \d+\)/ })).toBeVisible();
  await page.getByRole('slider', { name: 'Battle timeline' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByText(/^Battle over:/)).toContainText(`${winner} wins`);
  // The setup's seed is left as it was.
  await expect(page.getByRole('textbox', { name: 'Seed' })).toHaveValue('5');
});

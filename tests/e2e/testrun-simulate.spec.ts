import type { Page } from '@playwright/test';
import { expect, test } from './serve-fixture';
import { finishedResults, openTestRun, showCharts } from './testrun-helpers';
import { pick } from './pick';

/** Records every aria-valuenow the simulation progress bar shows (it may live for only a moment). */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __trProgress: number[] };
    w.__trProgress = [];
    const seen = (): void => {
      const bar = document.querySelector('[role="progressbar"]');
      if (bar) w.__trProgress.push(Number(bar.getAttribute('aria-valuenow')));
    };
    new MutationObserver(seen).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}
const progressSeen = (page: Page): Promise<number[]> =>
  page.evaluate(() => (window as unknown as { __trProgress: number[] }).__trProgress);

async function setUp(page: Page, bots: [string, string]): Promise<void> {
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', bots[0]);
  await pick(page, 'Player of side B', bots[1]);
  await page.getByRole('textbox', { name: 'Seed' }).fill('7');
}

test('run 2,000 simulations: progress, charts, balance warnings, and a bar opens its battle in Play', async ({
  page,
  served,
}) => {
  test.setTimeout(600_000);
  await openTestRun(page, served);
  await page.getByRole('tab', { name: 'Simulate' }).click();
  await setUp(page, ['greedy', 'random']);
  await page.getByRole('textbox', { name: 'Runs', exact: true }).fill('2000');
  await watchProgress(page);
  await page.getByRole('button', { name: 'Run simulation' }).click();
  await expect(page.getByRole('progressbar', { name: 'Simulation progress' })).toBeVisible();
  const results = await finishedResults(page, 2000);
  expect((await progressSeen(page)).length).toBeGreaterThan(0);
  await showCharts(results);
  for (const chart of [
    'Win, draw and loss per side (%)',
    'Rounds played',
    'Incapacitation rate per member (%)',
    'Objective completion per side (%)',
    'Points distribution',
  ]) {
    const figure = results.getByRole('figure', { name: chart });
    await expect(figure).toBeVisible();
    await expect(figure.locator('.recharts-bar-rectangle').first()).toBeVisible();
  }
  await expect(results.getByRole('list', { name: 'Balance warnings' }).or(results.getByText('No balance warnings.'))).toBeVisible();

  // Click a bar of the rounds histogram: that battle opens in Play, at its start, with its seed named.
  const rounds = results.getByRole('figure', { name: 'Rounds played' });
  await rounds.scrollIntoViewIfNeeded();
  const bars = rounds.locator('.recharts-bar-rectangle path');
  const sizes = await bars.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  const tallest = sizes.indexOf(Math.max(...sizes));
  expect(sizes[tallest]).toBeGreaterThan(2);
  await bars.nth(tallest).click();
  await expect(page.getByRole('tab', { name: 'Play' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 60_000,
  });
  const note = page.getByRole('status').filter({ hasText: /^Battle \d+ of the simulation \(seed \d+\)/ });
  await expect(note).toBeVisible();
  // Replays open at the start; End shows the end. Opening a replay leaves the setup's seed alone.
  await expect(page.getByText(/^Battle over:/)).toHaveCount(0);
  await page.getByRole('slider', { name: 'Battle timeline' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByText(/^Battle over:/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Seed' })).toHaveValue('7');
});

test('cancel a running simulation', async ({ page, served }) => {
  test.setTimeout(300_000);
  await openTestRun(page, served);
  await page.getByRole('tab', { name: 'Simulate' }).click();
  await setUp(page, ['random', 'random']);
  await page.getByRole('textbox', { name: 'Runs', exact: true }).fill('1000000');
  await page.getByRole('button', { name: 'Run simulation' }).click();
  const bar = page.getByRole('progressbar', { name: 'Simulation progress' });
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 120_000 })
    .toBeGreaterThan(0);
  await expect(page.getByText(/runs\/s/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/^Cancelled after \d+ runs/)).toBeVisible({ timeout: 60_000 });
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run simulation' })).toBeEnabled();
});

test('compare two rulesets on identical seeds', async ({ page, served }) => {
  test.setTimeout(600_000);
  await openTestRun(page, served);
  await page.getByRole('tab', { name: 'Compare' }).click();
  await setUp(page, ['random', 'random']);
  await pick(page, 'Compare', 'Two rulesets');
  await pick(page, 'First ruleset', 'core (built-in)');
  await pick(page, 'Second ruleset', 'Grim Reach');
  await page.getByRole('textbox', { name: 'Runs each' }).fill('500');
  await page.getByRole('button', { name: 'Run comparison' }).click();
  const table = page.getByRole('table', { name: 'Win rate difference' });
  await expect(table).toBeVisible({ timeout: 480_000 });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table).toContainText('Grim Reach');
  await expect(table.getByRole('row', { name: /The Choir wins/ })).toContainText(
    /[+−]\d+\.\d% to [+−]\d+\.\d%/,
  );
  await expect(
    page.getByRole('figure', { name: 'Grim Reach: Win, draw and loss per side (%)' }),
  ).toBeVisible();
  await expect(page.getByRole('figure', { name: /^core \(built-in\): Win, draw and loss/ })).toBeVisible();
});

test('odds of two dice as a table and a chart', async ({ page, served }) => {
  await openTestRun(page, served);
  await page.getByRole('tab', { name: 'Odds' }).click();
  await pick(page, 'Attacker die', 'd6');
  await pick(page, 'Defender die', 'd6');
  const table = page.getByRole('table', { name: 'Pair odds' });
  await expect(table.getByRole('row', { name: /Attacker wins/ })).toContainText('5/12');
  await expect(table.getByRole('row', { name: /Tie/ })).toContainText('1/6');
  await pick(page, 'Odds ruleset', 'Grim Reach');
  await expect(table.getByRole('row', { name: /Defender wins/ })).toContainText('7/12');
  await expect(
    page
      .getByRole('figure', { name: 'Pair odds by attacker lost Health' })
      .locator('.recharts-bar-rectangle')
      .first(),
  ).toBeVisible();
});

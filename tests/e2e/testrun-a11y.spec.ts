import { expectNoA11yViolations, THEMES, useTheme } from './a11y';
import { expect, test } from './serve-fixture';
import { finishedResults, openTestRun, showCharts } from './testrun-helpers';
import { pick } from './pick';

/** The Test run view (the app's shell around it is another issue's). */
const VIEW = '.testrun-area';

for (const theme of THEMES) {
  test(`issue 11: axe-core finds no violations on the Test run view (${theme} theme)`, async ({ page, served }) => {
    test.setTimeout(600_000);
    await openTestRun(page, served);
    await useTheme(page, theme);
    // Play: a battle with its timeline, board, log and a decision panel.
    await pick(page, 'Scenario', 'The Drowned Foundry');
    await pick(page, 'Player of side A', 'me');
    await pick(page, 'Player of side B', 'greedy');
    await page.getByRole('button', { name: 'Start battle' }).click();
    await expect(page.getByRole('group', { name: 'Your decision' })).toBeVisible({ timeout: 30_000 });
    await expectNoA11yViolations(page, `Test run, Play (${theme})`, VIEW);
    // Simulate: results, warnings and charts, one as a table.
    await page.getByRole('tab', { name: 'Simulate' }).click();
    await page.getByRole('textbox', { name: 'Runs', exact: true }).fill('100');
    await page.getByRole('button', { name: 'Run simulation' }).click();
    const results = await finishedResults(page, 100, 300_000);
    await showCharts(results);
    await results.getByRole('button', { name: 'Show Rounds played as table' }).click();
    await expectNoA11yViolations(page, `Test run, Simulate (${theme})`, VIEW);
    // Odds, with a refused input.
    await page.getByRole('tab', { name: 'Odds' }).click();
    await page.getByRole('spinbutton', { name: 'Defender lost Health' }).fill('-2');
    await expectNoA11yViolations(page, `Test run, Odds (${theme})`, VIEW);
  });
}

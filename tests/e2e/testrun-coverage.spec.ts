import { expect, test } from './serve-fixture';
import { expectNoA11yViolations } from './a11y';
import { openTestRun } from './testrun-helpers';
import { pick } from './pick';

test("a simulation's results list what never fired, each with the reason in words (issue 16 item 6)", async ({ page, served }) => {
  test.setTimeout(300_000);
  await openTestRun(page, served);
  await page.getByRole('tab', { name: 'Simulate' }).click();
  // glass-temple: the item 'relic-lens' needs an opponent of type 'machine', which neither crew has.
  await pick(page, 'Scenario', 'The Glass Temple');
  await pick(page, 'Player of side A', 'random');
  await pick(page, 'Player of side B', 'random');
  await page.getByRole('textbox', { name: 'Seed' }).fill('9');
  await page.getByRole('textbox', { name: 'Runs', exact: true }).fill('300');
  await page.getByRole('button', { name: 'Run simulation' }).click();
  const results = page.getByRole('region', { name: 'Simulation results' });
  await expect(results).toBeVisible({ timeout: 240_000 });
  const coverage = results.getByRole('region', { name: 'Rule coverage' });
  await expect(coverage).toBeVisible();
  await expect(coverage).toContainText(/\d+ of \d+ tracked rules, effects, objectives and Areas never fired/);
  const never = coverage.getByRole('list', { name: 'Never fired' });
  await expect(never.getByRole('listitem').filter({ hasText: "item 'relic-lens' never fired in 300 battles" })).toHaveText(
    "item 'relic-lens' never fired in 300 battles: its `when` needs an opponent of type 'machine', but no opposing member is of type 'machine'",
  );
  await expectNoA11yViolations(page, 'rule coverage of the simulation results', 'section[aria-label="Rule coverage"]');
});

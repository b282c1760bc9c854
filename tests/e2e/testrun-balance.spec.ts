import { expect, test } from './serve-fixture';
import { DUST_RATS, finishedResults, openTestRun } from './testrun-helpers';
import { pick } from './pick';

test('issue 11 item 3: a lopsided non-mirror scenario gets the one-sided warning with its numbers, and a battle that shows it', async ({
  page,
  served,
}) => {
  test.setTimeout(600_000);
  served.write('crews/dust-rats.yaml', DUST_RATS);
  await openTestRun(page, served);
  await page.getByRole('tab', { name: 'Simulate' }).click();
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Crew of side A', 'The Dust Rats');
  await pick(page, 'Crew of side B', 'The Rot Saints');
  await pick(page, 'Player of side A', 'random');
  await pick(page, 'Player of side B', 'random');
  await page.getByRole('textbox', { name: 'Seed' }).fill('1');
  await page.getByRole('textbox', { name: 'Runs', exact: true }).fill('400');
  await page.getByRole('button', { name: 'Run simulation' }).click();
  const results = await finishedResults(page, 400);
  const warnings = results.getByRole('list', { name: 'Balance warnings' });
  const oneSided = warnings.getByRole('listitem').filter({ hasText: /side 'The Saints' wins/ });
  await expect(oneSided).toBeVisible();
  // Which side, by how much, the crew values, with the interval.
  await expect(oneSided).toContainText(/wins \d+\.\d% of 400 battles \(95% interval \d+\.\d%–\d+\.\d%\)/);
  await expect(oneSided).toContainText(/points above the 65\.0% limit/);
  await expect(oneSided).toContainText(/points ahead of 'The Choir'/);
  await expect(oneSided).toContainText('crew values 21 (The Choir) vs 44 (The Saints)');
  // Its evidence names the numbers behind it.
  await expect(oneSided.getByRole('list', { name: 'Evidence' })).toContainText(/The Saints wins: \d+\.\d% \(95% interval \d+\.\d%–\d+\.\d%, 400 battles\)/);
  // The threshold is a setting: at 99% the warning goes.
  const limit = page.getByRole('textbox', { name: 'One-sided win rate limit (%)' });
  await limit.fill('99');
  await expect(oneSided).toHaveCount(0);
  await limit.fill('65');
  await expect(oneSided).toBeVisible();
  // The battle that shows it opens in Play, and The Saints win it.
  await oneSided.getByRole('button', { name: /^Open a battle that shows it/ }).click();
  await expect(page.getByRole('tab', { name: 'Play' })).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
  await page.getByRole('slider', { name: 'Battle timeline' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByText(/^Battle over:/)).toContainText('The Saints wins');
});

test('issue 11 item 4: "No balance warnings." is a plain status, not styled as a warning', async ({ page, served }) => {
  test.setTimeout(600_000);
  await openTestRun(page, served);
  await page.getByRole('tab', { name: 'Simulate' }).click();
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'random');
  await pick(page, 'Player of side B', 'random');
  await page.getByRole('textbox', { name: 'Seed' }).fill('5');
  await page.getByRole('textbox', { name: 'Runs', exact: true }).fill('120');
  await page.getByRole('button', { name: 'Run simulation' }).click();
  const results = await finishedResults(page, 120);
  const none = results.getByText('No balance warnings.');
  const list = results.getByRole('list', { name: 'Balance warnings' });
  await expect(none.or(list)).toBeVisible();
  if ((await none.count()) > 0) {
    await expect(none).toHaveAttribute('role', 'status');
    const [color, body] = await none.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(document.body).color]);
    expect(color).toBe(body);
    await expect(results.getByRole('list', { name: 'Balance warnings' })).toHaveCount(0);
  }
});

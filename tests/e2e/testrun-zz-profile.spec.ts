import { writeFileSync } from 'node:fs';
import { expect, test } from './serve-fixture';
import { openTestRun } from './testrun-helpers';

test('profile', async ({ page, served }) => {
  test.setTimeout(600_000);
  await openTestRun(page, served);
  await page.getByRole('tab', { name: 'Simulate' }).click();
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption('drowned-foundry');
  await page.getByRole('combobox', { name: 'Player of side A' }).selectOption('random');
  await page.getByRole('combobox', { name: 'Player of side B' }).selectOption('random');
  await page.getByRole('textbox', { name: 'Runs', exact: true }).fill('3000');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.getByRole('button', { name: 'Run simulation' }).click();
  const results = page.getByRole('region', { name: 'Simulation results' });
  await expect(results).toBeVisible({ timeout: 480_000 });
  await page.waitForTimeout(2000);
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync('/tmp/h13-profile.json', JSON.stringify(profile));
});

import { writeFileSync } from 'node:fs';
import { test } from './serve-fixture';
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
  await page.getByRole('button', { name: 'Run simulation' }).click();
  await page.waitForFunction(() => document.querySelector('[role="progressbar"]'), null, { polling: 100 });
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'), null, { polling: 50, timeout: 400_000 });
  await cdp.send('Profiler.start');
  await page.waitForTimeout(4000);
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync('/tmp/h13-profile.json', JSON.stringify(profile));
});

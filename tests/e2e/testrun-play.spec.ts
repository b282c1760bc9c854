import { readFileSync } from 'node:fs';
import { expect, test } from './serve-fixture';
import { openTestRun, playToEnd } from './testrun-helpers';

test('play a battle as "me" against a bot to the end, rewind, continue, save and load the log', async ({
  page,
  served,
}) => {
  test.setTimeout(600_000);
  await openTestRun(page, served);
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption('drowned-foundry');
  await page.getByRole('combobox', { name: 'Player of side A' }).selectOption('me');
  await page.getByRole('combobox', { name: 'Player of side B' }).selectOption('greedy');
  await page.getByRole('textbox', { name: 'Seed' }).fill('42');
  await page.getByRole('button', { name: 'Start battle' }).click();

  const board = page.getByRole('region', { name: /^Area / });
  await expect(board.first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Area The Gate' })).toContainText('Warden-7');
  const decisions = await playToEnd(page);
  expect(decisions).toBeGreaterThan(0);
  const log = page.getByRole('list', { name: 'Battle log' });
  await expect(log.getByRole('listitem').last()).toContainText('The battle ends');
  await expect(log).toContainText(/rolls \d+/);
  const fullLength = await log.getByRole('listitem').count();

  // Time travel: rewind to an event in the middle and play on to the end from there.
  const mid = Math.floor(fullLength / 2);
  await log.getByRole('button', { name: 'Rewind to here' }).nth(mid).click();
  await expect(page.getByText(/^Rewound to event/)).toBeVisible();
  const afterRewind = await log.getByRole('listitem').count();
  expect(afterRewind).toBeGreaterThan(mid);
  expect(afterRewind).toBeLessThan(fullLength);
  await expect(page.getByText(/^Battle over:/)).toHaveCount(0);
  // If a bot is to decide at the rewind point, let it play up to my next decision.
  const run = page.getByRole('button', { name: 'Run to end' });
  if (await run.isEnabled()) await run.click();
  await playToEnd(page);
  await expect(log.getByRole('listitem').last()).toContainText('The battle ends');

  // Save the log (play format), restart, then load it back.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save log' }).click();
  const file = await (await download).path();
  const saved = JSON.parse(readFileSync(file, 'utf8')) as {
    scenario: string;
    seed: number;
    decisions: unknown[];
  };
  expect(saved.scenario).toBe('drowned-foundry');
  expect(saved.seed).toBe(42);
  const finalLines = await log.getByRole('listitem').allInnerTexts();

  await page.getByRole('button', { name: 'Restart' }).click();
  await expect(page.getByText(/^Battle over:/)).toHaveCount(0);
  await page.getByLabel('Load log').setInputFiles(file);
  await expect(page.getByText(/^Loaded /)).toBeVisible();
  expect(await log.getByRole('listitem').allInnerTexts()).toEqual(finalLines);
});

test('a scenario with an error refuses to run and links to the error', async ({ page, served }) => {
  served.write(
    'scenarios/drowned-foundry.yaml',
    served.read('scenarios/drowned-foundry.yaml').replace('rounds: 6', 'rounds: many'),
  );
  await openTestRun(page, served);
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption('drowned-foundry');
  await page.getByRole('button', { name: 'Start battle' }).click();
  const errors = page.getByRole('list', { name: 'Errors in this setup' });
  await expect(errors).toBeVisible();
  await expect(page.getByRole('alert').first()).toContainText('cannot run');
  const link = errors.getByRole('button', { name: /^scenarios\/drowned-foundry\.yaml:\d+:\d+ / });
  await expect(link.first()).toBeVisible();
  await link.first().click();
  // The editor view opens the file at the error.
  await expect(page.getByRole('tab', { name: /drowned-foundry\.yaml/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Area / })).toHaveCount(0);
});

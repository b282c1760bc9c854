import { expect, test } from './serve-fixture';
import { download, openTestRun, playToEnd } from './testrun-helpers';
import { pick } from './pick';

test('play a battle as "me" against a bot to the end, go back, save the log and load it (opens at the start)', async ({
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

  const board = page.getByRole('region', { name: /^Area / });
  await expect(board.first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Area The Gate' })).toContainText('Warden-7');
  const decisions = await playToEnd(page);
  expect(decisions).toBeGreaterThan(0);
  const log = page.getByRole('listbox', { name: 'Battle log' });
  const options = log.getByRole('option');
  await expect(options.last()).toContainText('The battle ends');
  await expect(log).toContainText(/rolls \d+/);
  const fullLength = await options.count();
  // The selection is the cursor: at the end.
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');

  // Going back in time keeps every event: click a line in the middle.
  const mid = Math.floor(fullLength / 2);
  await options.nth(mid).click();
  await expect(options.nth(mid)).toHaveAttribute('aria-selected', 'true');
  await expect(options).toHaveCount(fullLength);
  await expect(page.getByText(/^Battle over:/)).toHaveCount(0);
  await page.keyboard.press('End');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/^Battle over:/)).toBeVisible();

  // Save the log (play format) and the battle report, start another battle, then load the log back.
  const saved = await download(page, page.getByRole('button', { name: 'Save log' }));
  const json = JSON.parse(saved.text) as { scenario: string; seed: number; decisions: unknown[] };
  expect(json.scenario).toBe('drowned-foundry');
  expect(json.seed).toBe(42);
  const finalLines = await options.allInnerTexts();

  await page.getByRole('button', { name: 'Restart' }).click();
  await expect(page.getByText(/^Battle over:/)).toHaveCount(0);
  await page.locator('input[type="file"]').setInputFiles({ name: 'battle.json', mimeType: 'application/json', buffer: Buffer.from(saved.text) });
  await expect(page.getByText(/^Loaded battle\.json: \d+ decisions/)).toBeVisible();
  // A replay opens at its start; End shows how it ends, with every line as before.
  await expect(page.getByText(/^Battle over:/)).toHaveCount(0);
  await expect(page.getByRole('slider', { name: 'Battle timeline' })).toHaveAttribute('aria-valuetext', /^Event 2 of \d+, round 1/);
  expect(await options.allInnerTexts()).toEqual(finalLines);
  await page.getByRole('slider', { name: 'Battle timeline' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByText(/^Battle over:/)).toBeVisible();
  // The restarted battle and the one before the load were kept as branches, nothing thrown away.
  await expect(page.getByText(/^Kept lines \(\d+\)/)).toBeVisible();
});

test('a scenario with an error refuses to run and links to the error', async ({ page, served }) => {
  served.write(
    'scenarios/drowned-foundry.yaml',
    served.read('scenarios/drowned-foundry.yaml').replace('rounds: 6', 'rounds: many'),
  );
  await openTestRun(page, served);
  await pick(page, 'Scenario', 'The Drowned Foundry');
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

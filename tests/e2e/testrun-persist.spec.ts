import type { Page } from '@playwright/test';
import { editActive, expect, explorer, explorerItem, test } from './serve-fixture';
import { openTestRun } from './testrun-helpers';
import { pick, picked } from './pick';

/** Switches the main view (Editor / Test run). */
const view = (page: Page, name: 'Editor' | 'Test run') =>
  page.getByRole('tablist', { name: 'Main view' }).getByRole('tab', { name }).click();

test('issue 11 item 1: a battle and its timeline survive Editor ↔ Test run and a page reload', async ({ page, served }) => {
  test.setTimeout(300_000);
  await openTestRun(page, served);
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'greedy');
  await pick(page, 'Player of side B', 'greedy');
  await page.getByRole('textbox', { name: 'Seed' }).fill('42');
  await page.getByRole('button', { name: 'Start battle' }).click();
  const step = page.getByRole('button', { name: 'Step' });
  for (let i = 0; i < 8; i++) {
    await expect(step).toBeEnabled();
    await step.click();
  }
  await expect(step).toBeEnabled();
  const log = page.getByRole('listbox', { name: 'Battle log' }).getByRole('option');
  const lines = await log.allInnerTexts();
  expect(lines.length).toBeGreaterThan(8);
  // Put the cursor somewhere in the past.
  const slider = page.getByRole('slider', { name: 'Battle timeline' });
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const where = await slider.getAttribute('aria-valuetext');
  expect(where).toMatch(new RegExp(`^Event ${lines.length - 2} of ${lines.length}`));

  await view(page, 'Editor');
  await expect(page.getByRole('tablist', { name: 'Test run' })).toHaveCount(0);
  await view(page, 'Test run');
  expect(await log.allInnerTexts()).toEqual(lines);
  await expect(slider).toHaveAttribute('aria-valuetext', where!);

  await page.reload();
  await expect(explorer(page)).toBeVisible({ timeout: 30_000 });
  await view(page, 'Test run');
  await expect(page.getByRole('tab', { name: 'Play' })).toHaveAttribute('aria-selected', 'true');
  expect(await log.allInnerTexts()).toEqual(lines);
  await expect(slider).toHaveAttribute('aria-valuetext', where!);
  await expect(page.getByRole('textbox', { name: 'Seed' })).toHaveValue('42');
  expect(await picked(page, 'Player of side A')).toBe('greedy');
});

test('issue 11 item 1: simulation results survive a view switch and a reload; after an edit they say so and re-run in one click', async ({
  page,
  served,
}) => {
  test.setTimeout(600_000);
  await openTestRun(page, served);
  await page.getByRole('tab', { name: 'Simulate' }).click();
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'random');
  await pick(page, 'Player of side B', 'random');
  await page.getByRole('textbox', { name: 'Seed' }).fill('3');
  await page.getByRole('textbox', { name: 'Runs', exact: true }).fill('200');
  await page.getByRole('button', { name: 'Run simulation' }).click();
  const results = page.getByRole('region', { name: 'Simulation results' });
  const summary = results.getByRole('status').first();
  await expect(summary).toContainText('200 battles, seed 3', { timeout: 300_000 });
  const text = await summary.innerText();

  await view(page, 'Editor');
  await view(page, 'Test run');
  await expect(page.getByRole('tab', { name: 'Simulate' })).toHaveAttribute('aria-selected', 'true');
  await expect(summary).toHaveText(text);
  await page.reload();
  await expect(explorer(page)).toBeVisible({ timeout: 30_000 });
  await view(page, 'Test run');
  await expect(summary).toHaveText(text);
  await expect(page.getByText(/computed before your last edit/)).toHaveCount(0);

  // Edit a crew the battle uses (unsaved): the results stay, marked as computed before the edit.
  await view(page, 'Editor');
  await explorerItem(page, /^The Iron Choir,/).click();
  await expect(page.getByRole('tab', { name: /iron-choir\.yaml/ })).toBeVisible();
  await editActive(page, 'health: 3', 'health: 2');
  await view(page, 'Test run');
  const stale = page.getByRole('status').filter({ hasText: /^These results were computed before your last edit/ });
  await expect(stale).toContainText('crews/iron-choir.yaml');
  await expect(summary).toHaveText(text);
  await stale.getByRole('button', { name: 'Re-run on the current documents' }).click();
  await expect(page.getByText(/computed before your last edit/)).toHaveCount(0, { timeout: 300_000 });
  await expect(summary).toContainText('200 battles, seed 3');
});

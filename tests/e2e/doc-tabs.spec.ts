/**
 * Issue 17 item 2: the open-documents tab strip and the Editor / Test run switch are
 * react-aria-components Tabs. Keyboard (arrows, Home, End, Delete), pointer (click, middle click,
 * close button), the panels they control, and Test run's state across a switch.
 */
import type { Page } from '@playwright/test';
import { editActive, expect, explorer, explorerItem, openApp, test } from './serve-fixture';
import { pick, picked } from './pick';

const strip = (page: Page) => page.getByRole('tablist', { name: 'Open documents' });
const open = async (page: Page, name: RegExp, tab: string) => {
  await explorerItem(page, name).click();
  await expect(strip(page).getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
};
/** The text the one editor shows. */
const shown = (page: Page) => page.evaluate(() => window.__mortisphere!.editor!.getModel()!.uri.path);

test('issue 17 item 2: document tabs move and select with arrows, Home and End; the editor panel follows', async ({ page, served }) => {
  await openApp(page, served);
  // The Welcome tab comes first on a first open, and controls the welcome page.
  await expect(strip(page).getByRole('tab', { name: 'Welcome' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Welcome' })).toBeVisible();
  await open(page, /^The Drowned Foundry,/, 'drowned-foundry.yaml');
  await open(page, /^The Iron Choir,/, 'iron-choir.yaml');
  await open(page, /^The Glass Temple,/, 'glass-temple.yaml');
  const tabs = strip(page).getByRole('tab');
  await expect(tabs).toHaveText(['drowned-foundry.yaml', 'iron-choir.yaml', 'glass-temple.yaml']);
  // One Tab stop: only the selected tab is focusable by Tab.
  await expect(strip(page).getByRole('tab', { name: 'glass-temple.yaml' })).toHaveAttribute('tabindex', '0');
  await expect(strip(page).getByRole('tab', { name: 'iron-choir.yaml' })).toHaveAttribute('tabindex', '-1');
  // The panel is named by the selected tab and controlled by it.
  const panel = page.getByRole('tabpanel', { name: 'glass-temple.yaml' });
  await expect(panel).toBeVisible();
  const controls = await strip(page).getByRole('tab', { name: 'glass-temple.yaml' }).getAttribute('aria-controls');
  expect(await panel.getAttribute('id')).toBe(controls);
  expect(await shown(page)).toMatch(/glass-temple\.yaml$/);

  await strip(page).getByRole('tab', { name: 'glass-temple.yaml' }).focus();
  await page.keyboard.press('ArrowLeft');
  const iron = strip(page).getByRole('tab', { name: 'iron-choir.yaml' });
  await expect(iron).toBeFocused();
  await expect(iron).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'iron-choir.yaml' })).toBeVisible();
  await expect.poll(() => shown(page)).toMatch(/iron-choir\.yaml$/);

  await page.keyboard.press('Home');
  await expect(strip(page).getByRole('tab', { name: 'drowned-foundry.yaml' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'drowned-foundry.yaml' })).toBeVisible();
  await expect.poll(() => shown(page)).toMatch(/drowned-foundry\.yaml$/);
  await page.keyboard.press('End');
  await expect(strip(page).getByRole('tab', { name: 'glass-temple.yaml' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'glass-temple.yaml' })).toBeVisible();
  // Only one panel shows, and it is the one the selected tab controls.
  await expect(page.getByRole('tabpanel', { name: /\.yaml$/ })).toHaveCount(1);
  // No tab holds a button (the close buttons sit beside the tablist).
  await expect(strip(page).getByRole('button')).toHaveCount(0);
});

test('issue 17 item 2: Delete on a tab, a middle click and the close button close it; unsaved work is asked about first', async ({ page, served }) => {
  await openApp(page, served);
  // The close buttons are out of the Tab order but work by pointer.
  const closeWelcome = page.getByRole('button', { name: 'Close Welcome' });
  await expect(closeWelcome).toHaveAttribute('tabindex', '-1');
  await closeWelcome.click();
  await expect(strip(page)).toHaveCount(0);
  await expect(page.getByText('Open a document from the explorer')).toBeVisible();
  await open(page, /^The Iron Choir,/, 'iron-choir.yaml');
  await open(page, /^The Glass Temple,/, 'glass-temple.yaml');
  await open(page, /^The Drowned Foundry,/, 'drowned-foundry.yaml');

  // Delete on the focused tab.
  await strip(page).getByRole('tab', { name: 'drowned-foundry.yaml' }).focus();
  await page.keyboard.press('Delete');
  await expect(strip(page).getByRole('tab', { name: 'drowned-foundry.yaml' })).toHaveCount(0);

  // Middle click.
  await strip(page).getByRole('tab', { name: 'glass-temple.yaml' }).click({ button: 'middle' });
  await expect(strip(page).getByRole('tab', { name: 'glass-temple.yaml' })).toHaveCount(0);

  // Delete on a tab with unsaved work asks; Cancel keeps the tab and the text.
  await open(page, /^The Iron Choir,/, 'iron-choir.yaml');
  await editActive(page, 'name: The Iron Choir', 'name: The Tin Choir');
  const dirty = strip(page).getByRole('tab', { name: 'iron-choir.yaml, unsaved' });
  await dirty.focus();
  await page.keyboard.press('Delete');
  const dialog = page.getByRole('dialog', { name: 'Save changes to iron-choir.yaml?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dirty).toBeVisible();
  expect(await page.evaluate(() => window.__mortisphere!.editor!.getModel()!.getValue())).toContain('The Tin Choir');

  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Close iron-choir.yaml' }).click();
  await page.getByRole('dialog').getByRole('button', { name: "Don't save" }).click();
  await expect(strip(page)).toHaveCount(0);
});

test('issue 17 item 2: the Editor / Test run switch is a tablist; arrows switch; Test run keeps its setup', async ({ page, served }) => {
  await openApp(page, served);
  const main = page.getByRole('tablist', { name: 'Main view' });
  const editor = main.getByRole('tab', { name: 'Editor' });
  await expect(editor).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Editor' })).toBeVisible();
  await editor.focus();
  await page.keyboard.press('ArrowRight');
  const testRun = main.getByRole('tab', { name: 'Test run' });
  await expect(testRun).toBeFocused();
  await expect(testRun).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Test run' });
  await expect(panel).toBeVisible();
  expect(await panel.getAttribute('id')).toBe(await testRun.getAttribute('aria-controls'));
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'greedy');

  await testRun.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(editor).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Editor' })).toBeVisible();
  await expect(panel).toBeHidden();
  // The documents stayed as they were while hidden.
  await expect(strip(page).getByRole('tab', { name: 'Welcome' })).toHaveAttribute('aria-selected', 'true');

  await testRun.click();
  await expect(panel).toBeVisible();
  expect(await picked(page, 'Player of side A')).toBe('greedy');
  expect(await picked(page, 'Scenario')).toBe('The Drowned Foundry');
});

test('issue 17 item 2: a click on an open document in the explorer brings its tab forward; the row is selected and focused', async ({ page, served }) => {
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await explorerItem(page, /^The Rot Saints,/).click();
  await expect(strip(page).getByRole('tab', { name: 'rot-saints.yaml' })).toHaveAttribute('aria-selected', 'true');
  await expect(explorerItem(page, /^The Rot Saints,/)).toHaveAttribute('aria-selected', 'true');
  // Iron Choir's tab is open but behind: a click on its row brings it forward (one tab per document).
  await explorerItem(page, /^The Iron Choir,/).click();
  await expect(strip(page).getByRole('tab', { name: 'iron-choir.yaml' })).toHaveAttribute('aria-selected', 'true');
  await expect(strip(page).getByRole('tab')).toHaveCount(2);
  await expect(explorerItem(page, /^The Iron Choir,/)).toHaveAttribute('aria-selected', 'true');
  await expect(explorerItem(page, /^The Rot Saints,/)).toHaveAttribute('aria-selected', 'false');
  await expect(explorerItem(page, /^The Iron Choir,/)).toBeFocused();
  // The keys go on from the clicked row.
  await page.keyboard.press('ArrowDown');
  await expect(explorerItem(page, /^The Iron Choir,/)).not.toBeFocused();
  await expect(explorer(page).locator('[role=row]:focus')).toHaveCount(1);
});

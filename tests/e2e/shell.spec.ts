/**
 * Issue 14, items 6–12: templates and the New document dialog, the welcome page, the keyboard
 * (Tab in Monaco, focus after a decision in Play), menus, Problems from the Form view,
 * resizable panels and small windows, form edits as one undo step, the explorer, the status bar
 * and the toolbar's enabled states — driven by role and accessible name.
 */
import type { Locator, Page } from '@playwright/test';
import { editActive, expect, explorer, explorerItem, markers, modelText, openApp, test } from './serve-fixture';
import { pick } from './pick';
import { showProblems } from './panel';
import { toast } from './toast';

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Main' });
const formView = (page: Page) => page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Form' }).click();

test('item 6: every New document template opens in Form view, in the folder the workspace uses, with no problems', async ({ page, served }) => {
  test.setTimeout(400_000);
  await openApp(page, served);
  const kinds: [RegExp, RegExp][] = [
    [/\(scenario\)/, /^scenarios\//],
    [/\(crewType\)/, /^types\//],
    [/\(crew\)/, /^crews\//],
    [/\(campaign\)/, /^campaigns\//],
    [/\(library\)/, /^libraries\//],
    [/\(ruleset\)/, /^rulesets\//],
  ];
  for (const [kind, folder] of kinds) {
    await toolbar(page).getByRole('button', { name: 'New document' }).click();
    const item = page.getByRole('menuitem', { name: kind }).first();
    if ((await item.count()) === 0) {
      await page.keyboard.press('Escape');
      continue;
    }
    await item.click();
    const dialog = page.getByRole('dialog', { name: /^New document: / });
    const file = dialog.getByRole('textbox', { name: 'File name' });
    await expect(file).toHaveValue(folder);
    const path = await file.inputValue();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    const name = path.split('/').pop()!;
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
    await expect(explorerItem(page, new RegExp(`${path.replace(/[.]/g, '\\.')}, no problems`))).toBeVisible();
    expect(served.read(path).length).toBeGreaterThan(0);
  }
  await expect(page.getByRole('contentinfo')).toContainText(/(^|\D)0 errors/);
});

test('item 7: the welcome page on first open: what the workspace holds, Start here, searchable rules with numbers, shortcuts', async ({ page, served }) => {
  await openApp(page, served);
  await expect(page.getByRole('tab', { name: 'Welcome' })).toHaveAttribute('aria-selected', 'true');
  const welcome = page.getByRole('tabpanel', { name: 'Welcome' });
  await expect(welcome.getByRole('heading', { name: /^Welcome to / })).toBeVisible();
  await expect(welcome.getByRole('region', { name: /^Welcome to / })).toContainText(/\d+ scenarios/);
  const start = welcome.getByRole('region', { name: 'Start here' });
  await expect(start.getByRole('button', { name: /^Open the scenario / })).toBeVisible();
  await expect(start.getByRole('button', { name: /^Play / })).toBeVisible();
  await expect(start.getByRole('button', { name: /^Simulate / })).toBeVisible();

  const rules = welcome.getByRole('document', { name: 'Rules reference' });
  await expect(rules).toContainText('R4.3');
  await welcome.getByRole('searchbox', { name: 'Search the rules' }).fill('standoff');
  await expect(welcome.getByRole('status').filter({ hasText: /passages? match/ })).not.toHaveText(/^0 /);
  await expect(rules.locator('mark').first()).toBeVisible();

  const shortcuts = welcome.getByRole('table', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByRole('row', { name: /Ctrl\+P Quick Open/ })).toBeVisible();
  await expect(shortcuts.getByRole('row', { name: /Escape, then Tab.*Leave the YAML editor/ })).toBeVisible();
  await expect(shortcuts.getByRole('row', { name: /Ctrl\+M.*Tab moves focus/ })).toBeVisible();

  await start.getByRole('button', { name: /^Open the scenario / }).click();
  await expect(page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
  // It gives way to the first document opened and shows once per workspace; Help brings it back.
  await expect(page.getByRole('tab', { name: 'Welcome' })).toHaveCount(0);
  await page.reload();
  await expect(explorer(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Welcome' })).toHaveCount(0);
  await page.keyboard.press('Control+Shift+P');
  await page.getByRole('combobox', { name: 'Command palette' }).fill('welcome');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Welcome' })).toHaveAttribute('aria-selected', 'true');
});

test('item 8: Tab indents in Monaco until Escape; Ctrl+M makes Tab move focus (shown in the status bar)', async ({ page, served }) => {
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml' })).toHaveAttribute('aria-selected', 'true');
  const before = await modelText(page, 'iron-choir.yaml');
  await page.evaluate(() => {
    const editor = window.__mortisphere!.editor!;
    editor.setPosition({ lineNumber: 9, column: 1 });
    editor.focus();
  });
  const inEditor = () => page.evaluate(() => window.__mortisphere!.editor!.hasTextFocus());
  // Escape, then Tab leaves the editor without typing anything.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  expect(await inEditor()).toBe(false);
  expect(await modelText(page, 'iron-choir.yaml')).toBe(before);
  // Shift+Tab after Escape goes backwards.
  await page.evaluate(() => window.__mortisphere!.editor!.focus());
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Tab');
  expect(await inEditor()).toBe(false);

  // Ctrl+M: Tab moves focus, and the status bar says so.
  await page.evaluate(() => window.__mortisphere!.editor!.focus());
  await page.keyboard.press('Control+m');
  await expect(page.locator('footer').getByText('Tab moves focus', { exact: true })).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await inEditor()).toBe(false);
  expect(await modelText(page, 'iron-choir.yaml')).toBe(before);
  await page.evaluate(() => window.__mortisphere!.editor!.focus());
  await page.keyboard.press('Control+m');
  await expect(page.locator('footer').getByText('Tab moves focus', { exact: true })).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect.poll(() => modelText(page, 'iron-choir.yaml')).not.toBe(before);
});

test('item 8: after a keyboard decision in Play, focus goes to the next decision control, not the page', async ({ page, served }) => {
  test.setTimeout(300_000);
  await openApp(page, served);
  await page.getByRole('tablist', { name: 'Main view' }).getByRole('tab', { name: 'Test run' }).click();
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'me');
  await pick(page, 'Player of side B', 'greedy');
  await page.getByRole('textbox', { name: 'Seed' }).fill('7');
  await page.getByRole('button', { name: 'Start battle' }).click();
  const panel = page.getByRole('group', { name: 'Your decision' });
  for (let i = 0; i < 3; i++) {
    await expect(panel).toBeVisible({ timeout: 60_000 });
    const hold = panel.getByRole('group', { name: 'Hold' }).getByRole('button').first();
    const move = panel.getByRole('group', { name: 'Move' }).getByRole('button').first();
    const control = (await move.count()) > 0 ? move : hold;
    if ((await control.count()) === 0) break;
    await control.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role=group][aria-label="Your decision"], .tr-turn') !== null), { timeout: 60_000 }).toBe(true);
  }
});

async function expectMenuClosesAndFocusReturns(page: Page, button: Locator, menuName: RegExp | string): Promise<void> {
  await button.click();
  await expect(page.getByRole('menu', { name: menuName })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: menuName })).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await expect(page.getByRole('menu', { name: menuName })).toBeVisible();
  await page.mouse.click(700, 600);
  await expect(page.getByRole('menu', { name: menuName })).toBeHidden();
}

test('item 9: menus close on Escape and outside click; a Problem clicked from the Form view shows its line', async ({ page, served }) => {
  await openApp(page, served);
  await expectMenuClosesAndFocusReturns(page, toolbar(page).getByRole('button', { name: 'New document' }), 'New document of kind');
  await expectMenuClosesAndFocusReturns(page, toolbar(page).getByRole('button', { name: 'Recent workspaces' }), 'Recent workspaces');

  // An error far down the campaign; its tab shows the Form view.
  const path = 'campaigns/ashen-reach.yaml';
  served.write(path, served.read(path).replace('outcome: injury, by: iron-choir/warden-7', 'outcome: injury, by: iron-choir/warden-9'));
  await explorerItem(page, /^The Ashen Reach, campaigns/).click();
  await formView(page);
  const entry = (await showProblems(page)).getByRole('button', { name: /^campaigns\/ashen-reach\.yaml:33:\d+ error / });
  await entry.click();
  await expect(page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'YAML' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => page.evaluate(() => window.__mortisphere!.editor!.getPosition()!.lineNumber)).toBe(33);
  // The line is on screen, below any sticky header.
  const line = page.locator('.monaco-editor .view-line', { hasText: 'warden-9' });
  await expect(line).toBeVisible();
  const box = (await line.boundingBox())!;
  const host = (await page.locator('.monaco-editor').first().boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(host.y + 20);
  expect(box.y + box.height).toBeLessThanOrEqual(host.y + host.height);
  // Back in the form, the tab keeps its content.
  await formView(page);
  await expect(page.getByRole('tab', { name: 'ashen-reach.yaml' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').filter({ has: page.getByRole('textbox').first() }).first()).toBeVisible();
});

/** Bounding boxes of the window's main parts must not overlap. */
async function expectNoOverlap(page: Page): Promise<void> {
  const parts = [page.locator('header.app-header'), page.getByRole('navigation', { name: 'Workspace documents' }), page.locator('.editor-area'), page.locator('footer.statusbar')];
  const boxes = [];
  for (const p of parts) if (await p.isVisible()) boxes.push((await p.boundingBox())!);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const overlap = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1;
      expect(overlap, `parts ${i} and ${j} overlap: ${JSON.stringify(a)} / ${JSON.stringify(b)}`).toBe(false);
    }
  const problems = page.getByRole('region', { name: 'Problems' });
  if (await problems.isVisible()) {
    const p = (await problems.boundingBox())!;
    const e = (await page.locator('.editor-area').boundingBox())!;
    expect(p.y).toBeGreaterThanOrEqual(e.y + e.height - 1);
  }
}

test('item 10: explorer and bottom panel resize and collapse, sizes remembered; nothing overlaps at 1280×720 and 800×450', async ({ page, served }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await expectNoOverlap(page);

  const nav = page.getByRole('navigation', { name: 'Workspace documents' });
  const width = (await nav.boundingBox())!.width;
  const handle = page.getByRole('separator', { name: 'Resize the explorer' });
  await handle.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await nav.boundingBox())!.width).toBeGreaterThan(width + 20);
  const wider = (await nav.boundingBox())!.width;

  // Collapse with Ctrl+B and back.
  await page.keyboard.press('Control+b');
  await expect(explorer(page)).toBeHidden();
  await page.keyboard.press('Control+b');
  await expect(explorer(page)).toBeVisible();
  // Without problems the panel starts collapsed to its header; it opens, hides and comes back.
  await expect(page.getByRole('region', { name: 'Problems' })).toBeHidden();
  await page.keyboard.press('Control+j');
  await expect(page.getByRole('region', { name: 'Problems' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide the panel' }).click();
  await expect(page.getByRole('region', { name: 'Problems' })).toBeHidden();
  await page.keyboard.press('Control+j');
  await expect(page.getByRole('region', { name: 'Problems' })).toBeVisible();

  // Remembered for this workspace: the explorer's width and the open panel.
  await page.waitForTimeout(600);
  await page.reload();
  await expect(explorer(page)).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => Math.abs((await nav.boundingBox())!.width - wider)).toBeLessThan(6);
  await expect(page.getByRole('region', { name: 'Problems' })).toBeVisible();

  await page.setViewportSize({ width: 800, height: 450 });
  await explorerItem(page, /^The Iron Choir,/).click();
  await expectNoOverlap(page);
  // An empty Problems panel takes little room.
  const problems = page.getByRole('region', { name: 'Problems' });
  if (await problems.isVisible()) expect((await problems.boundingBox())!.height).toBeLessThan(180);
});

test('item 11: a form text field commits one undo step per edit and writes plain text unquoted', async ({ page, served }) => {
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await formView(page);
  const name = page.getByRole('textbox', { name: 'Name of Warden-7' });
  await name.click();
  await name.press('End');
  await page.keyboard.type(' Mk II of the Gate', { delay: 20 });
  await name.press('Tab');
  await expect.poll(() => modelText(page, 'iron-choir.yaml')).toContain('    name: Warden-7 Mk II of the Gate\n');
  // One Undo removes the whole edit, not one character.
  await toolbar(page).getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => modelText(page, 'iron-choir.yaml')).toContain('    name: Warden-7\n');
  await toolbar(page).getByRole('button', { name: 'Redo' }).click();
  await expect.poll(() => modelText(page, 'iron-choir.yaml')).toContain('    name: Warden-7 Mk II of the Gate\n');
  // Text YAML must quote is quoted; plain text is not.
  const text = page.getByRole('textbox', { name: 'Text of Warden-7' });
  await text.fill('Orders: hold the gate');
  await text.press('Tab');
  await expect.poll(() => modelText(page, 'iron-choir.yaml')).toMatch(/ {4}text: ["']Orders: hold the gate["']\n/);
  expect(await markers(page, 'iron-choir.yaml')).toEqual([]);
});

test('item 12: explorer shows unsaved names, Left/End work in the tree, toolbar buttons disabled when idle, status clears', async ({ page, served }) => {
  await openApp(page, served);
  for (const b of ['Save', 'Save All', 'Undo', 'Redo', 'History']) await expect(toolbar(page).getByRole('button', { name: b, exact: true })).toBeDisabled();

  await explorerItem(page, /^The Iron Choir,/).click();
  await expect(toolbar(page).getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await editActive(page, 'name: The Iron Choir', 'name: The Tin Choir');
  await expect(explorerItem(page, /^The Tin Choir, crews\/iron-choir\.yaml, .*unsaved/)).toBeVisible();
  await expect(toolbar(page).getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await expect(toolbar(page).getByRole('button', { name: 'Undo', exact: true })).toBeEnabled();
  await page.keyboard.press('Control+s');
  await expect(explorerItem(page, /^The Tin Choir, crews\/iron-choir\.yaml, no problems$/)).toBeVisible();
  await expect(toolbar(page).getByRole('button', { name: 'History', exact: true })).toBeEnabled();
  await expect(toolbar(page).getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  // The status message ("Saved …") is a toast that closes itself.
  await expect(toast(page)).toContainText(/Saved|All changes saved/);
  await expect(toast(page)).toHaveCount(0, { timeout: 15_000 });

  // Tree keys: End goes to the last row, Left goes to the group, Left again closes it.
  const tree = explorer(page);
  await explorerItem(page, /^The Tin Choir,/).focus();
  await page.keyboard.press('End');
  const last = tree.getByRole('row').last();
  await expect(last).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tree.getByRole('row').first()).toBeFocused();
  await explorerItem(page, /^The Tin Choir,/).focus();
  await page.keyboard.press('ArrowLeft');
  const group = explorer(page).locator('[role=row][aria-expanded]:focus');
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(explorerItem(page, /^The Tin Choir,/)).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect(explorerItem(page, /^The Tin Choir,/)).toBeVisible();
});

test('explorer: a click opens and closes a group and focuses it; a closed group stays closed after a reload; opened again, it stays open', async ({ page, served }) => {
  await openApp(page, served);
  const crews = explorer(page).locator('[role=row][aria-expanded]').filter({ hasText: /^Crews \(/ });
  await expect(crews).toHaveAttribute('aria-expanded', 'true');
  await crews.click();
  await expect(crews).toHaveAttribute('aria-expanded', 'false');
  await expect(explorerItem(page, /^The Iron Choir,/)).toHaveCount(0);
  // The clicked group row takes focus (just after the frame that shows it closed); keys go on from it.
  await expect(crews).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(crews).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(crews).toHaveAttribute('aria-expanded', 'false');
  await page.reload();
  await expect(crews).toHaveAttribute('aria-expanded', 'false');
  await expect(explorerItem(page, /^The Iron Choir,/)).toHaveCount(0);
  // The other groups are as they were.
  await expect(explorer(page).locator('[role=row][aria-expanded="false"]')).toHaveCount(1);
  await crews.click();
  await expect(explorerItem(page, /^The Iron Choir,/)).toBeVisible();
  await page.reload();
  await expect(explorerItem(page, /^The Iron Choir,/)).toBeVisible();
  await expect(explorer(page).locator('[role=row][aria-expanded="false"]')).toHaveCount(0);
});

/**
 * Issue 14, items 1–4: rename an id everywhere (F2 and from a form), go to definition, find all
 * references, hover, quick fixes, Quick Open, workspace search, the command palette and the
 * explorer's context menu — all driven by role and accessible name (Monaco through its API).
 */
import type { Page } from '@playwright/test';
import { editActive, expect, explorer, explorerItem, markers, modelText, openApp, test } from './serve-fixture';

const CREW = 'crews/iron-choir.yaml';
const SCENARIO = 'scenarios/drowned-foundry.yaml';
const CAMPAIGN = 'campaigns/ashen-reach.yaml';

/** Puts the YAML editor's cursor inside the first occurrence of `text` (plus `into` characters) and focuses it. */
async function cursorAt(page: Page, text: string, into = 1): Promise<void> {
  await page.evaluate(
    ([t, n]) => {
      const editor = window.__mortisphere!.editor!;
      const model = editor.getModel()!;
      const offset = model.getValue().indexOf(t as string);
      if (offset < 0) throw new Error(`'${t}' not in the active editor`);
      editor.setPosition(model.getPositionAt(offset + (n as number)));
      editor.focus();
    },
    [text, into] as const,
  );
}

/** Picks a quick fix from Monaco's action list with the keyboard (as a user of Ctrl+. would). */
async function pickFix(page: Page, name: RegExp): Promise<void> {
  const option = page.getByRole('option', { name });
  await expect(option).toBeVisible();
  for (let i = 0; i < 12 && !(await option.evaluate((el) => el.classList.contains('focused'))); i++) await page.keyboard.press('ArrowDown');
  await expect(option).toHaveClass(/focused/);
  await page.keyboard.press('Enter');
  await expect(option).toBeHidden();
}

/** Puts the cursor at the start of the app's first marker whose message matches `message`. */
async function cursorAtMarker(page: Page, message: string): Promise<void> {
  await page.evaluate((text) => {
    const { editor, monaco } = window.__mortisphere!;
    const model = editor!.getModel()!;
    const m = monaco.editor.getModelMarkers({ resource: model.uri, owner: 'mortisphere' }).find((k) => k.message.includes(text));
    if (!m) throw new Error(`no marker saying '${text}'`);
    editor!.setPosition({ lineNumber: m.startLineNumber, column: m.startColumn });
    editor!.focus();
  }, message);
}

const cursorLine = (page: Page): Promise<number> => page.evaluate(() => window.__mortisphere!.editor!.getPosition()!.lineNumber);

async function openDoc(page: Page, name: RegExp, tab: string): Promise<void> {
  await explorerItem(page, name).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => page.evaluate(() => window.__mortisphere!.editor!.getModel()?.uri.path ?? '')).toContain(tab);
}

test('item 1: F2 renames a crew id in every file, with a preview, as one change that Undo reverts', async ({ page, served }) => {
  await openApp(page, served);
  await openDoc(page, /^The Iron Choir,/, 'iron-choir.yaml');
  await cursorAt(page, 'id: iron-choir', 5);
  await page.keyboard.press('F2');
  const dialog = page.getByRole('dialog', { name: "Rename crew 'iron-choir'" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New id' }).fill('iron-chorus');
  await expect(dialog.getByRole('status')).toContainText('changes in 3 files');
  const changes = dialog.getByRole('region', { name: 'Changes' });
  await expect(changes).toContainText(CREW);
  await expect(changes).toContainText(SCENARIO);
  await expect(changes).toContainText(CAMPAIGN);
  await expect(changes.getByRole('listitem', { name: /crew: iron-chorus/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => served.read(CREW)).toContain('id: iron-chorus\n');
  // Every file is written by the one change (the test polls: files land one rename at a time).
  await expect.poll(() => served.read(SCENARIO)).toContain('crew: iron-chorus}');
  await expect.poll(() => served.read(CAMPAIGN)).toContain('by: iron-chorus/warden-7');
  expect(served.read(CAMPAIGN)).not.toContain('iron-choir');
  await expect(page.getByRole('region', { name: 'Problems' }).getByRole('button', { name: /unknown-ref/ })).toHaveCount(0);

  // One change across files: one Undo puts every file back.
  await page.getByRole('toolbar', { name: 'Main' }).getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => served.read(CREW)).toContain('id: iron-choir\n');
  await expect.poll(() => served.read(SCENARIO)).toContain('crew: iron-choir}');
  await expect.poll(() => served.read(CAMPAIGN)).not.toContain('iron-chorus');
});

test('item 1: changing an Area id in the scenario form offers to rename it everywhere and leaves no unknown-ref', async ({ page, served }) => {
  await openApp(page, served);
  await openDoc(page, /^The Drowned Foundry,/, 'drowned-foundry.yaml');
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Form' }).click();
  const id = page.getByRole('textbox', { name: 'Id of Area The Gate' });
  await id.fill('portcullis');
  await id.press('Enter');
  const dialog = page.getByRole('dialog', { name: "Rename Area 'gate'" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'New id' })).toHaveValue('portcullis');
  await expect(dialog.getByRole('region', { name: 'Changes' })).toContainText(SCENARIO);
  await dialog.getByRole('button', { name: 'Rename everywhere' }).click();
  await expect(dialog).toBeHidden();
  const text = await modelText(page, 'drowned-foundry.yaml');
  expect(text).toContain('id: portcullis');
  expect(text).toContain('links: [portcullis, sluice, reactor-vault]');
  expect(text).toContain('deploy: portcullis');
  expect(text).not.toMatch(/\bgate\b(?!-)/);
  await expect.poll(() => markers(page, 'drowned-foundry.yaml')).toEqual([]);
  await expect(explorerItem(page, /^The Drowned Foundry,.*(no problems|0 errors)/)).toBeVisible();
});

test('item 2: F12 goes to the definition in another file, Shift+F12 lists every reference, hover shows the member', async ({ page, served }) => {
  await openApp(page, served);
  await openDoc(page, /^The Drowned Foundry,/, 'drowned-foundry.yaml');
  await cursorAt(page, 'crew: iron-choir', 8);
  await page.keyboard.press('F12');
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => cursorLine(page)).toBe(7);

  await cursorAt(page, 'id: warden-7', 5);
  await page.keyboard.press('Shift+F12');
  const refs = page.getByRole('region', { name: 'References' });
  await expect(refs.getByRole('button', { name: /^campaigns\/ashen-reach\.yaml:33:\d+ reference: / })).toBeVisible();
  await expect(refs.getByRole('button', { name: /^campaigns\/ashen-reach\.yaml:34:\d+ reference: / })).toBeVisible();
  await refs.getByRole('button', { name: /^campaigns\/ashen-reach\.yaml:33:/ }).click();
  await expect(page.getByRole('tab', { name: 'ashen-reach.yaml' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => cursorLine(page)).toBe(33);

  // Hover on the reference in the campaign: the member's die and Health.
  await cursorAt(page, 'by: iron-choir/warden-7', 16);
  await page.evaluate(() => window.__mortisphere!.editor!.trigger('e2e', 'editor.action.showHover', null));
  const hover = page.locator('.monaco-hover:not(.hidden)');
  await expect(hover).toContainText('Warden-7');
  await expect(hover).toContainText('d10');
  await expect(hover).toContainText(/Health 3|3 Health/);
});

test('item 3: quick fixes replace a did-you-mean, make a Captain and swap min/max (Ctrl+.)', async ({ page, served }) => {
  await openApp(page, served);
  await openDoc(page, /^The Iron Choir,/, 'iron-choir.yaml');
  await editActive(page, 'equipment: [rust-cannon]', 'equipment: [rust-canon]');
  await expect.poll(async () => (await markers(page, 'iron-choir.yaml')).map((m) => m.message).join('\n')).toContain("'rust-cannon'");
  await cursorAt(page, 'rust-canon]', 2);
  await page.keyboard.press('Control+.');
  await pickFix(page, /Change 'rust-canon' to 'rust-cannon'/);
  await expect.poll(() => modelText(page, 'iron-choir.yaml')).toContain('equipment: [rust-cannon]');
  await expect.poll(() => markers(page, 'iron-choir.yaml')).toEqual([]);

  // A missing Captain: "Make Warden-7 Captain".
  await editActive(page, 'captain: true', 'captain: false');
  await expect.poll(async () => (await markers(page, 'iron-choir.yaml')).length).toBeGreaterThan(0);
  await cursorAtMarker(page, 'Captain');
  await page.keyboard.press('Control+.');
  await pickFix(page, /Make Warden-7 Captain/);
  await expect.poll(() => markers(page, 'iron-choir.yaml')).toEqual([]);
  expect(await modelText(page, 'iron-choir.yaml')).toContain('captain: true');

  // A crew type with min above max: "Swap min and max".
  await openDoc(page, /bloom-host\.yaml/, 'bloom-host.yaml');
  await editActive(page, 'health: {min: 1, max: 3}', 'health: {min: 3, max: 1}');
  await expect.poll(async () => (await markers(page, 'bloom-host.yaml')).map((m) => m.message).join('\n')).toMatch(/min 3 is above max 1/);
  await cursorAtMarker(page, 'min 3 is above max 1');
  await page.keyboard.press('Control+.');
  await pickFix(page, /Swap min and max/);
  await expect.poll(() => modelText(page, 'bloom-host.yaml')).toContain('health: {min: 1, max: 3}');
  await expect.poll(() => markers(page, 'bloom-host.yaml')).toEqual([]);
});

test('item 3: an unknown reference offers "create it from the template", which creates a valid document', async ({ page, served }) => {
  await openApp(page, served);
  await openDoc(page, /^The Drowned Foundry,/, 'drowned-foundry.yaml');
  await editActive(page, 'crew: rot-saints', 'crew: bone-wardens');
  await expect.poll(async () => (await markers(page, 'drowned-foundry.yaml')).map((m) => m.code).join(' ')).toContain('unknown-ref');
  await cursorAt(page, 'crew: bone-wardens', 8);
  await page.keyboard.press('Control+.');
  await pickFix(page, /Create crew 'bone-wardens' from the template/);
  await expect(explorerItem(page, /bone-wardens\.yaml/)).toBeVisible();
  await page.getByRole('tab', { name: /^drowned-foundry\.yaml/ }).click();
  await expect.poll(async () => (await markers(page, 'drowned-foundry.yaml')).map((m) => m.code).join(' ')).not.toContain('unknown-ref');
});

test('item 4: Quick Open by id, workspace search by file and line, the command palette with shortcuts', async ({ page, served }) => {
  await openApp(page, served);
  await page.keyboard.press('Control+p');
  const quick = page.getByRole('dialog', { name: 'Quick Open' });
  await expect(quick).toBeVisible();
  await quick.getByRole('combobox', { name: 'Quick Open' }).fill('warden-7');
  await expect(quick.getByRole('option', { name: /Warden-7/ }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(quick).toBeHidden();
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => cursorLine(page)).toBe(14);

  // By file path.
  await page.keyboard.press('Control+p');
  await quick.getByRole('combobox', { name: 'Quick Open' }).fill('scenarios/glass');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'glass-temple.yaml' })).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('Control+Shift+F');
  const search = page.getByRole('searchbox', { name: 'Search in the workspace' });
  await expect(search).toBeFocused();
  await search.fill('warden-7');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('button', { name: /^crews\/iron-choir\.yaml:14:\d+ / })).toBeVisible();
  await expect(results.getByRole('button', { name: /^campaigns\/ashen-reach\.yaml:33:\d+ / })).toBeVisible();
  await results.getByRole('button', { name: /^campaigns\/ashen-reach\.yaml:34:\d+ / }).click();
  await expect(page.getByRole('tab', { name: 'ashen-reach.yaml' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => cursorLine(page)).toBe(34);

  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('option', { name: /Go: Search in the workspace.*Ctrl\+Shift\+F/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /YAML editor: Rename this id everywhere.*F2/ })).toBeVisible();
  await palette.getByRole('combobox', { name: 'Command palette' }).fill('explorer');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(explorer(page)).toBeHidden();
  await page.keyboard.press('Control+b');
  await expect(explorer(page)).toBeVisible();
});

test('item 4: the explorer context menu duplicates, renames, deletes (to History) and reveals a file', async ({ page, served }) => {
  await openApp(page, served);
  const item = explorerItem(page, /^The Glass Temple,/);
  await item.focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Actions on scenarios/glass-temple.yaml' });
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Duplicate' }).click();
  const copied = (): string => {
    try {
      return served.read('scenarios/glass-temple-copy.yaml');
    } catch {
      return ''; // not written yet
    }
  };
  await expect.poll(() => copied().length).toBeGreaterThan(0);
  const copy = explorerItem(page, /scenarios\/glass-temple-copy\.yaml/);
  await expect(copy).toBeVisible();
  // The copy got its own id: it validates clean beside the original.
  await expect(copy).toHaveAccessibleName(/no problems|0 errors/);

  await copy.click({ button: 'right' });
  await page.getByRole('menu', { name: 'Actions on scenarios/glass-temple-copy.yaml' }).getByRole('menuitem', { name: 'Rename file…' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename scenarios/glass-temple-copy.yaml' });
  await rename.getByRole('textbox', { name: 'New file name' }).fill('scenarios/glass-temple-2.yaml');
  await rename.getByRole('button', { name: 'Rename' }).click();
  const renamed = explorerItem(page, /scenarios\/glass-temple-2\.yaml/);
  await expect(renamed).toBeVisible();

  await renamed.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Delete (kept in History)' }).click();
  await page.getByRole('dialog', { name: 'Delete scenarios/glass-temple-2.yaml?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toBeHidden();

  await item.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Reveal in the file manager' }).click();
  const where = page.getByRole('dialog', { name: 'Where scenarios/glass-temple.yaml is' });
  await expect(where).toContainText(`${served.root}/scenarios/glass-temple.yaml`.replace(/\/+/g, '/'));
  await where.getByRole('button', { name: 'Close' }).click();
  await expect(item).toBeFocused();
});

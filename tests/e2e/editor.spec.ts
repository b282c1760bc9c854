import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { editActive, expect, explorerItem, markers, modelText, openApp, test } from './serve-fixture';
import { showProblems } from './panel';

const CREW = 'crews/iron-choir.yaml';
const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

test('a d7 shows the validator marker and Problems entry; fixed and saved, it is on disk', async ({ page, served }) => {
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml' })).toHaveAttribute('aria-selected', 'true');

  await editActive(page, 'die: d10', 'die: d7');
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml, unsaved' })).toBeVisible();
  await expect.poll(() => markers(page, 'iron-choir.yaml')).toHaveLength(1);
  const [marker] = await markers(page, 'iron-choir.yaml');
  expect(marker.message).toContain('d7');
  const problems = await showProblems(page);
  const entry = problems.getByRole('button', { name: new RegExp(`^${CREW}:${marker.line}:\\d+ error ${marker.code} `) });
  await expect(entry).toContainText(marker.message);
  await expect(explorerItem(page, /^The Iron Choir,.*1 error/)).toBeVisible();

  // Same code and message as the CLI on the same text.
  const copy = mkdtempSync(join(tmpdir(), 'mortisphere-e2e-cli-'));
  try {
    cpSync(served.root, copy, { recursive: true });
    writeFileSync(join(copy, CREW), await modelText(page, 'iron-choir.yaml'));
    let out = '';
    try {
      out = execFileSync(process.execPath, [join(REPO, 'bin/mortisphere.mjs'), 'validate', copy, '--format', 'json'], { encoding: 'utf8' });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? '');
    }
    const cli = JSON.parse(out) as { errors: { file: string; line: number; code: string; message: string }[] };
    expect(cli.errors.filter((d) => d.file === CREW).map((d) => [d.line, d.code, d.message])).toEqual([
      [marker.line, marker.code, marker.message],
    ]);
  } finally {
    if (existsSync(copy)) rmSync(copy, { recursive: true, force: true });
  }

  await editActive(page, 'die: d7', 'die: d12');
  await expect.poll(() => markers(page, 'iron-choir.yaml')).toEqual([]);
  await expect(problems.getByRole('button', { name: new RegExp(CREW) })).toHaveCount(0);
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml' })).toBeVisible();
  await expect.poll(() => served.read(CREW)).toContain('    die: d12\n');
  expect(served.read(CREW)).not.toContain('die: d7');
});

test('clicking a Problems entry opens the file at the place', async ({ page, served }) => {
  await openApp(page, served);
  const path = 'scenarios/glass-temple.yaml';
  const text = served.read(path);
  expect(text).toContain('crew: lantern-pilgrims}');
  served.write(path, text.replace('crew: lantern-pilgrims}', 'crew: nobody-here}'));
  const entry = (await showProblems(page))
    .getByRole('button', { name: new RegExp(`^${path}:\\d+:\\d+ error unknown-ref .*nobody-here`) });
  await expect(entry).toBeVisible();
  const [, line, column] = /:(\d+):(\d+) /.exec((await entry.textContent()) ?? '')!;
  await entry.click();
  await expect(page.getByRole('tab', { name: 'glass-temple.yaml' })).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(() => page.evaluate(() => window.__mortisphere!.editor!.getPosition()))
    .toEqual({ lineNumber: Number(line), column: Number(column) });
  expect(await page.evaluate(() => window.__mortisphere!.editor!.getModel()!.getValue())).toContain('nobody-here');
});

test('closing a tab with unsaved work asks first', async ({ page, served }) => {
  await openApp(page, served);
  const before = served.read(CREW);
  await explorerItem(page, /^The Iron Choir,/).click();
  await editActive(page, 'name: The Iron Choir', 'name: The Tin Choir');
  await page.getByRole('button', { name: 'Close iron-choir.yaml' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save changes to iron-choir.yaml?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml, unsaved' })).toBeVisible();

  await page.getByRole('button', { name: 'Close iron-choir.yaml' }).click();
  await page.getByRole('dialog').getByRole('button', { name: "Don't save" }).click();
  await expect(page.getByRole('tab', { name: /iron-choir\.yaml/ })).toHaveCount(0);
  expect(served.read(CREW)).toBe(before);

  await explorerItem(page, /^The Iron Choir,/).click();
  await editActive(page, 'name: The Iron Choir', 'name: The Tin Choir');
  await page.getByRole('button', { name: 'Close iron-choir.yaml' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('tab', { name: /iron-choir\.yaml/ })).toHaveCount(0);
  expect(served.read(CREW)).toContain('name: The Tin Choir');
});

test('a new document from a template is written and opened', async ({ page, served }) => {
  await openApp(page, served);
  await page.getByRole('button', { name: 'New document' }).click();
  const menu = page.getByRole('menu', { name: 'New document of kind' });
  await menu.getByRole('menuitem', { name: /\(crew\)$/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'File name' }).fill('crews/rust-eaters.yaml');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('tab', { name: 'rust-eaters.yaml' })).toHaveAttribute('aria-selected', 'true');
  const disk = served.read('crews/rust-eaters.yaml');
  expect(disk).toMatch(/^kind: crew/m);
  expect(disk).toMatch(/^id: rust-eaters$/m);
  expect(await modelText(page, 'rust-eaters.yaml')).toBe(disk);
  await expect(explorerItem(page, /crews\/rust-eaters\.yaml/)).toBeVisible();

  // The same name again is refused with a message, and nothing is overwritten.
  await page.getByRole('button', { name: 'New document' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: /\(crew\)$/ }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'File name' }).fill('crews/rust-eaters.yaml');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('already exists');
  expect(served.read('crews/rust-eaters.yaml')).toBe(disk);
});

test('History restores one of the saved versions as an undoable edit', async ({ page, served }) => {
  await openApp(page, served);
  const original = served.read(CREW);
  await explorerItem(page, /^The Iron Choir,/).click();
  await editActive(page, 'name: The Iron Choir', 'name: The First Choir');
  await page.keyboard.press('Control+s');
  await expect.poll(() => served.read(CREW)).toContain('The First Choir');
  await editActive(page, 'name: The First Choir', 'name: The Second Choir');
  await page.keyboard.press('Control+s');
  await expect.poll(() => served.read(CREW)).toContain('The Second Choir');

  await page.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: `History of ${CREW}` });
  const restores = dialog.getByRole('button', { name: /^Restore version of / });
  await expect(restores.first()).toBeVisible();
  expect(await restores.count()).toBeGreaterThanOrEqual(2);
  // Newest first: the oldest version kept is the file as it was before the first save.
  await restores.last().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml, unsaved' })).toBeVisible();
  // Polled: the model is written after the dialog closes, and Undo acts after its click returns.
  await expect.poll(() => modelText(page, 'iron-choir.yaml')).toBe(original);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => modelText(page, 'iron-choir.yaml')).toContain('The Second Choir');
});

test('YAML editing offers completion and hover help from the schemas', async ({ page, served }) => {
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml' })).toHaveAttribute('aria-selected', 'true');
  const npcLine = served.read(CREW).split('\n').findIndex((l) => l.startsWith('npc:')) + 1;
  await page.evaluate((line) => {
    const editor = window.__mortisphere!.editor!;
    editor.focus();
    editor.setPosition({ lineNumber: line, column: 2 });
    editor.trigger('e2e', 'editor.action.showHover', {});
  }, npcLine);
  // The hover text is the schema's title and description of `npc`.
  await expect(page.locator('.monaco-hover').filter({ hasText: 'NPC crew' })).toBeVisible();

  await editActive(page, 'die: d10', 'die: ');
  await page.evaluate(() => {
    const editor = window.__mortisphere!.editor!;
    const model = editor.getModel()!;
    const pos = model.getPositionAt(model.getValue().indexOf('die: ') + 'die: '.length);
    editor.focus();
    editor.setPosition(pos);
    editor.trigger('e2e', 'editor.action.triggerSuggest', {});
  });
  // d20 and d4 appear nowhere in the file: they come from the schema's enum of Existence Dice.
  const suggest = page.locator('.suggest-widget');
  await expect(suggest).toContainText('d20');
  await expect(suggest).toContainText('d4');
});

test('the theme follows the system colour scheme live, editor included', async ({ page, served }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('.monaco-editor').first()).toHaveClass(/\bvs\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.monaco-editor').first()).toHaveClass(/\bvs-dark\b/);
});

import { parse } from 'yaml';
import { editActive, expect, explorerItem, markers, modelText, openApp, test } from './serve-fixture';
import type { Locator, Page } from '@playwright/test';
import { pick, picked } from './pick';

/** The trigger button of the form select (components/Picker) labelled `label`: named "<value> <label>". */
const select = (scope: Page | Locator, label: string): Locator =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

async function showView(page: Page, view: 'Form' | 'YAML'): Promise<void> {
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: view }).click();
}

async function openIronChoirForm(page: Page): Promise<void> {
  await explorerItem(page, /^The Iron Choir,/).click();
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml' })).toHaveAttribute('aria-selected', 'true');
  await showView(page, 'Form');
  await expect(select(page, 'Die of Warden-7')).toBeVisible();
}

test('build a new crew from scratch in the form, see its YAML, save it, and it validates', async ({ page, served }) => {
  test.slow();
  await openApp(page, served);
  await page.getByRole('button', { name: 'New document' }).click();
  await page.getByRole('menuitem', { name: /\(crew\)/ }).click();
  await page.getByLabel('File name').fill('crews/scratch-crew.yaml');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('tab', { name: /scratch-crew\.yaml/ }).first()).toBeVisible();
  const template = await modelText(page, 'scratch-crew.yaml');
  const comments = template.split('\n').filter((l) => l.startsWith('#'));
  await showView(page, 'Form');

  await page.getByRole('textbox', { name: 'Crew name' }).fill('The Scratch Crew');
  // Start from no members at all, then build them up.
  while ((await page.getByRole('button', { name: /^Remove New / }).count()) > 0) {
    await page.getByRole('button', { name: /^Remove New / }).first().click();
  }
  await expect(page.getByRole('group', { name: /^New / })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add member' }).click();
  await page.getByRole('textbox', { name: 'Name of Member 1' }).fill('Warden-7');
  await pick(page, 'Type of Warden-7', 'machine');
  await pick(page, 'Die of Warden-7', 'd10');
  await page.getByRole('button', { name: 'Increase Health of Warden-7' }).click();
  await page.getByRole('button', { name: 'Increase Health of Warden-7' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Health of Warden-7' })).toHaveValue('3');
  await pick(page, 'Add to Abilities of Warden-7', 'Steady Aim');

  await page.getByRole('button', { name: 'Add member' }).click();
  await page.getByRole('textbox', { name: 'Name of Member 2' }).fill('Cog');
  await pick(page, 'Die of Cog', 'd6');
  // Exactly one Captain: making Cog Captain takes it from Warden-7, and back.
  await page.getByRole('checkbox', { name: 'Captain of Cog' }).check();
  await expect(page.getByRole('checkbox', { name: 'Captain of Warden-7' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Captain of Warden-7' }).check();
  await expect(page.getByRole('checkbox', { name: 'Captain of Cog' })).not.toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Crew value' })).toContainText('Crew value: 16');
  const table = page.getByRole('table', { name: 'Max roll by Health of Warden-7' });
  await expect(table).toContainText('0 (Last Stand)');

  await showView(page, 'YAML');
  const text = await modelText(page, 'scratch-crew.yaml');
  const data = parse(text);
  expect(data.name).toBe('The Scratch Crew');
  expect(data.members).toEqual([
    { id: 'member-1', name: 'Warden-7', type: 'machine', die: 'd10', health: 3, captain: true, abilities: ['steady-aim'] },
    { id: 'member-2', name: 'Cog', type: 'survivor', die: 'd6', health: 1 },
  ]);
  expect(text.split('\n').filter((l) => l.startsWith('#'))).toEqual(comments);

  await page.keyboard.press('Control+s');
  await expect(page.getByRole('tab', { name: 'scratch-crew.yaml' })).toBeVisible();
  await expect.poll(() => served.read('crews/scratch-crew.yaml')).toBe(await modelText(page, 'scratch-crew.yaml'));
  expect(parse(served.read('crews/scratch-crew.yaml'))).toEqual(data);
  await expect.poll(() => markers(page, 'scratch-crew.yaml')).toEqual([]);
});

test('a YAML edit shows in the form at once, and undo in the form spans both views', async ({ page, served }) => {
  test.slow();
  await openApp(page, served);
  await openIronChoirForm(page);
  await expect.poll(() => picked(page, 'Die of Warden-7')).toBe('d10');
  await editActive(page, 'die: d10', 'die: d12');
  await expect.poll(() => picked(page, 'Die of Warden-7')).toBe('d12');
  await editActive(page, 'name: Warden-7', 'name: Warden-9');
  await expect.poll(() => picked(page, 'Die of Warden-9')).toBe('d12');

  const before = await modelText(page, 'iron-choir.yaml');
  await pick(page, 'Die of Warden-9', 'd4');
  await expect.poll(() => modelText(page, 'iron-choir.yaml')).not.toBe(before);
  const after = await modelText(page, 'iron-choir.yaml');
  const changed = after.split('\n').filter((l, i) => l !== before.split('\n')[i]);
  expect(changed).toEqual(['    die: d4']);
  // Undo and redo with the select itself focused (the shortcut reaches the form through it).
  await expect(select(page, 'Die of Warden-9')).toBeFocused();
  await select(page, 'Die of Warden-9').press('Control+z');
  await expect.poll(() => picked(page, 'Die of Warden-9')).toBe('d12');
  expect(await modelText(page, 'iron-choir.yaml')).toBe(before);
  await select(page, 'Die of Warden-9').press('Control+Shift+z');
  await expect.poll(() => picked(page, 'Die of Warden-9')).toBe('d4');
});

test('while the YAML does not parse, the form shows the problem and never overwrites it', async ({ page, served }) => {
  test.slow();
  await openApp(page, served);
  await openIronChoirForm(page);
  await editActive(page, 'name: The Iron Choir', 'name: [The Iron Choir');
  const host = page.locator('.form-host');
  await expect(host.getByRole('alert')).toContainText(/Line \d+, column \d+/);
  await expect(host.getByRole('button', { name: /Die of / })).toHaveCount(0);
  await expect(host.getByRole('checkbox')).toHaveCount(0);
  await expect(host.getByRole('textbox')).toHaveCount(0);
  const broken = await modelText(page, 'iron-choir.yaml');
  await page.waitForTimeout(500);
  expect(await modelText(page, 'iron-choir.yaml')).toBe(broken);

  await editActive(page, 'name: [The Iron Choir', 'name: The Iron Choir');
  await expect.poll(() => picked(page, 'Die of Warden-7')).toBe('d10');
});

test('a homebrew type given a die it forbids shows the message beside the die field', async ({ page, served }) => {
  test.slow();
  await openApp(page, served);
  await openIronChoirForm(page);
  await pick(page, 'Type of Warden-7', /homebrew bloom-host/);
  const die = select(page, 'Die of Warden-7');
  const field = page.locator('.picker').filter({ has: die });
  await expect(field).toHaveAttribute('data-invalid', 'true');
  await expect(die).toHaveAccessibleDescription(/d10/);
  const messages = page.locator(`[id="${await die.getAttribute('aria-describedby')}"]`);
  await expect(messages).toContainText('type-constraint');
  await expect.poll(async () => (await markers(page, 'iron-choir.yaml')).map((m) => m.code)).toContain('type-constraint');

  await pick(page, 'Die of Warden-7', 'd8');
  await expect(field).not.toHaveAttribute('data-invalid', 'true');
  await expect(die).not.toHaveAttribute('aria-describedby', /-msg/);
});

test('issue 17 item 2: form selects and checkboxes are react-aria controls that keep ids, unknown values and (none)', async ({ page, served }) => {
  test.slow();
  await openApp(page, served);
  await openIronChoirForm(page);
  // "Go to the field" focuses a control by the form's field id: the select's trigger carries it.
  const die = select(page, 'Die of Warden-7');
  await expect(die).toHaveId('f-crews_iron-choir_yaml-members_0_die');
  await page.evaluate(() => document.getElementById('f-crews_iron-choir_yaml-members_0_die')?.focus());
  await expect(die).toBeFocused();
  // Keyboard: open with ArrowDown, the listbox lists every die; Escape leaves the value alone.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['d4', 'd6', 'd8', 'd10', 'd12', 'd20']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);

  // A value outside the choices is shown and kept, marked unknown; the form never rewrites it.
  await editActive(page, 'die: d10', 'die: d7');
  await expect.poll(() => picked(page, 'Die of Warden-7')).toBe('d7 (unknown)');
  await die.click();
  await expect(page.getByRole('option', { name: 'd7 (unknown)' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  expect(await modelText(page, 'iron-choir.yaml')).toContain('die: d7');
  await pick(page, 'Die of Warden-7', 'd8');
  await expect.poll(() => modelText(page, 'iron-choir.yaml')).toContain('die: d8');

  // The checkbox is a real checkbox: its id, its name, Space toggles it.
  const captain = page.getByRole('checkbox', { name: 'Captain of Warden-7' });
  await expect(captain).toHaveId('f-crews_iron-choir_yaml-members_0_captain');
  await expect(captain).toBeChecked();
  const cog = page.getByRole('checkbox', { name: /^Captain of (?!Warden-7)/ }).first();
  await cog.focus();
  await page.keyboard.press('Space');
  await expect(cog).toBeChecked();
  await expect(captain).not.toBeChecked();

  // An optional select offers its "(none)" entry, which removes the key.
  await explorerItem(page, /^The Drowned Foundry,/).click();
  await expect(page.getByRole('tab', { name: 'drowned-foundry.yaml' })).toHaveAttribute('aria-selected', 'true');
  await showView(page, 'Form');
  await expect.poll(() => picked(page, 'Default crew of side The Saints')).toMatch(/Saints/);
  await pick(page, 'Default crew of side The Saints', 'chosen when playing');
  await expect.poll(async () => parse(await modelText(page, 'drowned-foundry.yaml')).sides[1]).not.toHaveProperty('crew');
  expect(await picked(page, 'Default crew of side The Saints')).toBe('chosen when playing');
  await pick(page, 'Default crew of side The Saints', /Iron Choir/);
  await expect.poll(async () => parse(await modelText(page, 'drowned-foundry.yaml')).sides[1].crew).toBe('iron-choir');
});

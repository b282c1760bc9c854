/**
 * Issue 14, item 5: the Area map editor of the scenario form — drag to lay out (layout hints in
 * the YAML), draw a link by dragging, one-way links as arrows, deployment and objectives on
 * their Areas, keyboard moves, links and deletion, and the dead-end / unreachable warnings.
 */
import type { Page } from '@playwright/test';
import { expect, explorerItem, markers, modelText, openApp, test } from './serve-fixture';
import { pick } from './pick';
import { showProblems } from './panel';

const FILE = 'drowned-foundry.yaml';

async function openMap(page: Page) {
  await explorerItem(page, /^The Drowned Foundry,/).click();
  await expect(page.getByRole('tab', { name: FILE })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Form' }).click();
  const map = page.getByRole('group', { name: 'Area map' });
  await expect(map).toBeVisible();
  await map.scrollIntoViewIfNeeded();
  return map;
}

/** The `areas[i]` block of the scenario's YAML, by Area id. */
const areaBlock = (text: string, id: string): string => {
  const start = text.indexOf(`  - id: ${id}\n`);
  const end = text.indexOf('\n  - id: ', start + 1);
  return text.slice(start, end < 0 ? text.indexOf('\nsides:', start) : end);
};

test('item 5: Areas show their deployments and objectives; drag and arrow keys write layout hints', async ({ page, served }) => {
  await openApp(page, served);
  const map = await openMap(page);
  const gate = map.getByRole('group', { name: /^Area The Gate/ });
  await expect(gate).toContainText('The Choir');
  await expect(map.getByRole('group', { name: /^Area The Drowned Sluice/ })).toContainText('The Saints');
  await expect(map.getByRole('group', { name: /^Area Reactor Vault/ })).toContainText('Wake the Reactor Core');
  await expect(map.getByRole('group', { name: /^Area Foundry Floor/ })).toContainText('Hold the Foundry Floor');

  // Drag The Gate by its name.
  const box = (await gate.locator('.area-node-name').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => areaBlock(await modelText(page, FILE), 'gate')).toMatch(/layout: \{ ?x: -?\d+, y: -?\d+ ?\}/);
  await expect(map.getByRole('group', { name: 'Area The Gate' , exact: true })).toBeVisible();

  // Keyboard: focus an Area, Enter selects it, arrow keys move it.
  const vault = map.getByRole('group', { name: /^Area Reactor Vault/ });
  await vault.focus();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => areaBlock(await modelText(page, FILE), 'reactor-vault')).toMatch(/layout: \{ ?x: -?\d+, y: -?\d+ ?\}/);
  expect(await markers(page, FILE)).toEqual([]);
});

test('item 5: links drawn by dragging or added from the keyboard, one-way arrows, Delete removes, dead ends warned', async ({ page, served }) => {
  await openApp(page, served);
  const map = await openMap(page);

  // Keyboard link form: a one-way link from The Gate to The Drowned Sluice.
  const add = page.getByRole('group', { name: 'Add a link' });
  await pick(add, 'From', 'The Gate');
  await pick(add, 'To', 'The Drowned Sluice');
  await add.getByRole('checkbox', { name: 'Both ways' }).uncheck();
  await add.getByRole('button', { name: 'Add link' }).click();
  await expect.poll(async () => areaBlock(await modelText(page, FILE), 'gate')).toContain('links: [foundry-floor, sluice]');
  const oneWay = map.getByRole('group', { name: 'Link from gate to sluice, one way' });
  await expect(oneWay).toBeAttached();
  await expect(oneWay.locator('path[marker-end]').first()).toBeAttached();
  await expect(map.getByRole('group', { name: 'Link between gate and foundry-floor, both ways' })).toBeAttached();

  // Delete it from the keyboard: focus the link, select it, Delete.
  await oneWay.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Delete');
  await expect.poll(async () => areaBlock(await modelText(page, FILE), 'gate')).toMatch(/links: \[foundry-floor\]$/);

  // Draw a link with the mouse: from the dot under The Drowned Sluice onto The Gate.
  const from = map.getByRole('group', { name: /^Area The Drowned Sluice/ }).locator('.react-flow__handle.source');
  const to = map.getByRole('group', { name: /^Area The Gate/ });
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect.poll(async () => areaBlock(await modelText(page, FILE), 'sluice')).toContain('links: [foundry-floor, gate]');

  // A dead end: the vault keeps no way back.
  await page.getByRole('button', { name: 'Make one way (Foundry Floor → Reactor Vault)' }).click();
  await expect.poll(async () => areaBlock(await modelText(page, FILE), 'reactor-vault')).toContain('links: []');
  await expect.poll(async () => (await markers(page, FILE)).map((m) => m.code)).toContain('area-dead-end');
  await expect(await showProblems(page)).toContainText("Area 'reactor-vault' is a dead end");

  // An unreachable objective: nothing leads into the vault any more.
  await page.getByRole('button', { name: 'Remove the link from Foundry Floor to Reactor Vault' }).click();
  await expect.poll(async () => (await markers(page, FILE)).map((m) => m.code)).toContain('objective-unreachable');
  // The form's help says what the engine does with links.
  await expect(page.getByText('an Area without links lets a member move to any other Area (R8.2)').first()).toBeVisible();
});

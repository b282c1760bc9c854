import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { THEMES, useTheme } from './a11y';
import { compact, readPdf } from './pdf-text';
import { editActive, expect, explorerItem, openApp, test } from './serve-fixture';

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

async function openSheet(page: Page, treeItem: RegExp, file: string): Promise<void> {
  await explorerItem(page, treeItem).click();
  await expect(page.getByRole('tab', { name: file })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Sheet' }).click();
}

/** Counts window.print() calls instead of opening the dialog (headless Chromium has none). */
async function countPrints(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __prints: number; print: () => void };
    w.__prints = 0;
    w.print = () => void w.__prints++;
  });
}
const prints = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __prints: number }).__prints);

/** The window as printed (print media): Chromium's page.pdf(), read back. */
async function printed(page: Page): Promise<{ pages: number; text: string }> {
  return readPdf(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
}

test('crew roster sheet: shown in the Sheet view, printed alone on A4 pages with every member', async ({ page, served }) => {
  await openApp(page, served);
  await openSheet(page, /^The Iron Choir,/, 'iron-choir.yaml');
  const sheet = page.getByRole('document', { name: 'The Iron Choir — crew roster' });
  await expect(sheet.getByRole('heading', { name: 'The Iron Choir', level: 1 })).toBeVisible();
  await expect(sheet.getByRole('region', { name: 'Warden-7' })).toContainText('Max roll');
  await expect(sheet.getByRole('table', { name: 'Max roll by Health' }).first()).toContainText('Last Stand');

  const pdf = await printed(page);
  // Five members at one card each do not fit one A4 page; the app chrome is not printed.
  expect(pdf.pages).toBe(2);
  const text = compact(pdf.text);
  for (const t of ['The Iron Choir', 'Crew value 42', 'Warden-7', 'Cantor-2', 'Cantor-5', 'The Tallyman', 'Bellows', 'Steady Aim', '+1 to its roll when attacking', 'Campaign record']) {
    expect(text, t).toContain(compact(t));
  }
  for (const chrome of ['Explorer', 'Problems', 'Test run']) expect(text).not.toContain(compact(chrome));

  // The same sheet as `mortisphere print` writes (one renderer for both).
  const out = join(mkdtempSync(join(tmpdir(), 'print-e2e-')), 'iron-choir.html');
  execFileSync(process.execPath, [join(REPO, 'bin/mortisphere.mjs'), 'print', 'crew', 'iron-choir', '--workspace', served.root, '--out', out]);
  const cli = await page.context().newPage();
  await cli.setContent(readFileSync(out, 'utf8'));
  const cliPdf = readPdf(await cli.pdf({ preferCSSPageSize: true, printBackground: true }));
  expect(cliPdf.pages).toBe(pdf.pages);
  expect(compact(cliPdf.text)).toBe(text);
  await cli.close();
});

test('scenario sheet: map, deployment, objectives, special rules, rules changes; Print, Ctrl+P and Export PDF print it', async ({ page, served }) => {
  await openApp(page, served);
  await openSheet(page, /^The Glass Temple,/, 'glass-temple.yaml');
  const sheet = page.getByRole('document', { name: /The Glass Temple — scenario sheet/ });
  await expect(sheet.getByRole('img', { name: /^Area map/ })).toBeVisible();
  const pdf = await printed(page);
  // The header, map, deployment, objectives and rules changes fill page 1; the Areas go on.
  expect(pdf.pages).toBe(2);
  for (const t of ['Bring Brannock Home', 'Protect Old Brannock', 'The Glass Temple', 'Deployment', 'Objectives', 'Shattered Reflections', "Rules changes (ruleset 'grim-reach')", 'clash.tie: defender', 'Hall of Mirrors']) {
    expect(compact(pdf.text), t).toContain(compact(t));
  }

  await countPrints(page);
  await page.getByRole('button', { name: 'Print…' }).click();
  expect(await prints(page)).toBe(1);
  await page.keyboard.press('Control+p');
  expect(await prints(page)).toBe(2);
  // Browser mode has no PDF printer: Export PDF opens the print dialog ("Save as PDF").
  await page.getByRole('button', { name: 'Export PDF…' }).click();
  await expect.poll(() => prints(page)).toBe(3);
  // Away from the Sheet view, Ctrl+P is not the sheet's any more.
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'YAML' }).click();
  await page.keyboard.press('Control+p');
  expect(await prints(page)).toBe(3);
  expect((await printed(page)).text).not.toContain('Shattered');
});

test('the sheet follows unsaved edits and names a document it cannot print', async ({ page, served }) => {
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await editActive(page, 'name: Warden-7', 'name: Warden-Nine');
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Sheet' }).click();
  await expect(page.getByRole('document', { name: /crew roster/ }).getByRole('region', { name: 'Warden-Nine' })).toBeVisible();
  expect(compact((await printed(page)).text)).toContain('Warden-Nine');
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'YAML' }).click();
  await editActive(page, 'id: iron-choir', 'id: [broken');
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Sheet' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'has no readable id yet' })).toBeVisible();
});

test('only crews and scenarios have a Sheet view; the Sheet view passes axe in both themes', async ({ page, served }) => {
  await openApp(page, served);
  await explorerItem(page, /^Grim Reach,/).click();
  await expect(page.getByRole('tablist', { name: 'Document view' }).getByRole('tab')).toHaveText(['YAML', 'Form']);
  await openSheet(page, /^The Iron Choir,/, 'iron-choir.yaml');
  await expect(page.getByRole('document', { name: /crew roster/ })).toBeVisible();
  for (const theme of THEMES) {
    await useTheme(page, theme);
    // The view and the sheet in it (the shell around it is other tests' business).
    const results = await new AxeBuilder({ page }).include('.sheet-view').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), theme).toEqual([]);
  }
});

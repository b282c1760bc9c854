import { chmodSync, statSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { editActive, expect, explorerItem, openApp, test } from './serve-fixture';

/** axe-core (WCAG A/AA and best practices, as tests/e2e/a11y.ts) on the banner alone. */
async function expectAccessibleBanner(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('.editor-pane > [role="alert"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.passes.length, 'axe found the banner').toBeGreaterThan(0);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const CREW = 'crews/iron-choir.yaml';

test('a read-only file is not overwritten by Save; "Overwrite anyway" saves it and makes it writable', async ({ page, served }) => {
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await editActive(page, 'name: The Iron Choir', 'name: The Locked Choir');
  const file = join(served.root, CREW);
  chmodSync(file, 0o444);
  // The edit has reached the tab before Save is asked for.
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml, unsaved' })).toBeVisible();
  await page.keyboard.press('Control+s');
  const banner = page.getByRole('main').getByRole('alert').filter({ hasText: `${CREW} is read-only on disk` });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expectAccessibleBanner(page);
  expect(served.read(CREW)).toContain('name: The Iron Choir');
  expect(statSync(file).mode & 0o777).toBe(0o444);
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml, unsaved' })).toBeVisible();

  await banner.getByRole('button', { name: 'Overwrite anyway' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => served.read(CREW)).toContain('name: The Locked Choir');
  expect(statSync(file).mode & 0o200).toBe(0o200);
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml' })).toBeVisible();
});

test('Cancel on the read-only banner keeps the edits unsaved and the file untouched', async ({ page, served }) => {
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await editActive(page, 'name: The Iron Choir', 'name: The Locked Choir');
  chmodSync(join(served.root, CREW), 0o444);
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml, unsaved' })).toBeVisible();
  await page.keyboard.press('Control+s');
  const banner = page.getByRole('main').getByRole('alert').filter({ hasText: 'is read-only on disk' });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await banner.getByRole('button', { name: 'Cancel' }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml, unsaved' })).toBeVisible();
  expect(served.read(CREW)).toContain('name: The Iron Choir');
});

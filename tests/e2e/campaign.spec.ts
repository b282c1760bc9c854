import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { THEMES, useTheme } from './a11y';
import { expect, openApp, test } from './serve-fixture';
import type { Served } from './serve-fixture';

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const CAMPAIGN = 'campaigns/ashen-reach.yaml';

/** Opens the example campaign's Campaign view. */
async function openCampaign(page: Page, served: Served): Promise<void> {
  await openApp(page, served);
  await page.getByRole('treeitem', { name: /^The Ashen Reach, campaigns/ }).click();
  await expect(page.getByRole('tab', { name: 'ashen-reach.yaml' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Campaign' }).click();
  await expect(page.getByRole('region', { name: 'Campaign The Ashen Reach' })).toBeVisible();
}

/**
 * axe-core (the rules of `tests/e2e/a11y.ts`) on the Campaign view only: the shell around it has
 * its own a11y issue; the view must have no violation.
 */
async function expectViewAccessible(page: Page, what: string, scope = '.campaign-view'): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).include(scope).analyze();
  const lines = results.violations.flatMap((v) => [`${v.id} (${v.impact ?? 'n/a'}): ${v.help}`, ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ') ?? ''}`)]);
  expect(lines, `axe-core violations in ${what}`).toEqual([]);
}

/** `mortisphere validate DIR --format json` on the served workspace. */
function validate(root: string): { errors: unknown[]; warnings: unknown[] } {
  const out = execFileSync(process.execPath, [join(REPO, 'bin/mortisphere.mjs'), 'validate', root, '--format', 'json'], { cwd: REPO, encoding: 'utf8' });
  return JSON.parse(out) as { errors: unknown[]; warnings: unknown[] };
}

test('a season in the app: play the next battle with two bots, record it, undo, redo, save, and the workspace stays valid', async ({ page, served }) => {
  test.setTimeout(600_000);
  const before = { campaign: served.read(CAMPAIGN), pilgrims: served.read('crews/lantern-pilgrims.yaml'), choir: served.read('crews/iron-choir.yaml') };
  await openCampaign(page, served);
  const view = page.getByRole('region', { name: 'Campaign The Ashen Reach' });
  await expect(view.getByRole('grid', { name: 'Standings' })).toContainText('The Iron Choir');
  const ledger = view.getByRole('grid', { name: 'Ledger' });
  await expect(ledger.getByRole('row')).toHaveCount(3);
  await expect(ledger).toContainText('Weeping Bloom');
  await expect(view.getByText(/The Glass Temple.*: The Lantern Pilgrims \(side a\) against The Iron Choir \(side b\)/)).toBeVisible();

  // Play the next battle with two bots (the default players) and a fixed seed.
  await view.getByRole('textbox', { name: 'Battle seed' }).fill('77');
  await view.getByRole('button', { name: 'Play next battle' }).click();
  await expect(page.getByRole('tablist', { name: 'Test run' })).toBeVisible();
  await expect(page.getByText(/^Battle over:/)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Record in campaign' }).click();

  // The record dialog: result, aftermath rolled by the engine, the files it writes.
  const dialog = page.getByRole('dialog', { name: /Record battle #3/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Seed 77');
  await expect(dialog.getByRole('region', { name: 'Aftermath rolls' })).toContainText(/roll \d/);
  await dialog.getByRole('textbox', { name: 'Date' }).fill('2026-11-28');
  await dialog.getByRole('button', { name: 'Confirm and record' }).click();
  await expect(dialog).toHaveCount(0);

  // The ledger row, its aftermath and the roster change.
  await expect(ledger.getByRole('row')).toHaveCount(4);
  const row = ledger.getByRole('row').nth(3);
  await expect(row).toContainText('2026-11-28');
  await expect(row).toContainText('The Glass Temple');
  await expect(row.getByRole('list', { name: 'Aftermath of battle 3' })).toBeVisible();
  const recorded = { campaign: served.read(CAMPAIGN), pilgrims: served.read('crews/lantern-pilgrims.yaml'), choir: served.read('crews/iron-choir.yaml') };
  expect(recorded.campaign).toContain('date: 2026-11-28');
  expect(recorded.campaign).toContain('seed: 77');
  expect(recorded.campaign).toContain('# Six battles, so that every crew fights three times');
  expect(recorded.choir).toContain('scenario: glass-temple');
  expect(recorded.choir).toContain('# the campaign writes here (R10.2)');
  expect(recorded.pilgrims).toContain('kind: defeat');
  await expect(view.getByRole('grid', { name: 'Roster of The Lantern Pilgrims' })).toContainText(/injured|dead|active/);
  await expect(view.getByRole('grid', { name: 'Standings' }).getByRole('row', { name: /The Lantern Pilgrims/ })).toContainText('1');

  // Undo: every file back; redo: every file written again.
  await view.getByRole('button', { name: 'Undo Record battle #3' }).click();
  await expect(ledger.getByRole('row')).toHaveCount(3);
  expect({ campaign: served.read(CAMPAIGN), pilgrims: served.read('crews/lantern-pilgrims.yaml'), choir: served.read('crews/iron-choir.yaml') }).toEqual(before);
  await view.getByRole('button', { name: 'Redo Record battle #3' }).click();
  await expect(ledger.getByRole('row')).toHaveCount(4);
  expect({ campaign: served.read(CAMPAIGN), pilgrims: served.read('crews/lantern-pilgrims.yaml'), choir: served.read('crews/iron-choir.yaml') }).toEqual(recorded);

  // Save (nothing is left unsaved) and the workspace validates clean.
  await page.keyboard.press('Control+Shift+S');
  await expect(page.getByRole('button', { name: 'Save All' })).toBeDisabled();
  const report = validate(served.root);
  expect(report.errors).toEqual([]);
});

test('the season forecast runs with progress and shows its charts', async ({ page, served }) => {
  test.setTimeout(600_000);
  await openCampaign(page, served);
  const view = page.getByRole('region', { name: 'Campaign The Ashen Reach' });
  await view.getByRole('textbox', { name: 'Seasons to play' }).fill('60');
  await view.getByRole('button', { name: 'Forecast the season' }).click();
  await expect(view.getByRole('progressbar', { name: 'Forecast progress' })).toBeVisible();
  await expect(view.getByText(/^Forecast done: 60 seasons/)).toBeVisible({ timeout: 300_000 });
  const results = view.getByRole('region', { name: 'Forecast results' });
  await expect(results.getByRole('figure', { name: /chance of each final place/ }).locator('svg.recharts-surface')).toBeVisible();
  await expect(results.getByRole('figure', { name: /chance of surviving the season/ }).locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(results.getByRole('grid', { name: 'Forecast: final places' })).toContainText('The Iron Choir');
});

for (const theme of THEMES) {
  test(`the Campaign view has no accessibility violations (${theme})`, async ({ page, served }) => {
    test.setTimeout(300_000);
    await openCampaign(page, served);
    await useTheme(page, theme);
    const view = page.getByRole('region', { name: 'Campaign The Ashen Reach' });
    // Open a history timeline and the forecast results, so they are checked too.
    await view.getByRole('button', { name: /entries$/ }).first().click();
    await view.getByRole('textbox', { name: 'Seasons to play' }).fill('8');
    await view.getByRole('button', { name: 'Forecast the season' }).click();
    await expect(view.getByRole('region', { name: 'Forecast results' })).toBeVisible({ timeout: 120_000 });
    await expectViewAccessible(page, `the Campaign view (${theme})`);
    await view.getByRole('button', { name: 'Record a battle played at the table' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectViewAccessible(page, `the tabletop record dialog (${theme})`, '.cv-modal');
  });
}

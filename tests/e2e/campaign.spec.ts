import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { THEMES, useTheme } from './a11y';
import { expect, explorerItem, openApp, test } from './serve-fixture';
import { pick } from './pick';
import type { Served } from './serve-fixture';

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const CAMPAIGN = 'campaigns/ashen-reach.yaml';

/** Opens the example campaign's Campaign view. */
async function openCampaign(page: Page, served: Served): Promise<void> {
  await openApp(page, served);
  await explorerItem(page, /^The Ashen Reach, campaigns/).click();
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

  // A long forecast can be cancelled.
  await view.getByRole('textbox', { name: 'Seasons to play' }).fill('200000');
  await view.getByRole('button', { name: 'Forecast the season' }).click();
  await expect(view.getByRole('progressbar', { name: 'Forecast progress' })).toBeVisible();
  await view.getByRole('button', { name: 'Cancel forecast' }).click();
  await expect(view.getByText('Forecast cancelled.')).toBeVisible({ timeout: 30_000 });
  await expect(view.getByRole('button', { name: 'Forecast the season' })).toBeEnabled();
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

test('replay a recorded battle, record two tabletop games, and apply the advancement they earn', async ({ page, served }) => {
  test.setTimeout(600_000);
  await openCampaign(page, served);
  const view = page.getByRole('region', { name: 'Campaign The Ashen Reach' });

  // Replay battle 1: rebuilt crews (Weeping Bloom was not yet injured), same seed and bots.
  await view.getByRole('button', { name: 'Replay battle 1' }).click();
  await expect(page.getByText(/crews changed since battle #1.*It ends exactly as recorded\./)).toBeVisible({ timeout: 60_000 });
  // A replay opens at its start (issue 11); Run to end follows the recorded decisions.
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByText(/^Battle over: The Choir wins/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record in campaign' })).toHaveCount(0);
  await page.getByRole('tablist', { name: 'Main view' }).getByRole('tab', { name: 'Editor' }).click();

  // Two games at the table, won by the Iron Choir: Warden-7 reaches 3 victories.
  const games = [
    { scenario: 'The Drowned Foundry', a: 'The Iron Choir', b: 'The Rot Saints', winner: /The Iron Choir \(side a\)/, points: ['4', '1'] },
    { scenario: 'The Glass Temple', a: 'The Lantern Pilgrims', b: 'The Iron Choir', winner: /The Iron Choir \(side b\)/, points: ['0', '3'] },
  ];
  for (const [i, g] of games.entries()) {
    await view.getByRole('button', { name: 'Record a battle played at the table' }).click();
    const dialog = page.getByRole('dialog', { name: /Record a battle played at the table/ });
    await pick(dialog, /Scenario$/, g.scenario);
    await pick(dialog, /Crew of side a$/, g.a);
    await pick(dialog, /Crew of side b$/, g.b);
    await pick(dialog, /Winner$/, g.winner);
    await dialog.getByRole('textbox', { name: 'Points of side a' }).fill(g.points[0]!);
    await dialog.getByRole('textbox', { name: 'Points of side b' }).fill(g.points[1]!);
    await dialog.getByRole('textbox', { name: 'Date' }).fill(`2026-12-0${i + 1}`);
    if (i === 0) {
      await dialog.getByText('Pale Bloom was incapacitated').click();
      await expect(dialog.getByRole('checkbox', { name: 'Pale Bloom was incapacitated' })).toBeChecked();
      await dialog.getByRole('textbox', { name: 'Aftermath roll of Pale Bloom' }).fill('2');
      await expect(dialog.getByText('→ lasting injury (max Health −1)')).toBeVisible();
      await pick(dialog, /Pale Bloom taken down by$/, 'Warden-7');
    }
    await dialog.getByRole('button', { name: 'Confirm and record' }).click();
    await expect(dialog).toHaveCount(0);
  }
  const ledger = view.getByRole('grid', { name: 'Ledger' });
  await expect(ledger.getByRole('row')).toHaveCount(5);
  await expect(ledger.getByRole('row').nth(3)).toContainText('played at the table');
  await expect(ledger.getByRole('row').nth(3)).toContainText('Pale Bloom (taken down by Warden-7): roll 2, lasting injury');
  expect(served.read('crews/rot-saints.yaml')).toMatch(/id: pale-bloom[\s\S]*?health: 1\n/);

  // Advancement is offered, never applied silently; the click writes the die and a history entry.
  expect(served.read('crews/iron-choir.yaml')).toMatch(/id: warden-7\n[^]*?die: d10/);
  await view.getByRole('button', { name: 'Advance Warden-7 from d10 to d12' }).click();
  await expect(view.getByRole('grid', { name: 'Roster of The Iron Choir' }).getByRole('row', { name: /Warden-7/ })).toContainText('d12');
  expect(served.read('crews/iron-choir.yaml')).toMatch(/id: warden-7\n[^]*?die: d12/);
  expect(served.read('crews/iron-choir.yaml')).toContain('{kind: advancement, date: ');
  await expect(view.getByRole('button', { name: /^Advance Warden-7/ })).toHaveCount(0);
  // The toolbar's Undo reaches the workspace change while the Campaign view shows.
  await page.getByRole('toolbar', { name: 'Main' }).getByRole('button', { name: 'Undo' }).click();
  await expect(view.getByRole('button', { name: 'Advance Warden-7 from d10 to d12' })).toBeVisible();
  expect(validate(served.root).errors).toEqual([]);
});

test('a person may play a side: the next battle opens in Play, started, with the campaign crews', async ({ page, served }) => {
  await openCampaign(page, served);
  const view = page.getByRole('region', { name: 'Campaign The Ashen Reach' });
  await pick(view, /Player of side a \(The Lantern Pilgrims\)$/, 'me (a person)');
  await view.getByRole('button', { name: 'Play next battle' }).click();
  await expect(page.getByRole('tablist', { name: 'Test run' })).toBeVisible();
  await expect(page.getByText(/^Campaign battle: The Glass Temple/)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your decision' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: /^Area / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record in campaign' })).toHaveCount(0);
});

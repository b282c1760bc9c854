/**
 * Issue 14, item 13: axe-core finds no violations anywhere in the window (the shell included),
 * in the editor, the forms, the welcome page, the Test run and the Campaign views, light and dark.
 */
import type { Page } from '@playwright/test';
import { expectNoA11yViolations, THEMES, useTheme } from './a11y';
import { expect, explorer, explorerItem, openApp, test } from './serve-fixture';
import { pick } from './pick';

const view = (page: Page, name: 'YAML' | 'Form' | 'Campaign' | 'Sheet') =>
  page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name }).click();

for (const theme of THEMES) {
  test(`issue 14: no axe violations in the editor, forms and welcome page (${theme})`, async ({ page, served }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: theme });
    await openApp(page, served);
    await useTheme(page, theme);
    await expect(page.getByRole('tab', { name: 'Welcome' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible();
    await expectNoA11yViolations(page, `welcome page (${theme})`);

    await explorerItem(page, /^The Iron Choir,/).click();
    await expect(page.getByRole('tab', { name: 'iron-choir.yaml' })).toHaveAttribute('aria-selected', 'true');
    await expectNoA11yViolations(page, `YAML editor (${theme})`);
    // Focus is visible, Monaco's included: a ring around the editor while it has focus.
    await page.evaluate(() => window.__mortisphere!.editor!.focus());
    await expect(page.locator('.monaco-host').first()).toHaveCSS('outline-style', 'solid');
    await explorerItem(page, /^The Iron Choir,/).focus();
    await page.keyboard.press('ArrowDown');
    await expect(explorer(page).locator('[role=row]:focus')).toHaveCSS('outline-style', 'solid');
    await view(page, 'Form');
    await expect(page.getByRole('button', { name: /(^|\s)Die of Warden-7$/ })).toBeVisible();
    await expectNoA11yViolations(page, `crew form (${theme})`);

    await explorerItem(page, /^The Drowned Foundry,/).click();
    await view(page, 'Form');
    await expect(page.getByRole('group', { name: 'Area The Gate', exact: true })).toBeVisible();
    await expectNoA11yViolations(page, `scenario form with its Area map (${theme})`);

    // The other forms: campaign, crew type, library, ruleset.
    for (const path of ['campaigns/ashen-reach.yaml', 'types/bloom-host.yaml', 'libraries/abilities.yaml', 'rulesets/grim-reach.yaml']) {
      await explorerItem(page, new RegExp(`, ${path.replace('.', '\\.')}, `)).click();
      await expect(page.getByRole('tab', { name: path.split('/').pop()! })).toHaveAttribute('aria-selected', 'true');
      await view(page, 'Form');
      await expect(page.getByRole('form', { name: `Form of ${path}` })).toBeVisible();
      await expectNoA11yViolations(page, `form of ${path} (${theme})`);
    }

    await page.getByRole('tab', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search in the workspace' }).fill('warden');
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
    await expectNoA11yViolations(page, `search results (${theme})`);

    await page.keyboard.press('Control+Shift+P');
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
    await expectNoA11yViolations(page, `command palette (${theme})`);
    await page.keyboard.press('Escape');
  });

  test(`issue 14: no axe violations in the Test run and Campaign views, shell included (${theme})`, async ({ page, served }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: theme });
    await openApp(page, served);
    await useTheme(page, theme);
    await explorerItem(page, /^The Ashen Reach, campaigns/).click();
    await view(page, 'Campaign');
    await expect(page.getByRole('heading', { name: /Standings|The Ashen Reach/ }).first()).toBeVisible();
    await expectNoA11yViolations(page, `Campaign view (${theme})`);

    await page.getByRole('tablist', { name: 'Main view' }).getByRole('tab', { name: 'Test run' }).click();
    await pick(page, 'Scenario', 'The Drowned Foundry');
    await pick(page, 'Player of side A', 'me');
    await pick(page, 'Player of side B', 'greedy');
    await page.getByRole('button', { name: 'Start battle' }).click();
    await expect(page.getByRole('group', { name: 'Your decision' })).toBeVisible({ timeout: 60_000 });
    await expectNoA11yViolations(page, `Test run, Play, whole window (${theme})`);
  });
}

/**
 * Issue 17, items 2 and 3 (the shell): status messages as toasts, the Problems panel collapsed to
 * a header with a count badge, and the inspector beside the editor — by role and accessible name,
 * with axe in light and dark.
 */
import type { Page } from '@playwright/test';
import { expectNoA11yViolations, THEMES, useTheme } from './a11y';
import { problemsTab, showProblems } from './panel';
import { picked } from './pick';
import { editActive, expect, explorer, explorerItem, openApp, test } from './serve-fixture';
import { dismissToasts, toast } from './toast';

/** The Test run setup's scenario: a native select's value, or the react-aria Picker's shown text. */
async function setupScenario(page: Page): Promise<string> {
  const native = page.getByRole('combobox', { name: 'Scenario' });
  if ((await native.count()) > 0) return native.inputValue();
  return picked(page, 'Scenario');
}
const token = (page: Page, name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
/** A CSS colour as the browser computes it (tokens are written in hex). */
const computed = (page: Page, css: string) =>
  page.evaluate((c) => {
    const el = document.createElement('span');
    el.style.color = c;
    document.body.append(el);
    const out = getComputedStyle(el).color;
    el.remove();
    return out;
  }, css);

test('item 2: status messages are toasts — one at a time, info closes itself, errors and actions stay, Dismiss is named', async ({ page, served }) => {
  test.setTimeout(240_000);
  await openApp(page, served);
  // The workspace's "Opened …" is a toast in the Messages region, an alert (announced).
  await expect(toast(page)).toContainText('Opened');
  await expect(toast(page).getByRole('alert')).toHaveCount(1);
  await expect(toast(page).getByRole('button', { name: 'Dismiss the message' })).toBeVisible();
  // The status bar keeps the workspace, totals and save state, but no message.
  await expect(page.locator('footer.statusbar')).toContainText('0 errors, 0 warnings');
  await expect(page.locator('footer.statusbar')).not.toContainText('Opened');

  // A new message replaces the old one: never two, never a stale one.
  await explorerItem(page, /^The Iron Choir,/).click();
  await editActive(page, 'name: The Iron Choir', 'name: The Tin Choir');
  await page.keyboard.press('Control+s');
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText(/Saved crews\/iron-choir\.yaml|All changes saved/);
  await expect(toast(page)).not.toContainText('Opened');
  // Information closes itself (8 s).
  await expect(toast(page)).toHaveCount(0, { timeout: 15_000 });

  // An error stays until dismissed.
  await page.evaluate(() => {
    const { editor } = window.__mortisphere!;
    editor!.focus();
    editor!.setPosition({ lineNumber: 1, column: 1 });
  });
  await page.keyboard.press('Shift+F12');
  await expect(toast(page)).toContainText('Put the cursor on an id');
  await page.waitForTimeout(9_000);
  await expect(toast(page)).toContainText('Put the cursor on an id');
  await toast(page).getByRole('button', { name: 'Dismiss the message' }).click();
  await expect(toast(page)).toHaveCount(0);

  // A message with an action keeps it available: Delete, then "Undo delete" from the toast.
  const item = explorerItem(page, /^The Iron Choir,|^The Tin Choir,/);
  await item.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Delete (kept in History)' }).click();
  await page.getByRole('dialog', { name: 'Delete crews/iron-choir.yaml?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(item).toBeHidden();
  await expect(toast(page)).toContainText('Deleted crews/iron-choir.yaml');
  await page.waitForTimeout(9_000);
  await expect(toast(page).getByRole('button', { name: 'Undo delete' })).toBeVisible();
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await expectNoA11yViolations(page, `a toast with an action (${theme})`);
  }
  await toast(page).getByRole('button', { name: 'Undo delete' }).click();
  await expect(item).toBeVisible();
  await expect(toast(page)).toContainText('Restored crews/iron-choir.yaml');
});

test('item 3: the Problems panel collapses to its header with a count badge, opens on a click, and remembers it', async ({ page, served }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page, served);
  await dismissToasts(page);
  // No problems: collapsed to its header; the badge is a quiet success check, not the warning colour.
  await expect(problemsTab(page)).toHaveAccessibleName('Problems, 0 errors, 0 warnings');
  await expect(page.getByRole('region', { name: 'Problems' })).toBeHidden();
  const panel = page.locator('.bottom-panel');
  expect((await panel.boundingBox())!.height).toBeLessThan(40);
  const ok = page.locator('.problems-badge .badge-ok');
  await expect(ok).toBeVisible();
  await expect(ok).toHaveCSS('color', await computed(page, await token(page, '--color-success')));
  await expect(page.locator('.problems-badge .badge-warning')).toHaveCount(0);

  // A new error does not open the panel (the editor would jump while typing); the badge counts it in the danger role.
  await explorerItem(page, /^The Iron Choir,/).click();
  await editActive(page, 'die: d10', 'die: d7');
  await expect(problemsTab(page)).toHaveAccessibleName('Problems, 1 error, 0 warnings');
  const error = page.locator('.problems-badge .badge-error');
  await expect(error).toHaveText('1');
  await expect(error).toHaveCSS('background-color', await computed(page, await token(page, '--color-danger')));
  await expect(page.getByRole('region', { name: 'Problems' })).toBeHidden();
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await expectNoA11yViolations(page, `collapsed Problems panel with its badge (${theme})`, '.bottom-panel');
  }
  // One click on the tab opens it on the problem.
  const problems = await showProblems(page);
  await expect(problems.getByRole('button', { name: /^crews\/iron-choir\.yaml:\d+:\d+ error / })).toBeVisible();
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await expectNoA11yViolations(page, `open Problems panel (${theme})`, '.bottom-panel');
  }
  // Opened by the user, it stays open after a reload.
  await page.waitForTimeout(600);
  await page.reload();
  await expect(explorer(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Problems' })).toBeVisible();
});

test('item 3: a workspace that opens with problems shows the Problems panel open', async ({ page, served }) => {
  served.write('crews/broken.yaml', 'kind: crew\nschemaVersion: 1\nid: broken\nname: Broken\nmembers:\n  - id: a\n    name: A\n    type: grunt\n    die: d7\n    health: 1\n');
  await openApp(page, served);
  await expect(problemsTab(page)).toHaveAccessibleName(/^Problems, [1-9]\d* errors?, /);
  await expect(page.getByRole('region', { name: 'Problems' }).getByRole('button', { name: /^crews\/broken\.yaml:/ }).first()).toBeVisible();
});

test('item 3: the inspector shows the active document, what it uses and what uses it, its problems and quick actions', async ({ page, served }) => {
  test.setTimeout(240_000);
  await openApp(page, served);
  await dismissToasts(page);
  await explorerItem(page, /^The Iron Choir,/).click();
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  await expect(inspector).toContainText('Crew');
  await expect(inspector).toContainText('iron-choir');
  await expect(inspector).toContainText('The Iron Choir');
  // Links show the linked document's name; its kind, id and file are the secondary text (its description).
  const aim = inspector.getByRole('list', { name: 'Uses' }).getByRole('button', { name: 'Ability Steady Aim' });
  await expect(aim).toBeVisible();
  await expect(aim).toHaveAccessibleDescription('Ability · steady-aim · libraries/abilities.yaml');
  const usedBy = inspector.getByRole('list', { name: 'Used by' });
  await expect(usedBy.getByRole('button', { name: 'Scenario The Drowned Foundry' })).toHaveAccessibleDescription(/drowned-foundry · scenarios\/drowned-foundry\.yaml/);
  await expect(usedBy.getByRole('button', { name: 'Campaign The Ashen Reach' })).toBeVisible();
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await expectNoA11yViolations(page, `inspector (${theme})`, '.inspector');
  }

  // Its problems follow the edits (from the validator's answer, no parse of its own).
  await editActive(page, 'die: d10', 'die: d7');
  const problems = inspector.locator('.inspector-problems');
  await expect(problems).toContainText('1 error');
  await expect(inspector.getByRole('list', { name: 'Problems in this file' }).getByRole('button', { name: /error .*d7/ })).toBeVisible();

  // Quick actions: Form and YAML views; Test run this crew.
  await inspector.getByRole('button', { name: 'Form' }).click();
  await expect(page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
  await inspector.getByRole('button', { name: 'YAML' }).click();
  await expect(page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'YAML' })).toHaveAttribute('aria-selected', 'true');
  await editActive(page, 'die: d7', 'die: d10');
  await expect(problems).toContainText('no problems');

  // A link opens the document it names.
  await usedBy.getByRole('button', { name: 'Scenario The Drowned Foundry' }).click();
  await expect(page.getByRole('tab', { name: 'drowned-foundry.yaml' })).toHaveAttribute('aria-selected', 'true');
  await expect(inspector).toContainText('Scenario');
  await inspector.getByRole('button', { name: 'Test run this scenario' }).click();
  await expect(page.getByRole('tablist', { name: 'Test run' })).toBeVisible();
  await expect.poll(() => setupScenario(page)).toMatch(/drowned-foundry|The Drowned Foundry/);
  await page.getByRole('tablist', { name: 'Main view' }).getByRole('tab', { name: 'Editor' }).click();

  // It hides, shows again from the tab strip, and a hidden inspector stays hidden after a reload.
  await inspector.getByRole('button', { name: 'Hide the inspector' }).click();
  await expect(inspector).toBeHidden();
  await page.getByRole('button', { name: 'Show the inspector' }).click();
  await expect(inspector).toBeVisible();
  await inspector.getByRole('button', { name: 'Hide the inspector' }).click();
  await page.waitForTimeout(600);
  await page.reload();
  await expect(explorer(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Show the inspector' })).toBeVisible();
  await expect(inspector).toBeHidden();
});

test('item 3: the toolbar is grouped by meaning — file, edit, history and commands — then the view switch', async ({ page, served }) => {
  await openApp(page, served);
  const bar = page.getByRole('toolbar', { name: 'Main' });
  const groups = bar.getByRole('group');
  await expect(groups).toHaveCount(3);
  const names = await groups.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(names).toEqual(['File', 'Edit', 'History and commands']);
  for (const b of ['New document', 'Save', 'Save All']) await expect(bar.getByRole('group', { name: 'File' }).getByRole('button', { name: b, exact: true })).toBeAttached();
  for (const b of ['Undo', 'Redo']) await expect(bar.getByRole('group', { name: 'Edit' }).getByRole('button', { name: b, exact: true })).toBeAttached();
  for (const b of ['History', 'Commands']) await expect(bar.getByRole('group', { name: 'History and commands' }).getByRole('button', { name: b, exact: true })).toBeAttached();
  await expect(bar.getByRole('separator')).toHaveCount(2);
  // The view switch comes after the toolbar, in the same banner.
  const barBox = (await bar.boundingBox())!;
  const view = (await page.getByRole('tablist', { name: 'Main view' }).boundingBox())!;
  expect(view.x).toBeGreaterThan(barBox.x + barBox.width - 1);
  // Arrow keys still move across the groups (skipping the disabled Save, Save All, Undo, Redo, History).
  await bar.getByRole('button', { name: 'Commands', exact: true }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(bar.getByRole('group', { name: 'File' }).getByRole('button', { name: 'New document' })).toBeFocused();
});

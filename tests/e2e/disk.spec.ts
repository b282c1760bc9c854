import type { Page } from '@playwright/test';
import { editActive, expect, explorerItem, modelText, openApp, test } from './serve-fixture';
import { showProblems } from './panel';
import type { Served } from './serve-fixture';

const CREW = 'crews/iron-choir.yaml';

/** Asks the server (with the page's own token) which drafts it holds. */
async function draftTexts(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const token = new URL(location.href).searchParams.get('token');
    const res = await fetch('/api/listDrafts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ args: [] }),
    });
    const r = (await res.json()) as { ok: boolean; value?: { path: string; text: string }[] };
    return Object.fromEntries((r.value ?? []).map((d) => [d.path, d.text]));
  });
}

async function openCrewAndEdit(page: Page, served: Served): Promise<void> {
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await editActive(page, 'name: The Iron Choir', 'name: The Choir of Mine');
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml, unsaved' })).toBeVisible();
}

test('an external edit of a dirty file shows the banner; Compare shows both; Reload takes the disk', async ({ page, served }) => {
  await openCrewAndEdit(page, served);
  const theirs = served.read(CREW).replace('name: The Iron Choir', 'name: The Choir of Theirs');
  served.write(CREW, theirs);
  const banner = page.getByRole('main').getByRole('alert').filter({ hasText: `${CREW} changed on disk` });
  await expect(banner).toBeVisible();
  expect(await modelText(page, 'iron-choir.yaml')).toContain('The Choir of Mine');

  await banner.getByRole('button', { name: 'Compare' }).click();
  const diff = page.getByRole('region', { name: `Compare ${CREW}` });
  await expect(diff).toBeVisible();
  await expect(diff.locator('.monaco-diff-editor')).toBeVisible();
  await expect(diff).toContainText('The Choir of Theirs');
  await expect(diff).toContainText('The Choir of Mine');
  await diff.getByRole('button', { name: 'Close comparison' }).click();
  await expect(diff).toBeHidden();

  await banner.getByRole('button', { name: 'Reload' }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml' })).toBeVisible();
  expect(await modelText(page, 'iron-choir.yaml')).toBe(theirs);
  // Reload is one undoable edit: undo brings the user's text back.
  await page.getByRole('button', { name: 'Undo' }).click();
  expect(await modelText(page, 'iron-choir.yaml')).toContain('The Choir of Mine');
});

test('an external edit of a clean open file reloads it silently', async ({ page, served }) => {
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml' })).toBeVisible();
  const theirs = served.read(CREW).replace('name: The Iron Choir', 'name: The Outside Choir');
  served.write(CREW, theirs);
  await expect.poll(() => modelText(page, 'iron-choir.yaml')).toBe(theirs);
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'on disk' })).toHaveCount(0);
  await expect(explorerItem(page, /^The Outside Choir,/)).toBeVisible();
});

test('a save after an external edit is a conflict the user resolves (Keep mine / Overwrite)', async ({ page, served }) => {
  await openCrewAndEdit(page, served);
  served.write(CREW, served.read(CREW).replace('name: The Iron Choir', 'name: The Choir of Theirs'));
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'changed on disk' })).toBeVisible();
  await page.keyboard.press('Control+s');
  const conflict = page.getByRole('main').getByRole('alert').filter({ hasText: 'was not saved' });
  await expect(conflict).toBeVisible();
  expect(served.read(CREW)).toContain('The Choir of Theirs');
  await conflict.getByRole('button', { name: 'Overwrite' }).click();
  await expect(conflict).toBeHidden();
  await expect.poll(() => served.read(CREW)).toContain('The Choir of Mine');
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml' })).toBeVisible();

  // Keep mine, then Save, also overwrites.
  await editActive(page, 'The Choir of Mine', 'The Choir of Mine Again');
  served.write(CREW, served.read(CREW).replace('The Choir of Mine', 'The Choir of Theirs Again'));
  const banner = page.getByRole('main').getByRole('alert').filter({ hasText: 'changed on disk' });
  await banner.getByRole('button', { name: 'Keep mine' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => served.read(CREW)).toContain('The Choir of Mine Again');
});

test('HTML and script payloads in names render as inert text', async ({ page, served }) => {
  const payload = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>`;
  served.write(CREW, served.read(CREW).replace('name: The Iron Choir', `name: '${payload}'`));
  await openApp(page, served);
  const item = explorerItem(page, new RegExp(`^${payload.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`));
  await expect(item).toBeVisible();
  await expect(item).toContainText(payload);
  await item.click();
  // A payload in a reference reaches the diagnostics' messages: the Problems panel shows it as text.
  const ref = `<img src=y onerror="window.__pwned=3">`;
  await editActive(page, 'abilities: [steady-aim]', `abilities: ['${ref}']`);
  const problems = await showProblems(page);
  await expect(problems.getByRole('button', { name: /unknown-ref/ }).filter({ hasText: ref })).toBeVisible();
  await problems.hover();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"], img[src="y"], body script:not([src])').count()).toBe(0);
});

test('unsaved edits survive a page reload', async ({ page, served }) => {
  await openCrewAndEdit(page, served);
  const mine = await modelText(page, 'iron-choir.yaml');
  await expect.poll(() => draftTexts(page)).toEqual({ [CREW]: mine });
  await page.reload();
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml, unsaved' })).toBeVisible({ timeout: 30_000 });
  expect(await modelText(page, 'iron-choir.yaml')).toBe(mine);
  expect(served.read(CREW)).not.toContain('The Choir of Mine');
  // Saving clears the draft.
  await page.getByRole('tab', { name: 'iron-choir.yaml, unsaved' }).click();
  await page.keyboard.press('Control+s');
  await expect.poll(() => draftTexts(page)).toEqual({});
  expect(served.read(CREW)).toBe(mine);
});

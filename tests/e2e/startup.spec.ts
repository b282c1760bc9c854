/**
 * Issue 15: the window shows before the heavy parts arrive. The explorer and restored tabs show
 * while the workspace is still being read and Monaco still loading; validation runs in a Web
 * Worker; the editor, forms and Test run view are chunks of their own with a visible loading state.
 */
import type { Page, Route } from '@playwright/test';
import { editActive, editorReady, expect, explorer, explorerItem, markers, modelText, openApp, test } from './serve-fixture';
import { picked } from './pick';

/** Holds every request matching `pattern` until `release()` is called. */
async function hold(page: Page, pattern: string): Promise<{ release: () => void; seen: () => number }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let seen = 0;
  await page.route(pattern, async (route: Route) => {
    seen++;
    await released;
    await route.continue();
  });
  return { release, seen: () => seen };
}

/** The drafts the server holds (asked with the page's own token). */
async function draftPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const token = new URL(location.href).searchParams.get('token');
    const res = await fetch('/api/listDrafts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ args: [] }),
    });
    const r = (await res.json()) as { value?: { path: string }[] };
    return (r.value ?? []).map((d) => d.path);
  });
}

test('explorer and restored tabs show before the workspace is read and before Monaco loads', async ({
  page,
  served,
}) => {
  await openApp(page, served);
  await explorerItem(page, /^The Glass Temple,/).click();
  await explorerItem(page, /^The Iron Choir,/).click();
  await editActive(page, 'name: The Iron Choir', 'name: The Choir of Mine');
  await expect.poll(() => draftPaths(page)).toEqual(['crews/iron-choir.yaml']);

  const files = await hold(page, '**/api/readAllFiles');
  const editor = await hold(page, '**/assets/editor-chunk-*.js');
  await page.reload();
  const tree = explorer(page);
  await expect(tree.getByRole('row', { name: /^The Iron Choir,/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'iron-choir.yaml, unsaved' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'glass-temple.yaml' })).toBeVisible();
  // The draft's text shows at once, read-only, while the editor loads.
  const panel = page.locator('#editor-panel');
  await expect(panel.getByRole('status')).toHaveText('Loading the editor…');
  await expect(panel.getByLabel(/^Text of crews\/iron-choir\.yaml/)).toContainText('name: The Choir of Mine');
  await page.getByRole('tab', { name: 'glass-temple.yaml' }).click();
  await expect(panel.getByLabel(/^Text of scenarios\/glass-temple\.yaml/)).toContainText(
    'name: The Glass Temple',
  );
  expect(files.seen()).toBe(1);
  expect(await page.evaluate(() => window.__mortisphere === undefined)).toBe(true);
  // Nothing was validated with half a workspace: no Problems entries while the files are held.
  await expect(
    page.getByRole('region', { name: 'Problems' }).getByRole('button', { name: /unknown-ref/ }),
  ).toHaveCount(0);

  files.release();
  editor.release();
  await editorReady(page);
  await page.getByRole('tab', { name: 'iron-choir.yaml, unsaved' }).click();
  expect(await modelText(page, 'iron-choir.yaml')).toContain('name: The Choir of Mine');
  await editActive(page, 'die: d10', 'die: d7');
  await expect
    .poll(async () => (await markers(page, 'iron-choir.yaml')).map((m) => m.code))
    .toEqual(['schema']);
});

test('validation runs in a Web Worker; the forms and the Test run view load as chunks of their own, with a loading state', async ({
  page,
  served,
}) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await openApp(page, served);
  await explorerItem(page, /^The Iron Choir,/).click();
  await editActive(page, 'die: d10', 'die: d7');
  await expect.poll(async () => (await markers(page, 'iron-choir.yaml')).length).toBe(1);
  expect(page.workers().some((w) => /validation\.worker-[\w-]+\.js/.test(w.url()))).toBe(true);
  // The page's thread never loaded the validator itself (only the worker did).
  expect(requested.filter((p) => /\/assets\/(validation|forms|testrun)-[\w-]+\.js$/.test(p))).toEqual([]);

  const forms = await hold(page, '**/assets/forms-*.js');
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Form' }).click();
  await expect(page.locator('.form-host').getByRole('status')).toHaveText('Loading the form…');
  forms.release();
  await expect.poll(() => picked(page, 'Die of Warden-7')).toBe('d7 (unknown)');

  const testrun = await hold(page, '**/assets/testrun-*.js');
  await page.getByRole('tablist', { name: 'Main view' }).getByRole('tab', { name: 'Test run' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading the Test run view…' })).toBeVisible();
  testrun.release();
  await expect(page.getByRole('tablist', { name: 'Test run' })).toBeVisible();
  expect(requested.some((p) => /\/assets\/testrun-[\w-]+\.js$/.test(p))).toBe(true);
});

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
/** The example workspace copied for every test (a fixture of ours until it exists). */
const EXAMPLE = existsSync(join(REPO, 'resources/examples/ashen-reach/mortisphere.yaml'))
  ? join(REPO, 'resources/examples/ashen-reach')
  : join(REPO, 'tests/fixtures/e2e-workspace');
const BANNER = /Mortisphere Studio: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/;

/** A running `mortisphere serve` on a temp copy of the example workspace. */
export interface Served {
  url: string;
  root: string;
  /** Reads a workspace file from disk. */
  read(path: string): string;
  /** Writes a workspace file as another program would. */
  write(path: string, text: string): void;
}

async function startServe(root: string, dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(REPO, 'bin/mortisphere.mjs'), 'serve', root, '--port', '0'], {
    cwd: REPO,
    env: { ...process.env, MORTISPHERE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let errText = '';
  child.stderr?.on('data', (d) => (errText += String(d)));
  const url = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`mortisphere serve printed no banner in 60 s:\n${out}\n${errText}`)), 60_000);
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = BANNER.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePromise(m[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mortisphere serve exited with ${code}:\n${out}\n${errText}`));
    });
  });
  return { child, url };
}

/** `served`: a fresh workspace copy and server per test, stopped and deleted afterwards. */
export const test = base.extend<{ served: Served }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  served: async ({}, use) => {
    const root = mkdtempSync(join(tmpdir(), 'mortisphere-e2e-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'mortisphere-e2e-data-'));
    cpSync(EXAMPLE, root, { recursive: true });
    const { child, url } = await startServe(root, dataDir);
    await use({
      url,
      root,
      read: (p) => readFileSync(join(root, p), 'utf8'),
      write: (p, t) => writeFileSync(join(root, p), t),
    });
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  },
});
export { expect };

/** The explorer: a react-aria Tree, which is a WAI-ARIA `treegrid` of `row`s. */
export const explorer = (page: Page) => page.getByRole('treegrid', { name: 'Explorer' });
/** A row of the explorer (a document or a kind group), by accessible name. */
export const explorerItem = (page: Page, name: string | RegExp) => explorer(page).getByRole('row', { name });

/** Opens the app and waits until the explorer shows the workspace and the editor (a lazy chunk) has loaded. */
export async function openApp(page: Page, served: Served): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(served.url);
  await expect(explorer(page)).toBeVisible({ timeout: 30_000 });
  await editorReady(page);
}

/** Waits until Monaco (loaded after the first paint) and its editor exist. */
export async function editorReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !!window.__mortisphere?.editor, null, { timeout: 30_000 });
}

/** The text of a tab's Monaco model (tests drive Monaco through its API). */
export async function modelText(page: Page, fileName: string): Promise<string> {
  await editorReady(page);
  return page.evaluate((name) => {
    const m = window.__mortisphere!.monaco.editor.getModels().find((x) => decodeURIComponent(x.uri.path).endsWith(`/${name}`));
    return m ? m.getValue() : '';
  }, fileName);
}

/** Replaces the first occurrence of `from` by `to` in the active editor, as typing would. */
export async function editActive(page: Page, from: string, to: string): Promise<void> {
  await editorReady(page);
  await page.evaluate(
    ([a, b]) => {
      const { editor, monaco } = window.__mortisphere!;
      const model = editor!.getModel()!;
      const offset = model.getValue().indexOf(a);
      if (offset < 0) throw new Error(`'${a}' not found in the active editor`);
      const s = model.getPositionAt(offset);
      const e = model.getPositionAt(offset + a.length);
      editor!.executeEdits('e2e', [{ range: new monaco.Range(s.lineNumber, s.column, e.lineNumber, e.column), text: b }]);
    },
    [from, to],
  );
}

/** Markers the app set on the model of `fileName`. */
export async function markers(page: Page, fileName: string): Promise<{ code: string; message: string; line: number }[]> {
  await editorReady(page);
  return page.evaluate((name) => {
    const { monaco } = window.__mortisphere!;
    const m = monaco.editor.getModels().find((x) => decodeURIComponent(x.uri.path).endsWith(`/${name}`));
    if (!m) return [];
    return monaco.editor
      .getModelMarkers({ resource: m.uri, owner: 'mortisphere' })
      .map((k) => ({ code: typeof k.code === 'string' ? k.code : String(k.code?.value ?? ''), message: k.message, line: k.startLineNumber }));
  }, fileName);
}

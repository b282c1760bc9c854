import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_INDEX_URL, APP_SCHEME, appResponse, isAppPage } from '../../../src/main/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/csp';

let base: string;
let dir: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'ms-app-protocol-'));
  dir = join(base, 'renderer');
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Mortisphere</title>');
  await writeFile(join(dir, 'assets', 'index-CdxZzavp.js'), 'export const built = 1;');
  await writeFile(join(dir, 'assets', 'x.wasm'), Buffer.from([0, 97, 115, 109]));
  await writeFile(join(base, 'secret.txt'), 'TOP-SECRET-BYTES');
});
afterAll(() => rm(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => appResponse(dir, { url, method });

describe('the app scheme (Electron loads the renderer from it, with the V8 code cache)', () => {
  it('serves the built files with their content type, the CSP and nosniff; / is index.html', async () => {
    for (const url of [APP_INDEX_URL, `${APP_SCHEME}://studio/`, `${APP_INDEX_URL}?x=1#y`]) {
      const r = await get(url);
      expect(r.status, url).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(r.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await r.text()).toContain('<title>Mortisphere</title>');
    }
    const js = await get(`${APP_SCHEME}://studio/assets/index-CdxZzavp.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe('export const built = 1;');
    const wasm = await get(`${APP_SCHEME}://studio/assets/x.wasm`);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect([...new Uint8Array(await wasm.arrayBuffer())]).toEqual([0, 97, 115, 109]);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get(APP_INDEX_URL, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await get(APP_INDEX_URL, 'POST')).status).toBe(405);
  });

  it('gives 404, never a file outside the folder, for traversal, another host, a folder or a missing file', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/assets/%5c..%5csecret.txt', '/%00', '/%E0%A4%A', '/assets', '/nope.js']) {
      const r = await get(`${APP_SCHEME}://studio${path}`);
      expect(r.status, path).toBe(404);
      expect(await r.text()).not.toContain('TOP-SECRET-BYTES');
    }
    expect((await get(`${APP_SCHEME}://other/index.html`)).status).toBe(404);
    expect((await get('https://studio/index.html')).status).toBe(404);
    expect((await get('not a url')).status).toBe(404);
  });

  it('reads through the given reader (Electron reads inside app.asar), and a read error is a 404', async () => {
    const seen: string[] = [];
    const r = await appResponse(dir, { url: `${APP_SCHEME}://studio/assets/a.js`, method: 'GET' }, async (file) => {
      seen.push(file);
      return new TextEncoder().encode('ok');
    });
    expect(seen).toEqual([join(dir, 'assets', 'a.js')]);
    expect(await r.text()).toBe('ok');
    const failed = await appResponse(dir, { url: APP_INDEX_URL, method: 'GET' }, async () => {
      throw new Error('EACCES');
    });
    expect(failed.status).toBe(404);
  });

  it('knows its own page', () => {
    expect(isAppPage(new URL(`${APP_INDEX_URL}#welcome`))).toBe(true);
    expect(isAppPage(new URL(`${APP_SCHEME}://studio/other.html`))).toBe(false);
    expect(isAppPage(new URL(`${APP_SCHEME}://elsewhere/index.html`))).toBe(false);
    expect(isAppPage(new URL('file:///index.html'))).toBe(false);
  });
});

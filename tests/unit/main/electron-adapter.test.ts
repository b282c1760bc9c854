import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_METHODS, channelOf } from '../../../src/shared/api';
import { makeElectronFake } from './electron-fake';

const dataDir = await mkdtemp(join(tmpdir(), 'ms-electron-'));
process.env.MORTISPHERE_DATA_DIR = dataDir;
const fake = makeElectronFake(dataDir);
vi.mock('electron', () => ({ ...fake.electron, default: fake.electron }));

const { startElectronApp } = await import('../../../src/main/app');
const { CONTENT_SECURITY_POLICY } = await import('../../../src/main/csp');
const { APP_INDEX_URL, APP_SCHEME } = await import('../../../src/main/app-protocol');
let started: Awaited<ReturnType<typeof startElectronApp>>;

beforeAll(async () => {
  started = await startElectronApp();
});
afterAll(async () => {
  await started.services.close();
  await rm(dataDir, { recursive: true, force: true });
});

const rendererUrl = pathToFileURL(join(process.cwd(), 'src', 'renderer', 'index.html')).href;
const ownFrame = { senderFrame: { url: rendererUrl, parent: null } };

describe('Electron adapter', () => {
  it('registers exactly one ipcMain handler per Api method', () => {
    expect([...fake.handlers.keys()].sort()).toEqual(API_METHODS.map(channelOf).sort());
  });

  it('creates the window with isolated, sandboxed webPreferences and the CJS preload', () => {
    const prefs = fake.windows[0].options.webPreferences;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false, allowRunningInsecureContent: false });
    expect(String(prefs.preload)).toMatch(/[\\/]preload[\\/]index\.cjs$/);
    expect(fake.electron.app.enableSandbox).toHaveBeenCalled();
  });

  it('denies window.open, sending https links to the OS browser and dropping others', () => {
    const contents = fake.windows[0].webContents;
    expect(contents.openHandler!({ url: 'https://example.org/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'http://example.org/' })).toEqual({ action: 'deny' });
    expect(fake.openExternal).toHaveBeenCalledWith('https://example.org/');
    expect(fake.openExternal).toHaveBeenCalledTimes(1);
  });

  it('denies navigation', () => {
    const contents = fake.windows[0].webContents;
    const preventDefault = vi.fn();
    for (const listener of contents.listeners.get('will-navigate') ?? []) listener({ preventDefault }, 'https://evil.example/');
    expect(preventDefault).toHaveBeenCalled();
    const attach = vi.fn();
    for (const listener of contents.listeners.get('will-attach-webview') ?? []) listener({ preventDefault: attach });
    expect(attach).toHaveBeenCalled();
  });

  it('denies navigation of any frame (will-frame-navigate), on the window and on later contents (issue 9 item 14)', () => {
    const contents = fake.windows[0].webContents;
    const guards = contents.listeners.get('will-frame-navigate') ?? [];
    expect(guards).toHaveLength(1);
    for (const isMainFrame of [false, true]) {
      const preventDefault = vi.fn();
      guards[0]({ preventDefault, url: 'https://evil.example/', isMainFrame }, 'https://evil.example/');
      expect(preventDefault).toHaveBeenCalled();
    }
    const Contents = contents.constructor as new () => (typeof fake.windows)[0]['webContents'];
    const other = new Contents();
    for (const l of fake.appListeners.get('web-contents-created') ?? []) l({}, other);
    expect(other.listeners.get('will-frame-navigate')).toHaveLength(1);
  });

  it('denies every permission check, whatever the permission or origin (issue 9 item 14)', () => {
    const check = fake.permissionCheck();
    expect(check).not.toBeNull();
    for (const permission of ['media', 'clipboard-read', 'notifications', 'geolocation', 'fullscreen', 'hid', 'serial']) {
      expect(check!({}, permission, 'file://', {}), permission).toBe(false);
    }
  });

  it('locks down every web contents created later too', () => {
    const listeners = fake.appListeners.get('web-contents-created') ?? [];
    expect(listeners.length).toBeGreaterThan(0);
    const Contents = fake.windows[0].webContents.constructor as new () => (typeof fake.windows)[0]['webContents'];
    const other = new Contents();
    for (const l of listeners) l({}, other);
    expect(other.openHandler!({ url: 'https://x.example/' })).toEqual({ action: 'deny' });
    expect(other.listeners.get('will-navigate')?.length).toBe(1);
  });

  it('sets the strict CSP on every response and denies permission requests', () => {
    let headers: Record<string, string[]> = {};
    fake.headersHook()!({ responseHeaders: { 'X-Other': ['1'] } }, (r) => (headers = (r as { responseHeaders: Record<string, string[]> }).responseHeaders));
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(CONTENT_SECURITY_POLICY).toMatch(/default-src 'self'; script-src 'self';/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval/);
    expect(headers['X-Other']).toEqual(['1']);
    let allowed = true;
    fake.permissionHook()!({}, 'media', (a) => (allowed = a));
    expect(allowed).toBe(false);
  });

  it('loads the page from the app scheme, registered before ready with the V8 code cache, which serves the built renderer', async () => {
    const { order, electron } = fake;
    expect(order.indexOf('registerSchemesAsPrivileged')).toBeLessThan(order.indexOf('whenReady'));
    expect(order.indexOf('whenReady')).toBeLessThan(order.indexOf('handle'));
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
    ]);
    expect(electron.protocol.handle.mock.calls[0][0]).toBe(APP_SCHEME);
    expect(fake.windows[0].loadURL).toHaveBeenCalledWith(APP_INDEX_URL);
    expect(fake.windows[0].loadFile).not.toHaveBeenCalled();
    const page = await fake.schemeHandler()!({ url: APP_INDEX_URL, method: 'GET' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fake.schemeHandler()!({ url: `${APP_SCHEME}://studio/../../package.json`, method: 'GET' })).status).toBe(404);
  });

  it('trusts IPC from the page of the app scheme only (not another host or page of the scheme, nor a frame in it)', async () => {
    const read = fake.handlers.get(channelOf('recentWorkspaces'))!;
    expect(Array.isArray(await read({ senderFrame: { url: `${APP_INDEX_URL}#x`, parent: null } }))).toBe(true);
    for (const url of [`${APP_SCHEME}://other/index.html`, `${APP_SCHEME}://studio/assets/evil.html`, 'https://studio/index.html']) {
      expect(await read({ senderFrame: { url, parent: null } }), url).toMatchObject({ ok: false, error: { code: 'api/untrusted-sender' } });
    }
    expect(await read({ senderFrame: { url: APP_INDEX_URL, parent: {} } })).toMatchObject({ ok: false, error: { code: 'api/untrusted-sender' } });
  });

  it('handlers validate arguments and the sender frame', async () => {
    const read = fake.handlers.get(channelOf('readFile'))!;
    expect(await read(ownFrame, 42)).toMatchObject({ ok: false, error: { code: 'api/bad-arguments' } });
    expect(await read({ senderFrame: { url: 'https://evil.example/', parent: null } }, 'a.yaml')).toMatchObject({ ok: false, error: { code: 'api/untrusted-sender' } });
    expect(await read({ senderFrame: { url: rendererUrl, parent: {} } }, 'a.yaml')).toMatchObject({ ok: false, error: { code: 'api/untrusted-sender' } });
    expect(await read({ senderFrame: null }, 'a.yaml')).toMatchObject({ ok: false, error: { code: 'api/untrusted-sender' } });
    const recent = fake.handlers.get(channelOf('recentWorkspaces'))!;
    expect(Array.isArray(await recent(ownFrame))).toBe(true);
  });

  it('opens the folder dialog for openWorkspace() without a path', async () => {
    const open = fake.handlers.get(channelOf('openWorkspace'))!;
    expect(await open(ownFrame)).toMatchObject({ ok: false, error: { code: 'workspace/cancelled' } });
    expect(fake.electron.dialog.showOpenDialog).toHaveBeenCalled();
  });

  it('forwards service events to the window', async () => {
    started.services.simulations.start({ documents: {}, scenario: 'nope', policies: ['random', 'random'], seed: 1, runs: 1, workers: 1 });
    for (let i = 0; i < 100 && !fake.windows[0].webContents.sent.some(([e]) => e === 'main:sim-done'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(fake.windows[0].webContents.sent.map(([e]) => e)).toContain('main:sim-done');
  });
});

import { request } from 'node:http';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ok } from '../../../src/shared/result';
import type { WebHost } from '../../../src/main/web-host';
import { startWebHost } from '../../../src/main/web-host';
import { fakeValidate, makeWorkspace } from './helpers/workspace-fixture';

let host: WebHost;
let base: string;
let root: string;

beforeAll(async () => {
  const ws = await makeWorkspace();
  base = ws.base;
  root = ws.root;
  const rendererDir = join(base, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Mortisphere</title>');
  await writeFile(join(rendererDir, 'assets', 'x.wasm'), Buffer.from([0, 97, 115, 109]));
  await writeFile(join(rendererDir, 'assets', 'index-CdxZzavp.js'), 'export const built = 1;');
  await writeFile(join(base, 'outside-secret.txt'), 'TOP-SECRET-BYTES');
  host = await startWebHost({
    root,
    dataDir: ws.dataDir,
    rendererDir,
    services: {
      validate: fakeValidate,
      runSimulation: async (_req, { onProgress }) => {
        onProgress({ done: 1, total: 2, runsPerSecond: 10, etaMs: 100 });
        return ok({ report: { runs: 2 }, cancelled: false });
      },
    },
  });
});
afterAll(async () => {
  await host.close();
  await rm(base, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function call(path: string, options: { method?: string; host?: string; token?: string | null; body?: string; ifNoneMatch?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: options.host ?? `127.0.0.1:${host.port}`, 'Content-Type': 'application/json' };
    if (options.ifNoneMatch !== undefined) headers['If-None-Match'] = options.ifNoneMatch;
    if (options.token !== null) headers.Authorization = `Bearer ${options.token ?? host.token}`;
    const req = request({ host: '127.0.0.1', port: host.port, path, method: options.method ?? 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body ?? (options.method === 'GET' ? undefined : JSON.stringify({ args: [] })));
  });
}

const api = (method: string, args: unknown[], extra: Parameters<typeof call>[1] = {}) => call(`/api/${method}`, { body: JSON.stringify({ args }), ...extra });

describe('web host', () => {
  it('listens on 127.0.0.1 with a 64-hex-digit token and the banner URL', () => {
    expect(host.token).toMatch(/^[0-9a-f]{64}$/);
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
  });

  it('answers a good Api request with 200 and the Result', async () => {
    const r = await api('currentWorkspace', []);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ root, name: 'Test Reach' });
    const read = await api('readFile', ['crews/iron-choir.yaml']);
    expect(JSON.parse(read.body)).toMatchObject({ ok: true, value: { path: 'crews/iron-choir.yaml' } });
  });

  it('refuses a missing token and a wrong token with 401', async () => {
    expect((await api('currentWorkspace', [], { token: null })).status).toBe(401);
    expect((await api('currentWorkspace', [], { token: 'f'.repeat(64) })).status).toBe(401);
    expect((await api('currentWorkspace', [], { token: host.token.slice(0, 10) })).status).toBe(401);
  });

  it('refuses a foreign Host header with 403, even with the right token', async () => {
    expect((await api('currentWorkspace', [], { host: 'evil.example:80' })).status).toBe(403);
    expect((await api('currentWorkspace', [], { host: `127.0.0.1.evil.example:${host.port}` })).status).toBe(403);
    expect((await call('/', { method: 'GET', host: 'evil.example' })).status).toBe(403);
    expect((await api('currentWorkspace', [], { host: `localhost:${host.port}` })).status).toBe(200);
  });

  it('gives 404 for an unknown method and 400 for bad arguments or body', async () => {
    expect((await api('constructor', [])).status).toBe(404);
    expect((await api('readFile', [42])).status).toBe(400);
    expect((await api('readFile', ['a.yaml', 'extra'])).status).toBe(400);
    expect((await call('/api/readFile', { body: 'not json' })).status).toBe(400);
  });

  it('refuses paths outside the workspace through the Api', async () => {
    const r = JSON.parse((await api('readFile', ['../outside-secret.txt'])).body);
    expect(r).toMatchObject({ ok: false, error: { code: 'path/outside-workspace' } });
  });

  it('serves the renderer with CSP and content types, and refuses traversal', async () => {
    const index = await call('/?token=x', { method: 'GET' });
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(String(index.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    expect(index.headers['referrer-policy']).toBe('no-referrer');
    const wasm = await call('/assets/x.wasm', { method: 'GET' });
    expect(wasm.headers['content-type']).toBe('application/wasm');
    for (const p of ['/../outside-secret.txt', '/%2e%2e/outside-secret.txt', '/assets/..%2f..%2foutside-secret.txt', '/%00']) {
      const r = await call(p, { method: 'GET' });
      expect(r.status, p).toBe(404);
      expect(r.body).not.toContain('TOP-SECRET-BYTES');
    }
  });

  it('lets the browser keep content-hashed assets (and their compiled code); asks again for index.html, with a 304 when unchanged', async () => {
    const asset = await call('/assets/index-CdxZzavp.js', { method: 'GET' });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('export const built = 1;');
    const index = await call('/', { method: 'GET' });
    expect(index.headers['cache-control']).toBe('no-cache');
    const etag = String(index.headers.etag);
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await call('/', { method: 'GET', ifNoneMatch: etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(String(again.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    // An unhashed file is not kept; a stale validator gets the bytes.
    expect((await call('/assets/x.wasm', { method: 'GET' })).headers['cache-control']).toBe('no-cache');
    const stale = await call('/', { method: 'GET', ifNoneMatch: 'W/"0-0"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toContain('<title>Mortisphere</title>');
  });

  it('refuses a WebSocket without the right token or from a foreign Host', async () => {
    const fails = (url: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, { headers });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => resolve(-1));
        ws.on('open', () => resolve(101));
      });
    expect(await fails(`ws://127.0.0.1:${host.port}/events`)).toBe(401);
    expect(await fails(`ws://127.0.0.1:${host.port}/events?token=${'0'.repeat(64)}`)).toBe(401);
    expect(await fails(`ws://127.0.0.1:${host.port}/events?token=${host.token}`, { Host: 'evil.example' })).toBe(403);
    expect(await fails(`ws://127.0.0.1:${host.port}/events?token=${host.token}`, { Origin: 'https://evil.example' })).toBe(403);
  });

  it('delivers file-changed and simulation events over the WebSocket', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/events?token=${host.token}`);
    const messages: { event: string; payload: Record<string, unknown> }[] = [];
    ws.on('message', (m) => messages.push(JSON.parse(String(m))));
    await new Promise((resolve) => ws.once('open', resolve));
    await writeFile(join(root, 'crews', 'external.yaml'), 'kind: crew\n');
    const start = JSON.parse((await api('startSimulation', [{ documents: {}, scenario: 's', policies: ['random', 'random'], seed: 1, runs: 2 }])).body);
    expect(start.ok).toBe(true);
    for (let i = 0; i < 100 && messages.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    ws.close();
    expect(messages).toContainEqual({ event: 'main:file-changed', payload: { kind: 'add', path: 'crews/external.yaml' } });
    expect(messages).toContainEqual({ event: 'main:sim-progress', payload: { jobId: start.value.jobId, done: 1, total: 2, runsPerSecond: 10, etaMs: 100 } });
    expect(messages).toContainEqual({ event: 'main:sim-done', payload: { jobId: start.value.jobId, report: { runs: 2 } } });
  });

  it('tells the page to open external links itself', async () => {
    const r = JSON.parse((await api('openExternal', ['https://example.org/rules'])).body);
    expect(r).toMatchObject({ ok: false, error: { code: 'external/use-window-open' } });
    const bad = JSON.parse((await api('openExternal', ['javascript:alert(1)'])).body);
    expect(bad).toMatchObject({ ok: false, error: { code: 'external/not-https' } });
  });

  it('tells the page to print a sheet itself (no PDF printer in browser mode)', async () => {
    const r = JSON.parse((await api('exportPdf', ['<!doctype html><p>sheet</p>', 'The Iron Choir'])).body);
    expect(r).toMatchObject({ ok: false, error: { code: 'print/use-window-print' } });
    const bad = await api('exportPdf', [42, 'x']);
    expect(bad.status).toBe(400);
  });
});

describe('static file caching', () => {
  it('keeps only content-hashed assets; If-None-Match lists, weak tags and * match', async () => {
    const { cacheHeaders, notModified } = await import('../../../src/main/static-files');
    const st = { size: 300, mtimeMs: 4096.7 };
    expect(cacheHeaders('/assets/editor-chunk-ZIH7BiqN.js', st)['Cache-Control']).toContain('immutable');
    expect(cacheHeaders('/assets/codicon-DCmgc-ay.ttf', st)['Cache-Control']).toContain('immutable');
    for (const p of ['/index.html', '/assets/x.wasm', '/assets/short-abc.js', '/other/index-CdxZzavp.js'])
      expect(cacheHeaders(p, st)['Cache-Control'], p).toBe('no-cache');
    const etag = cacheHeaders('/index.html', st).ETag;
    expect(etag).toBe('W/"12c-1000"');
    expect(notModified(undefined, etag)).toBe(false);
    expect(notModified('"a", W/"12c-1000"', etag)).toBe(true);
    expect(notModified('"12c-1000"', etag)).toBe(true);
    expect(notModified('*', etag)).toBe(true);
    expect(notModified('W/"12c-1001"', etag)).toBe(false);
  });
});

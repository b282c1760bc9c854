import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createHttpApi, tokenFromUrl } from '../../../src/renderer/src/api-client';
import type { HttpApiDeps } from '../../../src/renderer/src/api-client';
import type { FileChangeEvent } from '../../../src/shared/api';

const TOKEN = 'tok-123';
const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** A minimal host of the web protocol: echoes calls, pushes events to sockets. */
async function host() {
  const calls: { method: string; args: unknown[]; auth: string | undefined }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        res.writeHead(401).end('bad token');
        return;
      }
      const method = (req.url ?? '').replace('/api/', '');
      const { args } = JSON.parse(body) as { args: unknown[] };
      calls.push({ method, args, auth: req.headers.authorization });
      if (method === 'readFile') res.end(JSON.stringify({ ok: true, value: { path: args[0], text: 'x', hash: 'h' } }));
      else if (method === 'listDocuments') res.end('not json');
      else res.end(JSON.stringify({ ok: true, value: null }));
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith(`/events?token=${TOKEN}`)) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => {
    for (const c of wss.clients) c.terminate();
    wss.close();
    server.close();
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const push = (event: string, payload: unknown) => {
    for (const c of wss.clients) c.send(JSON.stringify({ event, payload }));
  };
  return { url, calls, wss, push };
}

const deps: HttpApiDeps = { fetch, WebSocket: WebSocket as unknown as HttpApiDeps['WebSocket'], reconnectMs: 50 };
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(cond()).toBe(true);
};

describe('createHttpApi', () => {
  it('POSTs {args} with the bearer token and returns the Result', async () => {
    const h = await host();
    const api = createHttpApi(h.url, TOKEN, deps);
    expect(await api.readFile('crews/a.yaml')).toEqual({ ok: true, value: { path: 'crews/a.yaml', text: 'x', hash: 'h' } });
    await api.writeFile('a.yaml', 't', { expectedHash: null });
    await api.openWorkspace();
    expect(h.calls.map((c) => [c.method, c.args])).toEqual([
      ['readFile', ['crews/a.yaml']],
      ['writeFile', ['a.yaml', 't', { expectedHash: null }]],
      ['openWorkspace', []],
    ]);
  });

  it('turns HTTP errors, bad JSON and an unreachable server into Result errors', async () => {
    const h = await host();
    const bad = await createHttpApi(h.url, 'wrong', deps).readFile('a');
    expect(bad).toMatchObject({ ok: false, error: { code: 'api/http-401' } });
    expect(!bad.ok && bad.error.message).toMatch(/mortisphere serve/);
    expect(await createHttpApi(h.url, TOKEN, deps).listDocuments()).toMatchObject({ ok: false, error: { code: 'api/bad-response' } });
    expect(await createHttpApi('http://127.0.0.1:9', TOKEN, deps).readFile('a')).toMatchObject({ ok: false, error: { code: 'api/unreachable' } });
  });

  it('delivers events to listeners and reconnects after a drop', async () => {
    const h = await host();
    const api = createHttpApi(h.url, TOKEN, deps);
    const got: FileChangeEvent[] = [];
    const off = api.on('main:file-changed', (e) => got.push(e));
    await until(() => h.wss.clients.size === 1);
    h.push('main:file-changed', { kind: 'change', path: 'a.yaml' });
    h.push('main:sim-done', { jobId: 'x' });
    await until(() => got.length === 1);
    const old = new Set(h.wss.clients);
    for (const c of old) c.terminate();
    await until(() => [...h.wss.clients].some((c) => !old.has(c) && c.readyState === WebSocket.OPEN));
    h.push('main:file-changed', { kind: 'add', path: 'b.yaml' });
    await until(() => got.length === 2);
    expect(got).toEqual([{ kind: 'change', path: 'a.yaml' }, { kind: 'add', path: 'b.yaml' }]);
    off();
    await until(() => h.wss.clients.size === 0);
  });

  it('reads the token from the page URL', () => {
    expect(tokenFromUrl('http://127.0.0.1:5/?token=abc')).toBe('abc');
    expect(tokenFromUrl('http://127.0.0.1:5/')).toBeNull();
  });
});

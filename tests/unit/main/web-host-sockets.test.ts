import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { WebHost } from '../../../src/main/web-host';
import { startWebHost } from '../../../src/main/web-host';
import { fakeValidate, makeWorkspace } from './helpers/workspace-fixture';

/**
 * Issue 9 items 1–5: the server never exits on a socket event, and idle unauthenticated
 * connections cannot exhaust file descriptors.
 */

const bases: string[] = [];
afterAll(async () => {
  for (const b of bases) await rm(b, { recursive: true, force: true });
});

const UPGRADE = (port: number, path = '/events'): string =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;

/** Sends a token-less WebSocket upgrade and resets the connection (SO_LINGER 0) right after. */
const resetUpgrade = (port: number): Promise<void> =>
  new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.write(UPGRADE(port), () => {
        s.resetAndDestroy();
        resolve();
      });
    });
    s.on('error', () => resolve());
  });

const api = async (port: number, token: string, method = 'currentWorkspace'): Promise<number> => {
  const res = await fetch(`http://127.0.0.1:${port}/api/${method}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: '{"args":[]}' });
  await res.arrayBuffer();
  return res.status;
};

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('mortisphere serve survives socket events (items 1, 3, 5)', () => {
  it('100 token-less WebSocket upgrades reset by the client leave the server answering, without reaching the last-resort handler', async () => {
    const { base, root, dataDir } = await makeWorkspace();
    bases.push(base);
    await mkdir(join(base, 'renderer'));
    const child = spawn(process.execPath, ['bin/mortisphere.mjs', 'serve', root], {
      env: { ...process.env, MORTISPHERE_DATA_DIR: dataDir, MORTISPHERE_RENDERER_DIR: join(base, 'renderer') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let exited: number | null = null;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => (exited = code ?? -1));
    try {
      for (let i = 0; i < 1200 && !stdout.includes('\n'); i++) await sleep(50);
      const match = /127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{64})/.exec(stdout);
      expect(match, stderr).not.toBeNull();
      const port = Number(match![1]);
      const token = match![2];
      // Bursts of 4, like a page opening several sockets and closing its tab.
      for (let i = 0; i < 100; i += 4) await Promise.all([0, 1, 2, 3].map(() => resetUpgrade(port)));
      await sleep(300);
      expect(exited, `serve exited; stderr: ${stderr}`).toBeNull();
      expect(await api(port, token)).toBe(200);
      expect(stderr).not.toMatch(/internal error/i);
    } finally {
      child.kill('SIGTERM');
      if (exited === null) await new Promise((r) => child.once('exit', r));
    }
  }, 120_000);
});

describe('web host sockets (in process)', () => {
  let host: WebHost;
  const log: string[] = [];
  const IDLE_MS = 400;
  const MAX_UNAUTH = 10;

  beforeAll(async () => {
    const ws = await makeWorkspace();
    bases.push(ws.base);
    host = await startWebHost({
      root: ws.root,
      dataDir: ws.dataDir,
      rendererDir: join(ws.base, 'no-renderer'),
      services: {
        validate: (files) => {
          if (files.some((f) => f.text.includes('THROW'))) throw new Error('validator exploded');
          return fakeValidate(files);
        },
      },
      log: (line: string) => log.push(line),
      limits: { unauthenticatedIdleMs: IDLE_MS, maxUnauthenticated: MAX_UNAUTH },
    });
  });
  afterAll(async () => {
    await host.close();
  });

  const openEvents = async (): Promise<{ ws: WebSocket; messages: string[]; closed: Promise<number> }> => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/events?token=${host.token}`);
    const messages: string[] = [];
    ws.on('message', (m) => messages.push(String(m)));
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return { ws, messages, closed };
  };

  it('item 2: a message over maxPayload closes that socket with 1009; others keep working', async () => {
    const bystander = await openEvents();
    const big = await openEvents();
    big.ws.send('x'.repeat(4096));
    expect(await big.closed).toBe(1009);
    expect(bystander.ws.readyState).toBe(WebSocket.OPEN);
    expect(await api(host.port, host.token)).toBe(200);
    bystander.ws.close();
  });

  it('item 2: a text frame of invalid UTF-8 closes that socket with 1007; the server keeps serving', async () => {
    const bad = await openEvents();
    bad.ws.send(Buffer.from([0x68, 0xc3, 0x28, 0xff]), { binary: false });
    expect(await bad.closed).toBe(1007);
    expect(await api(host.port, host.token)).toBe(200);
    const again = await openEvents();
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
    again.ws.close();
  });

  it('item 3: an exception in an Api handler answers 500 and is logged, not swallowed', async () => {
    const res = await fetch(`http://127.0.0.1:${host.port}/api/validate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${host.token}` },
      body: JSON.stringify({ args: [{ 'crews/x.yaml': 'THROW' }] }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'api/internal' } });
    expect(log.join('\n')).toMatch(/validate.*validator exploded/s);
    expect(await api(host.port, host.token)).toBe(200);
  });

  it('item 4: an idle connection that never authenticates is closed after the idle timeout', async () => {
    const s = connect(host.port, '127.0.0.1');
    s.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => s.once('close', () => resolve()));
    const outcome = await Promise.race([closed.then(() => 'closed'), sleep(IDLE_MS * 10).then(() => 'still open')]);
    s.destroy();
    expect(outcome).toBe('closed');
  });

  it('item 4: an authenticated WebSocket outlives the idle timeout', async () => {
    const events = await openEvents();
    await sleep(IDLE_MS * 3);
    expect(events.ws.readyState).toBe(WebSocket.OPEN);
    events.ws.close();
  });

  it('item 4: many idle unauthenticated connections are capped (oldest dropped) and the Api still answers', async () => {
    // A host whose idle timeout is far away, so only the cap can close these connections.
    const ws = await makeWorkspace();
    bases.push(ws.base);
    const capped = await startWebHost({
      root: ws.root,
      dataDir: ws.dataDir,
      rendererDir: join(ws.base, 'no-renderer'),
      services: { validate: fakeValidate },
      log: () => undefined,
      limits: { unauthenticatedIdleMs: 120_000, maxUnauthenticated: MAX_UNAUTH },
    });
    const sockets: Socket[] = [];
    let closedCount = 0;
    try {
      for (let i = 0; i < 60; i++) {
        const s = connect(capped.port, '127.0.0.1');
        s.on('error', () => undefined);
        s.once('close', () => closedCount++);
        sockets.push(s);
        await new Promise((r) => s.once('connect', r));
      }
      for (let i = 0; i < 400 && closedCount < 60 - MAX_UNAUTH; i++) await sleep(10);
      expect(closedCount).toBeGreaterThanOrEqual(60 - MAX_UNAUTH);
      // The newest ones are the ones kept.
      expect(sockets.slice(-MAX_UNAUTH + 1).every((s) => !s.destroyed)).toBe(true);
      expect(await api(capped.port, capped.token)).toBe(200);
    } finally {
      for (const s of sockets) s.destroy();
      await capped.close();
    }
  });

  it('item 5: after 100 reset token-less upgrades in process, the server answers and nothing was left unhandled', async () => {
    for (let i = 0; i < 100; i += 5) await Promise.all([0, 1, 2, 3, 4].map(() => resetUpgrade(host.port)));
    await sleep(200);
    expect(await api(host.port, host.token)).toBe(200);
    const events = await openEvents();
    expect(events.ws.readyState).toBe(WebSocket.OPEN);
    events.ws.close();
  });
});

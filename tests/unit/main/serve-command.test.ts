import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveCommand } from '../../../src/cli/commands/serve';
import { makeWorkspace } from './helpers/workspace-fixture';

const bases: string[] = [];
afterAll(async () => {
  for (const b of bases) await rm(b, { recursive: true, force: true });
});

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
};

describe('mortisphere serve', () => {
  it('refuses a folder without mortisphere.yaml with exit 2 and a clear message', async () => {
    const { base } = await makeWorkspace({ 'crew.yaml': 'kind: crew\n' });
    bases.push(base);
    const c = capture();
    expect(await serveCommand([join(base, 'ws')], c.io)).toBe(2);
    expect(c.out).toEqual([]);
    expect(c.err.join('\n')).toMatch(/no mortisphere\.yaml.*mortisphere new DIR/);
  });

  it('refuses a bad port with exit 2', async () => {
    const c = capture();
    expect(await serveCommand(['.', '--port', 'abc'], c.io)).toBe(2);
    expect(c.err.join('\n')).toMatch(/--port 'abc' is not a port number/);
  });

  it('prints exactly the banner line, serves the Api, and stops cleanly on SIGTERM', async () => {
    const { base, root, dataDir } = await makeWorkspace();
    bases.push(base);
    await mkdir(join(base, 'renderer'));
    const child = spawn(process.execPath, ['bin/mortisphere.mjs', 'serve', root], {
      env: { ...process.env, MORTISPHERE_DATA_DIR: dataDir, MORTISPHERE_RENDERER_DIR: join(base, 'renderer') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    for (let i = 0; i < 600 && !stdout.includes('\n'); i++) await new Promise((r) => setTimeout(r, 50));
    const match = /^Mortisphere Studio: http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{64})\n$/.exec(stdout);
    expect(match, `stdout was ${JSON.stringify(stdout)}; stderr ${stderr}`).not.toBeNull();
    expect(stderr).toMatch(/npm run build/);
    const [, port, token] = match!;
    const res = await fetch(`http://127.0.0.1:${port}/api/currentWorkspace`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: '{"args":[]}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ root, name: 'Test Reach' });
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(503);
    expect(await page.text()).toMatch(/npm run build/);
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(stdout.split('\n').filter(Boolean)).toHaveLength(1);
  }, 60_000);
});

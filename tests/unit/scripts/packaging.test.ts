import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { afterPack, electronBinary, FUSES } from '../../../scripts/after-pack.mjs';
import { bundleWorkers, WORKER_ENTRIES } from '../../../scripts/worker-bundles';
import { unpackedPath } from '../../../src/main/services/worker-entry';
import { validateFiles } from '../../../src/shared/validation';
import { exampleSetup } from '../shared/engine/bots/example-setups';

/**
 * Issue 9 item 14 (Electron cannot run here): the fuses flipped at package time, the asar layout
 * that keeps the worker threads loadable, and the worker bundles themselves.
 */

const REPO = join(import.meta.dirname, '..', '..', '..');

describe('afterPack fuses', () => {
  it('sets exactly the fuse list of the issue', () => {
    expect(FUSES).toEqual({
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
    });
  });

  it.each([
    ['linux', 1, '/out/linux-unpacked/mortisphere-studio', false],
    ['win32', 1, '/out/win-unpacked/Mortisphere Studio.exe', false],
    ['darwin', 1, '/out/mac/Mortisphere Studio.app', false],
    ['darwin', 3, '/out/mac/Mortisphere Studio.app', true],
  ] as const)('flips them in the %s binary (arch %d)', async (platform, arch, binary, resetSignature) => {
    const appOutDir = binary.slice(0, binary.lastIndexOf('/'));
    const context = { appOutDir, electronPlatformName: platform, arch, packager: { appInfo: { productFilename: 'Mortisphere Studio' }, executableName: 'mortisphere-studio' } };
    const flip = vi.fn(async () => 0);
    await afterPack(context, flip as never);
    expect(electronBinary(context)).toBe(binary);
    expect(flip).toHaveBeenCalledTimes(1);
    expect(flip).toHaveBeenCalledWith(binary, { version: FuseVersion.V1, resetAdHocDarwinSignature: resetSignature, ...FUSES });
  });
});

describe('electron-builder.yml', () => {
  it('packs into app.asar, unpacks the worker bundles, and runs the fuse hook', async () => {
    const config = parse(await readFile(join(REPO, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(['out/main/workers/**']);
    expect(config.afterPack).toBe('./scripts/after-pack.mjs');
  });

  it('finds a worker in app.asar.unpacked when it was unpacked there', () => {
    const packed = '/opt/Mortisphere Studio/resources/app.asar/out/main/workers/validate-worker.mjs';
    const unpacked = '/opt/Mortisphere Studio/resources/app.asar.unpacked/out/main/workers/validate-worker.mjs';
    expect(unpackedPath(packed, (p) => p === unpacked)).toBe(unpacked);
    expect(unpackedPath(packed, () => false)).toBe(packed);
    expect(unpackedPath('/repo/out/main/workers/validate-worker.mjs', () => true)).toBe('/repo/out/main/workers/validate-worker.mjs');
  });
});

describe('worker bundles', () => {
  let dir: string;
  let files: string[];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ms-workers-'));
    files = await bundleWorkers(REPO, join(dir, 'build'));
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('are self-contained: they import nothing but Node built-ins', async () => {
    expect(files.map((f) => f.slice(f.lastIndexOf('/') + 1)).sort()).toEqual(Object.keys(WORKER_ENTRIES).map((n) => `${n}.mjs`).sort());
    for (const file of files) {
      const code = await readFile(file, 'utf8');
      const imports = [...code.matchAll(/^import\s[^;]*?from\s*["']([^"']+)["']/gm), ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
      expect(imports.filter((s) => !s.startsWith('node:')), file).toEqual([]);
    }
  });

  /** Copies a bundle where no node_modules can be found (as in app.asar.unpacked) and starts it. */
  const startIsolated = async (name: string): Promise<Worker> => {
    const place = join(dir, 'app.asar.unpacked', 'out', 'main', 'workers');
    await mkdir(place, { recursive: true });
    await copyFile(join(dir, 'build', `${name}.mjs`), join(place, `${name}.mjs`));
    return new Worker(join(place, `${name}.mjs`));
  };
  const reply = (w: Worker): Promise<unknown> =>
    new Promise((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
    });

  it('the validation worker loads on its own and answers like the inline validator', async () => {
    const w = await startIsolated('validate-worker');
    try {
      const files = [{ path: 'c.yaml', text: 'kind: crew\nschemaVersion: 1\nid: c\nname: C\nmembers:\n  - {id: a, name: A, type: machine, die: d7, health: 1, captain: true}\n' }];
      const answer = reply(w);
      w.postMessage({ id: 1, files });
      expect(await answer).toEqual({ id: 1, ok: true, diagnostics: validateFiles(files).diagnostics });
    } finally {
      await w.terminate();
    }
  }, 60_000);

  it('the simulation worker loads on its own and plays a chunk', async () => {
    const w = await startIsolated('sim-worker');
    try {
      const answer = new Promise<{ type: string }>((resolve, reject) => {
        w.on('message', (m: { type: string }) => m.type !== 'progress' && resolve(m));
        w.once('error', reject);
      });
      w.postMessage({ type: 'run', chunk: 0, setup: exampleSetup('glass-temple'), policies: ['random', 'random'], seed: 1, from: 0, to: 5 });
      expect(await answer).toMatchObject({ type: 'done', acc: { runs: 5 } });
    } finally {
      await w.terminate();
    }
  }, 60_000);
});

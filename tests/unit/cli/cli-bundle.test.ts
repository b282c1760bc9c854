import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_ENTRIES, buildCli, cliEntry, isFresh, readManifest } from '../../../scripts/cli-bundle.mjs';
import { WORKER_ENTRIES } from '../../../scripts/worker-bundles';

const run = promisify(execFile);
const repo = join(__dirname, '..', '..', '..');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** A tiny package with the entry points of the real one. */
const tinyPackage = (): string => {
  const root = mkdtempSync(join(tmpdir(), 'ms-cli-'));
  temps.push(root);
  for (const entry of Object.values(CLI_ENTRIES)) {
    mkdirSync(join(root, entry, '..'), { recursive: true });
    writeFileSync(join(root, entry), 'export const worker = true;\n');
  }
  writeFileSync(join(root, 'src', 'cli', 'answer.ts'), 'export const answer: number = 41;\n');
  writeFileSync(join(root, 'src', 'cli', 'index.ts'), "import { answer } from './answer';\nexport const main = async (): Promise<number> => answer + 1;\n");
  return root;
};

describe('prebuilt CLI bundle (issue 13 item 4)', () => {
  it('builds plain JS from the sources, knows when a source is newer and rebuilds then', async () => {
    const root = tinyPackage();
    const first = await cliEntry(root);
    if (!first.ok) throw new Error(first.message);
    expect(first.path.endsWith('.mjs')).toBe(true);
    expect(await (await import(pathToFileURL(first.path).href)).main()).toBe(42);
    const manifest = (await readManifest(root))!;
    expect(manifest.inputs).toEqual(['src/cli/answer.ts', 'src/cli/index.ts', 'src/main/services/sim-worker.ts', 'src/main/services/validate-worker.ts']);
    expect(isFresh(root, manifest)).toBe(true);
    expect(await cliEntry(root)).toEqual(first);
    // An edited source (newer than the build) makes it stale: the next start rebuilds.
    writeFileSync(join(root, 'src', 'cli', 'answer.ts'), 'export const answer: number = 9;\n');
    const later = (manifest.built + 5000) / 1000;
    utimesSync(join(root, 'src', 'cli', 'answer.ts'), later, later);
    expect(isFresh(root, manifest)).toBe(false);
    const second = await cliEntry(root);
    if (!second.ok) throw new Error(second.message);
    expect(second.path).not.toBe(first.path);
    expect(await (await import(pathToFileURL(second.path).href)).main()).toBe(10);
    // A source that disappeared also makes it stale.
    rmSync(join(root, 'src', 'cli', 'answer.ts'));
    expect(isFresh(root, (await readManifest(root))!)).toBe(false);
  });

  it('reports a compile error instead of running stale code', async () => {
    const root = tinyPackage();
    writeFileSync(join(root, 'src', 'cli', 'index.ts'), "import { nope } from './missing';\nexport const main = nope;\n");
    const r = await cliEntry(root);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('npm run build:cli');
  });

  it('bin/mortisphere.mjs runs the bundle: no TypeScript source, tsx or esbuild is loaded for --help or validate', async () => {
    const ready = await cliEntry(repo);
    if (!ready.ok) throw new Error(ready.message);
    for (const args of [['--help'], ['validate', join(repo, 'resources', 'examples', 'ashen-reach')]]) {
      const trace = join(mkdtempSync(join(tmpdir(), 'ms-trace-')), 'loads.txt');
      temps.push(join(trace, '..'));
      writeFileSync(trace, '');
      const r = await run(process.execPath, ['--import', pathToFileURL(join(repo, 'tests', 'fixtures', 'cli', 'trace-loads.mjs')).href, join(repo, 'bin', 'mortisphere.mjs'), ...args], {
        env: { ...process.env, TRACE_FILE: trace },
      });
      expect(`${r.stdout}${r.stderr}`).toMatch(/commands:|files checked/);
      const loaded = readFileSync(trace, 'utf8').split('\n').filter((l) => l !== '');
      expect(loaded.some((u) => u.includes('/out/cli/'))).toBe(true);
      expect(loaded.filter((u) => /\.tsx?$|\/tsx\/|\/esbuild\//.test(u))).toEqual([]);
    }
  });

  it('bundles every worker thread of the app, in workers/ where worker-entry.ts finds them', () => {
    for (const [name, entry] of Object.entries(WORKER_ENTRIES)) expect(CLI_ENTRIES[`workers/${name}`]).toBe(entry);
  });

  it('the manifest lists the real entry points, and a build from this checkout is fresh', async () => {
    // A new version of the checkout's own bundle (versions are immutable: a concurrent run keeps its own).
    const m = await buildCli(repo);
    expect(m.inputs).toContain('src/cli/index.ts');
    expect(m.inputs).toContain('src/main/services/sim-worker.ts');
    expect(m.inputs.every((f) => f.startsWith('src/') || f.startsWith('schemas/'))).toBe(true);
    expect(isFresh(repo, m)).toBe(true);
  });
});

/**
 * Fast worker start-up when running from TypeScript source (CLI via tsx, tests, bench): a worker
 * entry (`sim-worker.ts`, `validate-worker.ts`) is bundled once with esbuild (a dependency of tsx)
 * into `node_modules/.cache/mortisphere/`, keyed by a hash of every source file the bundle was built
 * from, so a worker loads one plain JS file instead of compiling TypeScript with tsx. Any
 * failure (no esbuild, read-only folder, build error) falls back to the tsx bootstrap.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';

/** What the cache remembers of the last build: the bundle's inputs and their hash. */
interface Manifest {
  hash: string;
  inputs: string[];
  file: string;
}

/** The part of esbuild's API used here (it is loaded by name, so the editor bundle never includes it). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ metafile?: { inputs: Record<string, unknown> } }>;
}

/** Hash of the listed files' paths and contents; null when one cannot be read (it moved: rebuild). */
async function hashInputs(root: string, inputs: string[]): Promise<string | null> {
  const h = createHash('sha256');
  for (const rel of inputs) {
    try {
      h.update(rel).update('\0').update(await readFile(resolve(root, rel))).update('\0');
    } catch {
      return null;
    }
  }
  return h.digest('hex').slice(0, 16);
}

async function readManifest(path: string): Promise<Manifest | null> {
  try {
    const m = JSON.parse(await readFile(path, 'utf8')) as Partial<Manifest>;
    if (typeof m.hash !== 'string' || typeof m.file !== 'string' || !Array.isArray(m.inputs)) return null;
    return { hash: m.hash, file: m.file, inputs: m.inputs.filter((x): x is string => typeof x === 'string') };
  } catch {
    return null;
  }
}

/** Writes `text` to `path` through a temporary file, so a concurrent reader never sees half a file. */
async function writeWhole(path: string, text: string): Promise<void> {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}

/** Builds under way in this process, by root and entry. */
const pending = new Map<string, Promise<string | null>>();

/**
 * The path of an up-to-date bundled worker for `entry` (a `.ts` file under `root`), building it
 * into `root/node_modules/.cache/mortisphere/` when a source changed; null when bundling is not
 * possible (the caller then uses the tsx bootstrap). Concurrent callers in one process share one
 * build; concurrent processes each write whole files, so the last one wins harmlessly.
 */
export function bundledWorker(root: string, entry: string): Promise<string | null> {
  const key = `${root}\0${entry}`;
  let p = pending.get(key);
  if (p === undefined) {
    p = build(root, entry).finally(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}

/** Bundles older than this are deleted when a new one is written (younger ones may be loading in another process). */
const STALE_MS = 10 * 60 * 1000;

async function removeStale(dir: string, name: string, keep: string): Promise<void> {
  for (const f of await readdir(dir)) {
    // Only `<name>-<hash>.mjs`: the other entries' bundles are not ours to remove.
    if (f === keep || !f.startsWith(`${name}-`) || !/^[0-9a-f]+\.mjs$/.test(f.slice(name.length + 1))) continue;
    const path = join(dir, f);
    try {
      if (Date.now() - (await stat(path)).mtimeMs > STALE_MS) await unlink(path);
    } catch {
      // Already removed by another process.
    }
  }
}

async function build(root: string, entry: string): Promise<string | null> {
  const dir = join(root, 'node_modules', '.cache', 'mortisphere');
  const name = basename(entry).replace(/\.[cm]?ts$/, '');
  const manifestPath = join(dir, `${name}.json`);
  try {
    const known = await readManifest(manifestPath);
    if (known !== null && existsSync(join(dir, known.file)) && (await hashInputs(root, known.inputs)) === known.hash) return join(dir, known.file);
    const esbuildName = 'esbuild';
    const esbuild = (await import(/* @vite-ignore */ esbuildName)) as Esbuild;
    const out = join(dir, `${name}.build-${process.pid}.mjs`);
    await mkdir(dir, { recursive: true });
    const result = await esbuild.build({
      entryPoints: [entry],
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile: out,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile?.inputs ?? {}).sort();
    const hash = await hashInputs(root, inputs);
    if (hash === null || inputs.length === 0) return null;
    const file = `${name}-${hash}.mjs`;
    await rename(out, join(dir, file));
    await writeWhole(manifestPath, JSON.stringify({ hash, inputs, file } satisfies Manifest, null, 2));
    await removeStale(dir, name, file);
    return join(dir, file);
  } catch {
    return null;
  }
}

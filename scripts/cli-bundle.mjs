#!/usr/bin/env node
// The prebuilt `mortisphere` command: src/cli (and the simulation worker) bundled by esbuild into
// plain JavaScript under out/cli/<version>/, so the command never compiles TypeScript when it runs.
// Built by `npm install` (the `prepare` script), `npm run build` and `npm run build:cli`; the
// launcher (bin/mortisphere.mjs) rebuilds it once when a source file is newer than the bundle.
//
// out/cli/current.json names the current version and lists every source it was built from with
// the build time; a version folder is never changed once written, so a process that is loading one
// is never disturbed by a concurrent rebuild (versions older than STALE_MS are removed).
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Entry points of the bundle: output name → source. The worker threads sit in `workers/`, where
 * src/main/services/worker-entry.ts looks for them beside the bundle (the same names as
 * scripts/worker-bundles.ts; a test keeps the two lists alike).
 */
export const CLI_ENTRIES = {
  cli: 'src/cli/index.ts',
  'workers/sim-worker': 'src/main/services/sim-worker.ts',
  'workers/validate-worker': 'src/main/services/validate-worker.ts',
};
/** Old versions are deleted after this long (a process may still be loading one). */
const STALE_MS = 10 * 60 * 1000;

const bundleDir = (root) => join(root, 'out', 'cli');

/** The current bundle's manifest ({ version, built, inputs }) or null when missing or unreadable. */
export async function readManifest(root) {
  try {
    const m = JSON.parse(await readFile(join(bundleDir(root), 'current.json'), 'utf8'));
    if (typeof m.version !== 'string' || typeof m.built !== 'number' || !Array.isArray(m.inputs)) return null;
    return m;
  } catch {
    return null;
  }
}

/**
 * True when every source the bundle was built from still exists and is not newer than the build.
 * A package without sources (nothing to compare with) counts as fresh.
 */
export function isFresh(root, manifest) {
  if (!existsSync(join(root, 'src'))) return true;
  for (const rel of manifest.inputs) {
    try {
      if (statSync(join(root, rel)).mtimeMs > manifest.built) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Bundles CLI_ENTRIES into a new version folder and makes it current. Resolves to the manifest;
 * rejects with esbuild's errors when a source does not compile.
 */
export async function buildCli(root) {
  const { build } = await import('esbuild');
  const built = Date.now();
  const version = `v${built.toString(36)}-${process.pid.toString(36)}`;
  const out = join(bundleDir(root), version);
  const result = await build({
    entryPoints: CLI_ENTRIES,
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir: out,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/')).sort();
  const manifest = { version, built, inputs };
  const tmp = join(bundleDir(root), `current.${process.pid}.tmp`);
  await writeFile(tmp, `${JSON.stringify(manifest, null, 1)}\n`);
  await rename(tmp, join(bundleDir(root), 'current.json'));
  await removeStale(root, version);
  return manifest;
}

async function removeStale(root, keep) {
  for (const name of await readdir(bundleDir(root))) {
    if (name === keep || !/^v[0-9a-z]+-[0-9a-z]+$/.test(name)) continue;
    const path = join(bundleDir(root), name);
    try {
      if (Date.now() - (await stat(path)).mtimeMs > STALE_MS) await rm(path, { recursive: true, force: true });
    } catch {
      // Removed by another process.
    }
  }
}

/**
 * The path of the CLI entry to run: the current bundle when fresh, else a new build.
 * Resolves to `{ ok: true, path }` or `{ ok: false, message }` (the bundle is missing or stale and
 * cannot be built: esbuild missing or a compile error).
 */
export async function cliEntry(root) {
  const manifest = await readManifest(root);
  if (manifest !== null && isFresh(root, manifest)) {
    const path = join(bundleDir(root), manifest.version, 'cli.mjs');
    if (existsSync(path)) return { ok: true, path };
  }
  if (!existsSync(join(root, 'src', 'cli', 'index.ts'))) {
    return { ok: false, message: `mortisphere: the command's bundle (${bundleDir(root)}) is missing and there are no sources to build it from; reinstall the package` };
  }
  try {
    await mkdir(bundleDir(root), { recursive: true });
    const fresh = await buildCli(root);
    return { ok: true, path: join(bundleDir(root), fresh.version, 'cli.mjs') };
  } catch (e) {
    return { ok: false, message: `mortisphere: building the command from src/ failed; fix the error below, or run 'npm run build:cli' to see it again\n${e instanceof Error ? e.message : String(e)}` };
  }
}

// `node scripts/cli-bundle.mjs`: build now (npm's `prepare`, `npm run build:cli`).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  await mkdir(bundleDir(root), { recursive: true });
  const m = await buildCli(root);
  console.log(`mortisphere: command built into out/cli/${m.version} from ${m.inputs.length} sources`);
}

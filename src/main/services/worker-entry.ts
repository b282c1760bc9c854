import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledWorker } from './sim-worker-bundle';

/** The main-process worker threads. */
export type WorkerName = 'sim-worker' | 'validate-worker';

/** Folder of the built, self-contained worker bundles, relative to the main bundle (`out/main`). */
export const BUILT_WORKERS_DIR = 'workers';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Where a built worker really is: a packaged app's `app.asar/…` path becomes `app.asar.unpacked/…`
 * when the file was unpacked there (electron-builder `asarUnpack`), so the worker thread loads it
 * from a plain file whatever the asar support of worker threads. Other paths are returned as is.
 */
export function unpackedPath(path: string, exists: (p: string) => boolean = existsSync): string {
  const unpacked = path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
  return unpacked !== path && exists(unpacked) ? unpacked : path;
}

/**
 * The script a `new Worker(…)` should load for `name`. From TypeScript source (CLI via tsx, tests):
 * the esbuild bundle cached under `node_modules/.cache/mortisphere/`, or the tsx bootstrap
 * `<name>-tsx.mjs` (also with MORTISPHERE_WORKER_TSX=1). In the built app: the self-contained
 * bundle `out/main/workers/<name>.mjs`, unpacked from the asar archive when packaged.
 */
export async function workerEntry(name: WorkerName): Promise<string> {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = join(here, `${name}-tsx.mjs`);
    if (process.env.MORTISPHERE_WORKER_TSX === '1') return tsx;
    return (await bundledWorker(join(here, '..', '..', '..'), join(here, `${name}.ts`))) ?? tsx;
  }
  return unpackedPath(join(here, BUILT_WORKERS_DIR, `${name}.mjs`));
}

/**
 * The main process's worker threads, bundled for the built app: each entry becomes one
 * self-contained ES module in `out/main/workers/` (its dependencies inlined, no shared chunks,
 * no `node_modules` lookups), so electron-builder can unpack it from the asar archive
 * (`asarUnpack`) and a worker thread loads it as a plain file. Used by electron.vite.config.ts.
 */
import { build } from 'esbuild';
import { join } from 'node:path';

/** Worker name → entry, relative to the repository root (names as in src/main/services/worker-entry.ts). */
export const WORKER_ENTRIES: Readonly<Record<string, string>> = {
  'sim-worker': 'src/main/services/sim-worker.ts',
  'validate-worker': 'src/main/services/validate-worker.ts',
};

/**
 * Bundles every worker entry of `root` into `outDir/<name>.mjs`. A `require` is provided for the
 * CommonJS dependencies that esbuild inlines into an ES module. Returns the files written.
 */
export async function bundleWorkers(root: string, outDir: string): Promise<string[]> {
  await build({
    entryPoints: Object.fromEntries(Object.entries(WORKER_ENTRIES).map(([name, entry]) => [name, join(root, entry)])),
    absWorkingDir: root,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'none',
    logLevel: 'warning',
    banner: { js: "import { createRequire as __msCreateRequire } from 'node:module'; const require = __msCreateRequire(import.meta.url);" },
  });
  return Object.keys(WORKER_ENTRIES).map((name) => join(outDir, `${name}.mjs`));
}

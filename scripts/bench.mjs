#!/usr/bin/env node
/**
 * `npm run bench [-- names…]`: bundles bench/run.ts (and the simulation and validation workers it
 * starts) with esbuild into out/ and runs the benchmarks from the bundle with plain node — the
 * same compiled JavaScript the CLI bundle and the app run, no run-time TypeScript compiler.
 * out/bench.mjs sits one folder below the project root, as bench/*.ts do, so their paths hold.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { CLI_ENTRIES } from './cli-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: {
    bench: 'bench/run.ts',
    // The workers, where src/main/services/worker-entry.ts looks for them beside a bundle.
    ...Object.fromEntries(Object.entries(CLI_ENTRIES).filter(([name]) => name.startsWith('workers/'))),
  },
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  outdir: join(root, 'out'),
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
const { runBenches } = await import(pathToFileURL(join(root, 'out', 'bench.mjs')).href);
await runBenches(process.argv.slice(2));

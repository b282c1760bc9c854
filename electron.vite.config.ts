import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleWorkers } from './scripts/worker-bundles';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes the worker threads' self-contained bundles to out/main/workers/ once the main bundle is
 * written (electron-builder unpacks them from the asar archive; see electron-builder.yml).
 */
const workerBundles = (): Plugin => ({
  name: 'mortisphere-worker-bundles',
  apply: 'build',
  async closeBundle() {
    await bundleWorkers(here, resolve(here, 'out/main/workers'));
  },
});

/**
 * Production builds are minified; source maps are written beside the files without a
 * `sourceMappingURL` comment ('hidden'), for reading crash stacks, and electron-builder leaves
 * them out of the packaged app (`!**\/*.map` in electron-builder.yml). `npm run build` then checks
 * the renderer's main chunk against its size budget (scripts/size-budget.ts).
 */
const production = { minify: true, sourcemap: 'hidden' } as const;

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin(), workerBundles()],
    build: {
      ...production,
      rollupOptions: {
        input: { index: resolve(here, 'src/main/index.ts') },
      },
    },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    build: {
      ...production,
      rollupOptions: {
        input: { index: resolve(here, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(here, 'src/renderer'),
    base: './',
    plugins: [react()],
    worker: { format: 'es' },
    build: {
      ...production,
      outDir: resolve(here, 'out/renderer'),
      // The entry chunk's real budget is enforced by scripts/size-budget.ts; Monaco's lazy chunk is larger.
      chunkSizeWarningLimit: 4000,
      rollupOptions: { input: resolve(here, 'src/renderer/index.html') },
    },
  },
});

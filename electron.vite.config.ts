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

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin(), workerBundles()],
    build: {
      rollupOptions: {
        input: { index: resolve(here, 'src/main/index.ts') },
      },
    },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    build: {
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
      outDir: resolve(here, 'out/renderer'),
      chunkSizeWarningLimit: 8000,
      rollupOptions: { input: resolve(here, 'src/renderer/index.html') },
    },
  },
});

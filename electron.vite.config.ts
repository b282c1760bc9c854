import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: {
      rollupOptions: {
        input: {
          index: resolve(here, 'src/main/index.ts'),
          'sim-worker': resolve(here, 'src/main/services/sim-worker.ts'),
        },
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

import { resolve } from 'node:path';
import react from '/work/main/node_modules/@vitejs/plugin-react/dist/index.js';
const here = '/work/main';
export default {
  root: resolve(here, 'src/renderer'),
  base: './',
  plugins: [react()],
  resolve: {},
  worker: { format: 'es' },
  build: {
    outDir: resolve(here, '.forms-e2e-tmp/renderer'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
    rollupOptions: { input: resolve(here, 'src/renderer/index.html') },
  },
};

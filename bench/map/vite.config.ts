import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The map harness: the real web/src/map library on a page of its own, built like the app.
export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [react()],
  resolve: {
    alias: {
      '@map': here('../../web/src/map'),
      '@fleet/common': here('../../common/src/index.ts'),
    },
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 3000,
    // BENCH_MAP_DEBUG=1 keeps names readable for a CPU profile.
    minify: process.env.BENCH_MAP_DEBUG ? false : 'esbuild',
  },
  logLevel: 'warn',
});

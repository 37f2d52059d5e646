import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves dist/ at `/` and routing is by hash, so relative asset paths work from any host
// a white-label theme points at.
export default defineConfig({
  base: './',
  // plugin-react's types come from the workspace root's newer vite (vitest's); the plugin runs on both.
  plugins: [react() as unknown as PluginOption],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
});

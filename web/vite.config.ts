import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves dist/ at `/` and routing is by hash, so relative asset paths work from any host
// a white-label theme points at.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
});

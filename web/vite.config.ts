import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { delivery } from './vite-delivery';

// The server serves dist/ at `/` and routing is by hash, so relative asset paths work from any host
// a white-label theme points at.
export default defineConfig({
  base: './',
  plugins: [react(), delivery({ route: 'src/pages/public/LoginPage.tsx', budget: 260 * 1024 })],
  // @fleet/common from its TypeScript sources (its `source` export condition), no build needed.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The delivery plugin reports gzip and Brotli sizes itself.
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
});

import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  // @fleet/common from its TypeScript sources (its `source` export condition), no build needed.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // antd's CSS-in-JS is slow under jsdom; a whole-app render takes a second or two.
    testTimeout: 60000,
  },
});

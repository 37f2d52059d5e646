import { defineConfig } from 'vitest/config';

// One runner for every suite; `.ci/run` and scripts/test-all.mjs pick projects by name.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'common', include: ['common/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server-unit',
          include: ['server/test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-integration',
          include: ['server/test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      './web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90000,
          hookTimeout: 180000,
          fileParallelism: false,
        },
      },
    ],
  },
});

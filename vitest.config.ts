import fs from 'node:fs';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** Where errors outside any test are listed, so the summary line counts them and shows why. */
const UNHANDLED_LOG = 'test-results/unhandled-errors.jsonl';

// @fleet/common's `source` export condition: tests run the TypeScript sources, no build of common.
const source = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

// One runner for every suite; `.ci/run` and scripts/test-all.mjs pick projects by name.
export default defineConfig({
  test: {
    onUnhandledError(error) {
      fs.mkdirSync('test-results', { recursive: true });
      const stack = (error.stack ?? '').split('\n').slice(0, 8).join('\n');
      const entry = { type: error.type, name: error.name, message: error.message, stack };
      fs.appendFileSync(UNHANDLED_LOG, JSON.stringify(entry) + '\n');
      // Still reported by Vitest, and still failing the run.
    },
    projects: [
      {
        ...source,
        test: { name: 'common', include: ['common/src/**/*.test.ts'], environment: 'node' },
      },
      {
        ...source,
        test: {
          name: 'server-unit',
          include: ['server/test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...source,
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
        ...source,
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

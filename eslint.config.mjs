import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Files that may read the machine's time, each with its reason. */
const CLOCK_ALLOWED = [
  { file: 'server/src/clock.ts', why: 'the server clock itself' },
  { file: 'web/src/components/clock.ts', why: "the page's clock itself" },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'warn',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      // Kysely spells "nothing selected yet" as {}.
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  // One clock (ARCHITECTURE.md §4): product code reads the time from server/src/clock.ts or
  // web/src/components/clock.ts, whose start and rate tests and demos can set.
  {
    files: ['common/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', ...CLOCK_ALLOWED.map((a) => a.file)],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: 'Read the time from the clock module (now()), not Date.now.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the time from the clock module: new Date(now()).',
        },
        {
          selector: "CallExpression[callee.name='dayjs'][arguments.length=0]",
          message: 'dayjs() is the machine time: use nowInZone() or the clock module.',
        },
      ],
    },
  },
);

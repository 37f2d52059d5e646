import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Files that may read the machine's time, each with its reason. */
const CLOCK_ALLOWED = [
  { file: 'server/src/clock.ts', why: 'the server clock itself' },
  { file: 'web/src/components/clock.ts', why: "the page's clock itself" },
];

/**
 * Files that may reach the unscoped database (`ctx.system`, `services.db`), each with its reason.
 * Task handlers use ctx.tenant, or a named function of tasks/system.ts (ARCHITECTURE.md §4).
 */
const UNSCOPED_DB_ALLOWED = [
  { file: 'server/src/tasks/system.ts', why: 'the named, narrow unscoped functions of tasks' },
  {
    file: 'server/src/tasks/system-operations.ts',
    why: "the support dashboard's reads across every client (support staff only)",
  },
  { file: 'server/src/tasks/dispatch.ts', why: "a task's transaction and change-log rows" },
  { file: 'server/src/auth/routes.ts', why: 'login, logout and tickets come before any tenant' },
  { file: 'server/src/http/call.ts', why: "resolves the bearer token to the session's user" },
  { file: 'server/src/http/report.ts', why: "resolves the bearer token to the session's user" },
  { file: 'server/src/http/track.ts', why: 'public share links, found by their token' },
  { file: 'server/src/http/report-files.ts', why: 'report download links, found by their token' },
  { file: 'server/src/live/hub.ts', why: "resolves the socket's session and visible units" },
  { file: 'server/src/server.ts', why: 'opens, seeds and closes the database' },
  { file: 'server/src/devices.ts', why: 'hands the database to the ingest pipeline' },
  { file: 'server/src/jobs/index.ts', why: 'hands the database to the periodic jobs' },
];

const TESTS = ['**/*.test.{ts,tsx}'];
const filesOf = (list) => list.map((a) => a.file);

/**
 * One clock (ARCHITECTURE.md §4): product code reads the time from server/src/clock.ts or
 * web/src/components/clock.ts, whose start and rate tests and demos can set.
 */
const NO_MACHINE_TIME = [
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
];

const UNSCOPED_MESSAGE =
  'The unscoped database: use ctx.tenant or a named function in server/src/tasks/system.ts (or add the file to UNSCOPED_DB_ALLOWED with its reason).';
/** One tenancy layer: no ctx.system, services.db or ctx.services.db, also not by destructuring. */
const NO_UNSCOPED_DB = [
  "MemberExpression[computed=false][property.name='system']",
  "MemberExpression[computed=false][property.name='db'][object.name='services']",
  "MemberExpression[computed=false][property.name='db'][object.property.name='services']",
  "VariableDeclarator[init.name='services'] > ObjectPattern > Property[key.name='db']",
  "VariableDeclarator[init.property.name='services'] > ObjectPattern > Property[key.name='db']",
  "VariableDeclarator > ObjectPattern > Property[key.name='system']",
].map((selector) => ({ selector, message: UNSCOPED_MESSAGE }));

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
  // no-restricted-syntax takes one selector list per file: a later block's list replaces an earlier
  // one, so each block below gives its files every list that applies to them.
  {
    files: ['common/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: [...TESTS, ...filesOf(CLOCK_ALLOWED)],
    rules: { 'no-restricted-syntax': ['error', ...NO_MACHINE_TIME] },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: [...TESTS, ...filesOf(CLOCK_ALLOWED), ...filesOf(UNSCOPED_DB_ALLOWED)],
    rules: { 'no-restricted-syntax': ['error', ...NO_MACHINE_TIME, ...NO_UNSCOPED_DB] },
  },
  {
    files: filesOf(CLOCK_ALLOWED).filter((f) => f.startsWith('server/src/')),
    ignores: filesOf(UNSCOPED_DB_ALLOWED),
    rules: { 'no-restricted-syntax': ['error', ...NO_UNSCOPED_DB] },
  },
);

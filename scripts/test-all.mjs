#!/usr/bin/env node
// `npm test`: everything a user needs to trust a change. Installs Debian's Chromium when it is
// missing (browser tests never download a browser), runs `npm run build` (common, the server and
// the web app, as a release ships them), then the unit, integration and component tests and the
// browser tests in two lanes side by side (test-lanes.mjs), and prints one line:
// `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { ensureChromium } from './chromium.mjs';
import { failures, summarize, unhandledErrors } from './summarize.mjs';
import { TEST_REPORTS, e2eLanes } from './test-lanes.mjs';

/** Runs a step and prints how long it took, so a slow CI run shows where its time went. */
function run(cmd, args, env = {}) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`step took ${Math.round((Date.now() - started) / 1000)} s: ${describe(cmd, args)}`);
  return res.status ?? 1;
}

const describe = (cmd, args) =>
  [cmd, ...args.filter((a) => !a.startsWith('--'))].join(' ').slice(0, 80);

/** The same, while other steps run: each line it prints starts with `[lane]`. */
function runPrefixed(lane, cmd, args, env = {}) {
  const started = Date.now();
  const child = spawn(cmd, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      process.stdout.write(`[${lane}] ${line}\n`);
    });
  }
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const took = Math.round((Date.now() - started) / 1000);
      console.log(`[${lane}] step took ${took} s: ${describe(cmd, args)}`);
      resolve(code ?? 1);
    }),
  );
}

fs.mkdirSync('test-results', { recursive: true });
for (const f of [
  ...TEST_REPORTS,
  'test-results/postgres.json',
  'test-results/unhandled-errors.jsonl',
])
  fs.rmSync(f, { force: true });

ensureChromium();
const built = run('npm', ['run', 'build']);
if (built !== 0) {
  console.error('The portal did not build.');
  process.exit(built);
}
const reporters = (file) => ['--reporter=default', '--reporter=json', `--outputFile=${file}`];
// Lane 1's and 2's output is interleaved line by line, each line tagged with its lane.
const unitProjects = ['common', 'server-unit', 'server-integration', 'web'].flatMap((p) => [
  '--project',
  p,
]);
// Lane 1: the unit, integration and component tests, then a share of the browser tests; lane 2:
// the rest of the browser tests (test-lanes.mjs). The browser tests serve the web/dist just
// built instead of a build of their own, and run the server bundled once, as `npm start` does,
// rather than transpiling its sources at every start.
const e2eEnv = { E2E_WEB_DIST: path.resolve('web/dist'), E2E_SERVER: 'compiled' };
const e2e = (files, report) => [
  'vitest',
  'run',
  '--project',
  'e2e',
  ...reporters(report),
  ...files,
];
const [after, alongside] = e2eLanes();
const [unitReport, e2eReport1, e2eReport2] = TEST_REPORTS;
const unitLane = async () => {
  const unit = ['vitest', 'run', ...unitProjects, ...reporters(unitReport)];
  const a = await runPrefixed('unit', 'npx', unit);
  const b = await runPrefixed('e2e-1', 'npx', e2e(after, e2eReport1), e2eEnv);
  return a || b;
};
const statuses = await Promise.all([
  unitLane(),
  runPrefixed('e2e-2', 'npx', e2e(alongside, e2eReport2), e2eEnv),
]);
for (const line of unhandledErrors()) console.log(line);
for (const line of failures(TEST_REPORTS)) console.log(line);
const { passed, failed } = summarize(TEST_REPORTS);
console.log(`${passed} passed, ${failed} failed`);
process.exit(statuses.some((s) => s !== 0) || failed > 0 ? 1 : 0);

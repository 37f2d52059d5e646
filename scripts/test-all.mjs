#!/usr/bin/env node
// `npm test`: everything a user needs to trust a change. Installs Debian's Chromium when it is
// missing (browser tests never download a browser), runs `npm run build` (common, the server and
// the web app, as a release ships them), runs unit, integration and component tests, then the
// browser tests, and prints one line: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { failures, summarize, unhandledErrors } from './summarize.mjs';

/** Runs a step and prints how long it took, so a slow CI run shows where its time went. */
function run(cmd, args, env = {}) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const what = [cmd, ...args.filter((a) => !a.startsWith('--'))].join(' ').slice(0, 80);
  console.log(`step took ${Math.round((Date.now() - started) / 1000)} s: ${what}`);
  return res.status ?? 1;
}

fs.mkdirSync('test-results', { recursive: true });
for (const f of ['vitest.json', 'e2e.json', 'postgres.json', 'unhandled-errors.jsonl'])
  fs.rmSync(`test-results/${f}`, { force: true });

ensureChromium();
let status = run('npm', ['run', 'build']);
if (status !== 0) {
  console.error('The portal did not build.');
  process.exit(status);
}
const reporters = (file) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile=test-results/${file}`,
];
const projects = ['common', 'server-unit', 'server-integration', 'web'].flatMap((p) => [
  '--project',
  p,
]);
const a = run('npx', ['vitest', 'run', ...projects, ...reporters('vitest.json')]);
// The browser tests serve the web/dist just built instead of a build of their own, and run the
// server bundled once, as `npm start` does, rather than transpiling its sources at every start.
const b = run('npx', ['vitest', 'run', '--project', 'e2e', ...reporters('e2e.json')], {
  E2E_WEB_DIST: path.resolve('web/dist'),
  E2E_SERVER: 'compiled',
});
const reports = ['test-results/vitest.json', 'test-results/e2e.json'];
for (const line of unhandledErrors()) console.log(line);
for (const line of failures(reports)) console.log(line);
const { passed, failed } = summarize(reports);
console.log(`${passed} passed, ${failed} failed`);
process.exit(a !== 0 || b !== 0 || failed > 0 ? 1 : 0);

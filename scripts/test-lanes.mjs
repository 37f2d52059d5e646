#!/usr/bin/env node
// How `npm test` shares its suites between two lanes that run side by side (a test machine has two
// cores, and neither kind of suite keeps both busy: the unit and integration tests run one file at
// a time, waiting on databases and timers; the browser tests wait on the browser and the server).
// Lane 1 runs the unit, integration and component tests and then a share of the browser test
// files; lane 2 runs the other browser test files. The files are dealt out longest first to the
// lane with less to do (by the seconds each took in a CI run, below), so that both end together.
// Run alone, it prints the reports a run writes, for .ci/run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The reports of the unit lane and of each lane's browser tests. */
export const TEST_REPORTS = [
  'test-results/vitest.json',
  'test-results/e2e-1.json',
  'test-results/e2e-2.json',
];

/** Seconds the unit, integration and component tests took in a CI run (one file at a time). */
const UNIT_SECONDS = 1160;

/**
 * Seconds each browser test file took in a CI run (2026-11-28); a file not listed counts as the
 * median. Worth updating when a file grows by a minute or more.
 */
const E2E_SECONDS = {
  'tracking-live': 188,
  'tracking-trips': 173,
  'fleet-records': 169,
  recovery: 106,
  routes: 94,
  'account-orders': 89,
  shell: 88,
  pages: 84,
  immobiliser: 81,
  fuel: 76,
  'rules-alerts': 74,
  maintenance: 63,
  'track-links': 62,
  locations: 58,
  'live-settings': 57,
  dashboard: 51,
  'area-search': 50,
  reports: 49,
  'account-billing': 46,
  keyboard: 39,
  sessions: 21,
  delivery: 8,
};

/** The browser test files, relative to the repository (e2e/*.test.ts). */
export function e2eFiles() {
  return fs
    .readdirSync(path.join(ROOT, 'e2e'))
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => `e2e/${f}`);
}

/** [files run after the unit tests in lane 1, files of lane 2], each in the order to run them. */
export function e2eLanes(files = e2eFiles()) {
  const known = Object.values(E2E_SECONDS).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)];
  const seconds = (f) => E2E_SECONDS[path.basename(f, '.test.ts')] ?? median;
  const lanes = [
    { files: [], load: UNIT_SECONDS },
    { files: [], load: 0 },
  ];
  for (const f of [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const lane = lanes[0].load < lanes[1].load ? lanes[0] : lanes[1];
    lane.files.push(f);
    lane.load += seconds(f);
  }
  return [lanes[0].files, lanes[1].files];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(TEST_REPORTS.join(' '));
}

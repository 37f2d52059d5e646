#!/usr/bin/env node
// `npm run test:clock`: the time-sensitive suites under Debian's faketime at awkward instants, to
// prove the suite passes at any hour, in any machine time zone, on month ends, leap days and
// daylight-saving change days (ARCHITECTURE.md §7). Each instant runs the unit and integration
// tests of trips, sessions, ranges and the clock, then the browser tests of the tracking pages and
// sessions. `--quick` leaves the browser tests out; `--only NAME` runs one instant.
// Ends with `N passed, N failed` over every instant.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureChromium } from './chromium.mjs';
import { summarize } from './summarize.mjs';

/** Machine time zone and local start instant; the clock runs on from there. */
const INSTANTS = [
  { name: 'johannesburg-0030', tz: 'Africa/Johannesburg', at: '2026-11-25 00:30:00' },
  { name: 'johannesburg-0400', tz: 'Africa/Johannesburg', at: '2026-11-26 04:00:00' },
  { name: 'month-end-2359', tz: 'Africa/Johannesburg', at: '2026-11-30 23:59:00' },
  // Clocks go forward at 01:00 GMT: the run starts two minutes before.
  { name: 'london-dst-spring', tz: 'Europe/London', at: '2026-03-29 00:58:00' },
  // Clocks go back at 02:00 PDT to 01:00 PST: the run starts two minutes before.
  { name: 'los-angeles-dst-autumn', tz: 'America/Los_Angeles', at: '2026-11-01 01:58:00' },
  { name: 'leap-day', tz: 'UTC', at: '2028-02-29 23:30:00' },
];

const UNIT_FILES = [
  'common/src',
  'server/test/unit/clock',
  'server/test/unit/domain',
  'server/test/unit/pipeline/trips-plan.test.ts',
  'server/test/unit/sim',
  'server/test/integration/auth.test.ts',
  'server/test/integration/tracking.test.ts',
  'server/test/integration/pipeline/trips.test.ts',
  // Rule windows in the client's zone, reminders of licence expiry, "last seen" and "last 7 days".
  'server/test/unit/rules',
  'server/test/integration/unit-issues.test.ts',
  'server/test/integration/rule-alerts.test.ts',
  // The dashboard's days and the period before, quotes valid to a day, references of the year,
  // overdue invoices and year-old client details.
  'server/test/integration/dashboard.test.ts',
  'server/test/integration/site-alerts.test.ts',
  'server/test/integration/billing.test.ts',
  'server/test/integration/client-details.test.ts',
  'server/test/integration/deals-surveys.test.ts',
  'server/test/integration/quotes.test.ts',
  'server/test/integration/job-bookings.test.ts',
  'server/test/integration/orders-flow.test.ts',
  'server/test/integration/fuel-import.test.ts',
  'server/test/integration/fuel-usage.test.ts',
  // Reminders due in calendar days of the user's zone; service and odometer logs not in the future.
  'server/test/integration/maintenance-reminders.test.ts',
  'server/test/integration/maintenance-logs.test.ts',
  'server/test/integration/maintenance-demo.test.ts',
  // Device commands: waiting steps, reply timeouts and the history's times.
  'server/test/integration/immobiliser.test.ts',
  'server/test/integration/speed-buzzer.test.ts',
  'web/src/components',
  'web/src/pages/account',
  'web/src/pages/dashboard',
  'web/src/pages/tracking',
  'web/src/pages/alerts',
  'web/src/pages/drivers',
  'web/src/pages/vehicles',
];
const UNIT_PROJECTS = ['common', 'server-unit', 'server-integration', 'web'];
const E2E_FILES = [
  'e2e/tracking-trips.test.ts',
  'e2e/tracking-live.test.ts',
  'e2e/sessions.test.ts',
  'e2e/dashboard.test.ts',
  'e2e/fuel.test.ts',
  'e2e/maintenance.test.ts',
  'e2e/immobiliser.test.ts',
];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const instants = INSTANTS.filter((i) => !only || i.name === only);
if (!instants.length) {
  console.error(`No instant named ${only}: ${INSTANTS.map((i) => i.name).join(', ')}`);
  process.exit(2);
}

function ensureFaketime() {
  try {
    execSync('command -v faketime', { stdio: 'ignore' });
  } catch {
    console.log('Installing Debian faketime (apt-get install faketime)...');
    const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
    execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq faketime`, {
      stdio: 'inherit',
    });
  }
}

ensureFaketime();
if (!quick) ensureChromium();
fs.mkdirSync('test-results/clock', { recursive: true });
// Build the web app once on the real clock; the browser tests reuse it.
if (!quick && spawnSync('npm', ['run', 'build', '-w', 'web'], { stdio: 'inherit' }).status !== 0)
  process.exit(1);

function underFaketime(instant, vitestArgs, file) {
  fs.rmSync(file, { force: true });
  const res = spawnSync(
    'faketime',
    [
      '-f',
      `@${instant.at}`,
      'npx',
      'vitest',
      'run',
      ...vitestArgs,
      '--reporter=dot',
      '--reporter=json',
      `--outputFile=${file}`,
    ],
    {
      stdio: 'inherit',
      // DONT_RESET: child processes (Vitest's workers, the server, Chromium) go on from the same
      // start instead of each starting over at it.
      env: { ...process.env, TZ: instant.tz, FAKETIME_DONT_RESET: '1' },
    },
  );
  return res.status ?? 1;
}

const rows = [];
let worst = 0;
for (const instant of instants) {
  console.log(`\n=== ${instant.name}: ${instant.at} ${instant.tz} ===`);
  fs.rmSync('test-results/unhandled-errors.jsonl', { force: true });
  const files = [];
  const unitFile = `test-results/clock/${instant.name}-unit.json`;
  const projects = UNIT_PROJECTS.flatMap((p) => ['--project', p]);
  worst = Math.max(worst, underFaketime(instant, [...projects, ...UNIT_FILES], unitFile));
  files.push(unitFile);
  if (!quick) {
    const e2eFile = `test-results/clock/${instant.name}-e2e.json`;
    worst = Math.max(worst, underFaketime(instant, ['--project', 'e2e', ...E2E_FILES], e2eFile));
    files.push(e2eFile);
  }
  rows.push({ ...instant, ...summarize(files) });
}

console.log(
  '\ninstant                    machine zone          start                passed failed',
);
for (const r of rows)
  console.log(
    `${r.name.padEnd(26)} ${r.tz.padEnd(21)} ${r.at}  ${String(r.passed).padStart(6)} ${String(r.failed).padStart(6)}`,
  );
const passed = rows.reduce((n, r) => n + r.passed, 0);
const failed = rows.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(worst !== 0 || failed > 0 ? 1 : 0);

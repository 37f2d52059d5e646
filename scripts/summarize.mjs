// Adds up Vitest JSON reports into passed/failed counts (a missing report counts as one failure).
// Errors thrown outside any test (listed by vitest.config.ts in UNHANDLED_LOG) count as failures
// too, and are printed, so that the last lines of a run say why it failed.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

export const UNHANDLED_LOG = 'test-results/unhandled-errors.jsonl';

/** The errors Vitest saw outside any test, one line each. */
export function unhandledErrors(file = UNHANDLED_LOG) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const e = JSON.parse(line);
      const frame = (e.stack ?? '').split('\n').find((l) => l.trim().startsWith('at ')) ?? '';
      return `unhandled ${e.type ?? 'error'}: ${e.name}: ${e.message} ${frame.trim()}`.trim();
    });
}

export function summarize(files) {
  let passed = 0;
  let failed = unhandledErrors().length;
  for (const file of files) {
    if (!fs.existsSync(file)) {
      failed += 1;
      continue;
    }
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed +=
      (report.numFailedTests ?? 0) +
      (report.numFailedTestSuites ?? 0) -
      suitesFailedByTests(report);
  }
  return { passed, failed };
}

// A suite that failed only because its tests failed is counted through those tests already.
function suitesFailedByTests(report) {
  return (report.testResults ?? []).filter(
    (s) => s.status === 'failed' && (s.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of unhandledErrors()) console.log(line);
  const { passed, failed } = summarize(process.argv.slice(2));
  console.log(`${passed} passed, ${failed} failed`);
}

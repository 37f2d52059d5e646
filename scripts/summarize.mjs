// Adds up Vitest JSON reports into passed/failed counts (a missing report counts as one failure).
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

export function summarize(files) {
  let passed = 0;
  let failed = 0;
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
  const { passed, failed } = summarize(process.argv.slice(2));
  console.log(`${passed} passed, ${failed} failed`);
}

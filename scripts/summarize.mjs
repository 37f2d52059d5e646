// Adds up Vitest JSON reports into passed/failed counts (a missing report counts as one failure).
// Errors thrown outside any test (listed by vitest.config.ts in UNHANDLED_LOG) count as failures
// too, and are printed, so that the last lines of a run say why it failed.
import fs from 'node:fs';
import path from 'node:path';
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
    failed += (report.numFailedTests ?? 0) + filesFailedOutsideTests(report);
  }
  return { passed, failed };
}

// A test file that failed with none of its tests failing (it did not load, a hook threw) counts
// once. Not numFailedTestSuites: Vitest counts every describe block there, so one failed test
// inside a describe would count twice.
function filesFailedOutsideTests(report) {
  return (report.testResults ?? []).filter(
    (s) => s.status === 'failed' && !(s.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
}

/**
 * One line per failed test (its file, its name and the first line of its message), and one per
 * report that is missing or whose file failed outside any test, so that a CI log that keeps only
 * its last lines still says what failed.
 */
export function failures(files) {
  const lines = [];
  for (const file of files) {
    if (!fs.existsSync(file)) {
      lines.push(`failed: ${file} was not written (the run stopped before its end)`);
      continue;
    }
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const suite of report.testResults ?? []) {
      const where = path.relative(process.cwd(), suite.name ?? '');
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests)
        lines.push(`failed: ${where} > ${t.fullName ?? t.title}: ${firstLine(t.failureMessages)}`);
      if (suite.status === 'failed' && failedTests.length === 0)
        lines.push(`failed: ${where}: ${firstLine([suite.message])}`);
    }
  }
  return lines;
}

function firstLine(messages) {
  const text = (messages ?? []).find(Boolean) ?? '';
  return text.split('\n')[0].slice(0, 300);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of unhandledErrors()) console.log(line);
  for (const line of failures(process.argv.slice(2))) console.log(line);
  const { passed, failed } = summarize(process.argv.slice(2));
  console.log(`${passed} passed, ${failed} failed`);
}

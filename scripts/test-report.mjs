// Reading the runners' JSON reports for `npm test` (scripts/test.mjs).
import { join, relative } from 'node:path';

/**
 * The specs a Playwright JSON report calls flaky (failed, then passed on a retry), each as
 * `file:line title` with the describe blocks it is in, the file relative to `root`. Suites nest
 * (a file's, then its describe blocks'); each spec holds one test per project.
 */
export function flakySpecs(report, root) {
  const found = [];
  const walk = (suites = [], path = []) => {
    for (const suite of suites) {
      const inner = suite.file === suite.title ? path : [...path, suite.title];
      for (const spec of suite.specs ?? [])
        if (spec.tests.some((t) => t.status === 'flaky')) {
          const file = relative(root, join(report.config?.rootDir ?? root, spec.file));
          found.push(`${file}:${spec.line} ${[...inner, spec.title].join(' › ')}`);
        }
      walk(suite.suites, inner);
    }
  };
  walk(report.suites);
  return found;
}

/**
 * What vitest's JSON reports say, summed over the runs given (`npm test` gives its one run's):
 * passed, failed and skipped tests, the total, and the files that failed to run at all. A test
 * file that fails to load has no failed test of its own, so each such file counts as one failure.
 */
export function vitestCounts(reports) {
  const sum = { passed: 0, failed: 0, skipped: 0, total: 0, broken: [] };
  for (const report of reports) {
    const broken = report.testResults.filter(
      (file) =>
        file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed'),
    );
    sum.passed += report.numPassedTests;
    sum.failed += report.numFailedTests + broken.length;
    sum.skipped += report.numPendingTests + report.numTodoTests;
    sum.total += report.numTotalTests;
    sum.broken.push(...broken);
  }
  return sum;
}

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

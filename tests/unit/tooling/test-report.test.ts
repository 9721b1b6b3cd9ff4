/**
 * `npm test` names the flaky Playwright specs: read from a report shaped as Playwright 1.65
 * writes it (taken from a real run of a spec failing on its first try, trimmed to what is read).
 * It counts vitest's tests from reports shaped as vitest 4 writes them (trimmed likewise), summed
 * when there are several.
 */
import { describe, expect, it } from 'vitest';
import { flakySpecs, vitestCounts, type VitestFile } from '../../../scripts/test-report.mjs';

const test = (status: string) => ({ status });
const REPORT = {
  config: { rootDir: '/repo/tests/e2e' },
  suites: [
    {
      title: 'screens.spec.ts',
      file: 'screens.spec.ts',
      specs: [
        { title: 'Jobs passes axe', file: 'screens.spec.ts', line: 12, tests: [test('flaky')] },
        {
          title: 'Settings passes axe',
          file: 'screens.spec.ts',
          line: 20,
          tests: [test('expected')],
        },
      ],
      suites: [
        {
          title: 'the viewer',
          file: 'screens.spec.ts',
          specs: [
            { title: 'shows words', file: 'screens.spec.ts', line: 31, tests: [test('flaky')] },
            {
              title: 'fails twice',
              file: 'screens.spec.ts',
              line: 40,
              tests: [test('unexpected')],
            },
          ],
        },
      ],
    },
    {
      title: 'jobs.spec.ts',
      file: 'jobs.spec.ts',
      specs: [{ title: 'skipped', file: 'jobs.spec.ts', line: 3, tests: [test('skipped')] }],
    },
  ],
};

describe('the flaky specs of a Playwright report', () => {
  it('names each by file (from the root), line, describe blocks and title; nothing else', () => {
    expect(flakySpecs(REPORT, '/repo')).toEqual([
      'tests/e2e/screens.spec.ts:12 Jobs passes axe',
      'tests/e2e/screens.spec.ts:31 the viewer › shows words',
    ]);
  });

  it('finds none in a report without flaky tests, or without suites', () => {
    expect(flakySpecs({ ...REPORT, suites: [REPORT.suites[1]!] }, '/repo')).toEqual([]);
    expect(flakySpecs({}, '/repo')).toEqual([]);
  });
});

const vitestReport = (counts: [number, number, number, number], files: VitestFile[]) => ({
  numPassedTests: counts[0],
  numFailedTests: counts[1],
  numPendingTests: counts[2],
  numTodoTests: counts[3],
  numTotalTests: counts.reduce((a, b) => a + b, 0),
  testResults: files,
});
const file = (name: string, status: string, tests: string[], message = ''): VitestFile => ({
  name,
  status,
  message,
  assertionResults: tests.map((s) => ({ status: s })),
});

describe('the tests of vitest reports', () => {
  it('sums every run, a file that failed to load counted as one failure', () => {
    const first = vitestReport(
      [3, 1, 1, 0],
      [
        file('/repo/a.test.ts', 'passed', ['passed', 'passed']),
        file('/repo/b.test.ts', 'failed', ['passed', 'failed', 'skipped']),
      ],
    );
    const second = vitestReport(
      [2, 0, 0, 1],
      [
        file('/repo/c.test.ts', 'passed', ['passed', 'passed', 'todo']),
        file('/repo/d.test.ts', 'failed', [], 'no such module'),
      ],
    );
    const counts = vitestCounts([first, second]);
    expect({ ...counts, broken: counts.broken.map((f) => f.name) }).toEqual({
      passed: 5,
      failed: 2,
      skipped: 2,
      total: 8,
      broken: ['/repo/d.test.ts'],
    });
  });

  it('finds nothing in no report', () => {
    expect(vitestCounts([])).toEqual({ passed: 0, failed: 0, skipped: 0, total: 0, broken: [] });
  });
});

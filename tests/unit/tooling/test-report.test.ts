/**
 * `npm test` names the flaky Playwright specs: read from a report shaped as Playwright 1.65
 * writes it (taken from a real run of a spec failing on its first try, trimmed to what is read).
 */
import { describe, expect, it } from 'vitest';
import { flakySpecs } from '../../../scripts/test-report.mjs';

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

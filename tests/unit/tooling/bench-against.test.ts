/**
 * `npm run bench -- --against REV` (tests/bench/against.ts): how it reads each side's output and
 * prints the two side by side, and when REV's packages can be this checkout's.
 */
import { describe, expect, it } from 'vitest';
import { compare, formatRow, lockDifferences, readOutput } from '../../bench/against';

/** Lines as tests/bench/run.ts prints them: label padded to 58, value to 10, goal, verdict. */
const figure = (label: string, value: string, goal: string, ok: boolean) =>
  `${label.padEnd(58)} ${value.padStart(10)}   goal ${goal.padEnd(8)} ${ok ? 'met' : 'NOT MET'}`;

const output = (p95: string, median: string, cpu: string, lag: string) =>
  [
    'Kikitori search benchmarks',
    '',
    `    per query: the ${median} ms, CPU ${cpu} ms (50 hits); zzqx 0.1 ms, CPU 0.1 ms (0 hits)`,
    figure(
      `(s1) search over 10000 transcripts, median (p95 ${p95} ms)`,
      `${median} ms`,
      '<= 50 ms',
      Number(p95) <= 50,
    ),
    `    2 sessions at once: worst lag ${lag}`,
  ].join('\n');

describe('the side-by-side bench', () => {
  it('prints each figure once, the numbers that differ as REV → this, with their ratios', () => {
    const old = [readOutput(output('15.4', '8.6', '8.0', '500 ms'))];
    const now = [readOutput(output('60.0', '17.2', '16.0', '400 ms'))];
    const rows = compare(old, now).map(formatRow);
    expect(rows).toEqual([
      '    per query: the [8.6 → 17.2] ms, CPU [8.0 → 16.0] ms (50 hits)    ×2.00 ×2.00',
      '    zzqx 0.1 ms, CPU 0.1 ms (0 hits)',
      '(s1) search over 10000 transcripts, median (p95 [15.4 → 60.0] ms)  [8.6 → 17.2] ms  goal <= 50 ms [met → NOT MET]    ×3.90 ×2.00',
      '    2 sessions at once: worst lag [500 → 400] ms    ×0.80',
    ]);
  });

  it('takes the median of each side’s rounds, and shows a line only one side printed', () => {
    const old = ['10.0', '12.0', '20.0'].map((m) => readOutput(output('30.0', m, '1.0', '1 ms')));
    const now = [readOutput(output('30.0', '6.0', '1.0', 'an e never answered'))];
    const rows = compare(old, now).map(formatRow);
    expect(rows[2]).toBe(
      '(s1) search over 10000 transcripts, median (p95 30.0 ms)  [12.0 → 6.0] ms  goal <= 50 ms met    ×0.50',
    );
    expect(rows).toContain('    [— → 2] sessions at once: worst lag an e never answered');
    expect(rows).toContain('    [2 → —] sessions at once: worst lag [1 → —] ms');
  });

  it('prints a figure whose words changed as REV printed it, beside the new one', () => {
    const old = [
      readOutput(figure('(x5) memory (peak RSS 263 MB in all)', '122 MB', '<= 200 MB', true)),
    ];
    const now = [
      readOutput(
        figure('(x5) memory (RSS 149 MB before, peak 278 MB)', '129 MB', '<= 200 MB', true),
      ),
    ];
    expect(compare(old, now).map(formatRow)).toEqual([
      '(x5) memory (RSS [— → 149] MB before, peak [— → 278] MB)  [— → 129] MB  goal <= [— → 200] MB met\n    (REV printed, in other words: (x5) memory (peak RSS 263 MB in all)  122 MB  goal <= 200 MB met)',
    ]);
  });

  it("links this checkout's packages only when REV names none at another version", () => {
    const lock = (packages: Record<string, string>) => ({
      packages: Object.fromEntries(
        Object.entries(packages).map(([name, version]) => [`node_modules/${name}`, { version }]),
      ),
    });
    const here = lock({ vitest: '4.1.12', commander: '14.0.3' });
    const named = new Set(['vitest', '@axe-core/playwright']);
    expect(
      lockDifferences(
        lock({ vitest: '4.1.12', commander: '5.1.0', '@axe-core/playwright': '4.13.0' }),
        here,
        named,
      ),
    ).toEqual({
      blocking: [],
      missing: ['@axe-core/playwright 4.13.0 is not installed here'],
      notes: ['commander: REV has 5.1.0, this checkout 14.0.3'],
    });
    expect(lockDifferences(lock({ vitest: '3.0.0' }), here, named).blocking).toEqual([
      'vitest: REV has 3.0.0, this checkout 4.1.12',
    ]);
  });
});

/**
 * The tiers' start order (tests/support/test-order.ts), on the repository's own unit files: each
 * project in turn, the unit tier's files grouped by environment (the test DOM's first), the
 * files named longest first ahead of the rest, and Vitest's order kept otherwise.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { environmentOf, testOrder } from '../../support/test-order';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const unitFiles = readdirSync(join(ROOT, 'tests', 'unit'), { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.test\.tsx?$/.test(name))
  .sort()
  .map((name) => {
    const file = join(ROOT, 'tests', 'unit', name);
    return { project: 'unit', path: relative(ROOT, file), file };
  });

describe('the order the tiers start their files in', () => {
  it('runs the unit tier by environment, the DOM first, each group in the order it came', () => {
    const dom = unitFiles.filter((f) => environmentOf(f.file) === 'happy-dom');
    const jsdom = unitFiles.filter((f) => environmentOf(f.file) === 'jsdom');
    const node = unitFiles.filter((f) => environmentOf(f.file) === 'node');
    expect(dom.length).toBeGreaterThan(10);
    expect(node.length).toBeGreaterThan(10);
    // Vitest's order, as it might come: one environment, then the other, by turns.
    const interleaved = node.flatMap((f, i) => [f, ...(dom[i] ? [dom[i]] : [])]);
    const given = [...interleaved, ...dom.slice(node.length), ...jsdom];
    expect(testOrder(given, [])).toEqual([
      ...given.filter((f) => dom.includes(f)),
      ...jsdom,
      ...given.filter((f) => node.includes(f)),
    ]);
  });

  it('keeps the projects in turn, and starts the files named longest first ahead of the rest', () => {
    const [a, b, c] = unitFiles.filter((f) => environmentOf(f.file) === 'node');
    const other = (f: typeof a) => ({ ...f!, project: 'system' });
    const given = [other(a), other(b), other(c), a!, b!];
    expect(testOrder(given, [c!.path, b!.path])).toEqual([other(c), other(b), other(a), b, a]);
  });
});

/**
 * The order the tiers' files start in (the sequencer in vitest.config.ts): each project in
 * turn; in the unit tier, the files of each test environment together, the test DOM's first; then
 * the files named longest first; then Vitest's own order (kept durations, or sizes).
 *
 * A unit-tier thread that goes from a file in the DOM to one in Node and back imports and sets up
 * again what it had: idle here, side by side, the tier took 54 s and 52 s of wall in Vitest's
 * order against 32 s and 29 s grouped (imports 25 s against 13 s, set-up 7 s against 1 s, tests
 * 57 s against 46 s, summed over the threads).
 */
import { readFileSync } from 'node:fs';

const ENVIRONMENTS = ['happy-dom', 'jsdom', 'node'];

/** The test environment a file names (`// @vitest-environment …` on its first line), or node. */
export function environmentOf(path: string): string {
  return /^\/\/ @vitest-environment (\S+)/.exec(readFileSync(path, 'utf8'))?.[1] ?? 'node';
}

export interface OrderedFile {
  readonly project: string;
  /** The file's path from the repository's root. */
  readonly path: string;
  /** Its absolute path, read for its environment. */
  readonly file: string;
}

/** `files` (in Vitest's order) in the order they start: a stable sort, so ties keep Vitest's. */
export function testOrder<T extends OrderedFile>(
  files: readonly T[],
  longestFirst: readonly string[],
): T[] {
  const projects = [...new Set(files.map((f) => f.project))];
  const key = new Map(
    files.map((f) => {
      const at = longestFirst.indexOf(f.path);
      return [
        f,
        [
          projects.indexOf(f.project),
          f.project === 'unit' ? ENVIRONMENTS.indexOf(environmentOf(f.file)) : 0,
          at < 0 ? longestFirst.length : at,
        ],
      ] as const;
    }),
  );
  const compare = (a: T, b: T) => {
    const [x, y] = [key.get(a)!, key.get(b)!];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  };
  return [...files].sort(compare);
}

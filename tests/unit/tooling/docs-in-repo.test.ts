/**
 * The wire contract and the architecture live in the repository's own docs/: nothing the code or
 * the README cites may point outside a clone, and every docs/ page cited exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => /\.(ts|tsx|mjs|js|md)$/.test(file) && existsSync(file));

describe('docs live in the repository', () => {
  it('no file cites the steering documents outside the clone', () => {
    const outside = tracked.filter((file) =>
      /\.\.\/shared\/(DESIGN|api-reference)|\b(DESIGN|api-reference)\.md\b/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(outside).toEqual([]);
  });

  it('every docs/ page that is cited exists', () => {
    const cited = new Set<string>();
    for (const file of tracked) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bdocs\/([\w-]+\.md)\b/g))
        cited.add(`docs/${match[1]}`);
    }
    expect([...cited].sort()).toEqual(['docs/api.md', 'docs/architecture.md']);
    for (const page of cited) expect(existsSync(page), page).toBe(true);
  });
});

/**
 * `npm run bench` on a fresh clone: it builds the fixtures and the window it
 * measures before anything else, instead of stopping with sox's "No such file". Real sox,
 * espeak-ng and Vite, into empty folders (the shared fixtures and dist/ are not touched).
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareBench } from '../../bench/prepare';
import { removeDir, tempDir } from '../../support/service-process';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await removeDir(dir);
});

describe('the bench builds what it needs first', () => {
  it('makes the fixtures and the window in empty folders', async () => {
    const fixtures = await tempDir('kikitori-bench-fixtures-');
    const window = await tempDir('kikitori-bench-window-');
    made.push(fixtures, window);
    const before = process.env.KIKITORI_RENDERER_DIR;
    process.env.KIKITORI_RENDERER_DIR = window;
    try {
      await prepareBench(fixtures);
    } finally {
      if (before === undefined) delete process.env.KIKITORI_RENDERER_DIR;
      else process.env.KIKITORI_RENDERER_DIR = before;
    }
    // The clip the bench's first measure (a) cuts with sox, and the window's page.
    expect(
      existsSync(join(fixtures, 'librivox/sense_and_sensibility_01_austen_64kb-0920.wav')),
    ).toBe(true);
    expect((await readdir(join(fixtures, 'librivox'))).length).toBeGreaterThan(3);
    expect(existsSync(join(window, 'index.html'))).toBe(true);
  }, 300_000);
});

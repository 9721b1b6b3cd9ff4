/**
 * What `npm run bench` needs before it measures anything, built first as `npm test` builds it:
 * the audio fixtures (sox and espeak-ng from the LibriVox clips) and the window (for w1–w4).
 * On a fresh clone neither exists, and the bench stopped with sox's "No such file".
 */
import { buildFixtures, DEFAULT_FIXTURES_DIR } from '../fixtures/build';

export async function prepareBench(fixturesDir: string = DEFAULT_FIXTURES_DIR): Promise<void> {
  await buildFixtures(fixturesDir);
  // The window's build honours KIKITORI_RENDERER_DIR; it is skipped when up to date.
  const { buildRenderer } = await import('../../scripts/build-renderer.mjs');
  await buildRenderer({ ifStale: true });
}

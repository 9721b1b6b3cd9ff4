import { buildRenderer } from '../../scripts/build-renderer.mjs';
import { buildFixtures } from '../fixtures/build';

/**
 * For the integration and system tiers, once per run: the audio fixtures, and the window's build
 * when it is missing or older than its sources (the hosts serve it, and the browser tests load
 * it). Both are no-ops when up to date, as after `npm test`'s own build step.
 */
export default async function setup(): Promise<void> {
  await buildFixtures();
  await buildRenderer({ ifStale: true });
}

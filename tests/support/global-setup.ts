import { buildRenderer } from '../../scripts/build-renderer.mjs';
import { buildStaleCheckoutBundles } from '../../scripts/checkout-bundles.mjs';
import { buildFixtures } from '../fixtures/build';

/**
 * For the integration and system tiers, once per run: the audio fixtures, the window's build
 * when it is missing or older than its sources (the hosts serve it, and the browser tests load
 * it), and the checkout's bundles of the web host and the service when stale (so the first
 * hosts a test starts do not build them at once). Each is a no-op when up to date, as after
 * `npm test`'s own steps.
 */
export default async function setup(): Promise<void> {
  await buildFixtures();
  await buildRenderer({ ifStale: true });
  await buildStaleCheckoutBundles();
}

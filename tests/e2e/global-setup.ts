/** Builds what the window tests need: the renderer (Vite), the audio fixtures, the hosts' bundles. */
import { build } from 'vite';
import { buildStaleCheckoutBundles } from '../../scripts/checkout-bundles.mjs';
import { buildFixtures } from '../fixtures/build';

export default async function setup(): Promise<void> {
  // `npm test` has just built it (and counted the build as a check of its own).
  if (!process.env.KIKITORI_RENDERER_BUILT)
    await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
  await buildFixtures();
  await buildStaleCheckoutBundles();
}

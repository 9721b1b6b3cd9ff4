/** Builds what the window tests need: the renderer (Vite) and the audio fixtures. */
import { build } from 'vite';
import { buildFixtures } from '../fixtures/build';

export default async function setup(): Promise<void> {
  // `npm test` has just built it (and counted the build as a check of its own).
  if (!process.env.KIKITORI_RENDERER_BUILT)
    await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
  await buildFixtures();
}

/** Builds what the window tests need: the renderer (Vite) and the audio fixtures. */
import { build } from 'vite';
import { buildFixtures } from '../../fixtures/build';

export default async function setup(): Promise<void> {
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
  await buildFixtures();
}

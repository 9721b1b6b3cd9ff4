import { buildFixtures } from '../fixtures/build';

/** Builds the audio fixtures once per test run (a no-op when they are up to date). */
export default async function setup(): Promise<void> {
  await buildFixtures();
}

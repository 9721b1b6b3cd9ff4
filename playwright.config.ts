// Playwright drives Debian's Chromium (never a downloaded browser) against the real web host,
// core, local service and keychain (tests/e2e/fixtures.ts). The renderer and the audio
// fixtures are built once before the run (tests/e2e/global-setup.ts).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: '.test-results/playwright',
  timeout: 180_000,
  expect: { timeout: 60_000 },
  fullyParallel: false,
  workers: 1,
  // A real browser against real processes on a loaded 2-core machine: a spec that fails once is
  // run once more and reported as flaky (npm test names it); one that fails twice fails.
  retries: 1,
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
      // A desktop's locale is UTF-8; a fresh machine's (a CI container's) may be none at all,
      // and Chromium then names every download with a Japanese name "download".
      env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: '' },
    },
  },
});

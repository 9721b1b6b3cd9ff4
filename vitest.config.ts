import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Renderer tests are .tsx and run in jsdom (each file says so in its environment comment).
    include: [
      'tests/{unit,integration,e2e,security}/**/*.test.ts',
      'tests/unit/renderer/**/*.test.tsx',
    ],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

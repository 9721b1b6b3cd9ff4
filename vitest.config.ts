import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers, one project each (`vitest run --project <name>`; `npm test` runs all three):
 * - unit: pure logic and the window in jsdom (.tsx, each file says so in its environment
 *   comment); no audio fixtures, no local service, no keychain: `npm run test:unit`, under a minute.
 * - integration: the core, the local service and the key store against real processes and real
 *   audio, crash safety, packaging, security.
 * - system: whole commands and hosts (npm start, npm run dev, the web host) as a user runs them.
 * The tiers run in that order (sequence.groupOrder), so a broken unit shows first. The unit tier runs
 * in worker threads, two at least: its files are CPU-bound and start in a fraction of a fork's
 * time (on 2 shared cores: 55 s, against 77 s in two forks and 106 s in one). The others keep one
 * fork per file, one file at a time: they start services, bind ports and time real processes.
 * The audio fixtures, and the window when its build is stale, are built once for the tiers that
 * use them (tests/support/global-setup.ts).
 * Playwright's specs (tests/e2e/) are not vitest tests: `npm run test:e2e`.
 */
const FIXTURES_AND_WINDOW = ['tests/support/global-setup.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          pool: 'threads',
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          globalSetup: FIXTURES_AND_WINDOW,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          globalSetup: FIXTURES_AND_WINDOW,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});

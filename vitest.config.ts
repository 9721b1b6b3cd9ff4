import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { testOrder } from './tests/support/test-order';

/**
 * Three tiers (`vitest run --project <name>`; `npm test` runs every project):
 * - unit: pure logic and the window in a test DOM (.tsx, each file names it in its environment
 *   comment); no audio fixtures, no local service, no keychain: `npm run test:unit`. The DOM is
 *   happy-dom: the tier took 171 s of CPU against 223 s with jsdom (97 s against 125 s of wall,
 *   idle), most of it in each file's new environment and in events. search-hits keeps
 *   jsdom: happy-dom computes an accessible name across inline elements with spaces
 *   (`<mark>予算</mark>は十分` reads "予算 は十分"), where jsdom and Chromium do not.
 * - integration: the core, the local service and the key store against real processes and real
 *   audio, packaging; the security checks (`security`) and crash safety (`crash`), projects of
 *   their own so that `npm test` can run them in either of its lanes (scripts/test.mjs).
 *   `npm run test:integration` runs them all.
 * - system: whole commands and hosts (npm start, npm run dev, the web host) as a user runs them.
 * The tiers run in that order (sequence.groupOrder), so a broken unit shows first. The unit tier runs
 * in worker threads, two at least: its files are CPU-bound and start in a fraction of a fork's
 * time (on 2 shared cores: 55 s, against 77 s in two forks and 106 s in one). A thread is not
 * renewed between files either (`isolate: false`): each file imported React, the window and i18n
 * again (idle here: 97 s of wall and 171 s of CPU, against 76 s and 136 s now). What a file in a
 * test DOM needs after each test (unmount, empty storage) is the tier's set-up file, run for every
 * file: imported by the files themselves, it registered its `afterEach` for the first one only.
 * Every test makes the stores it renders, so no state goes from one file to the next; the tier
 * passes with its files shuffled (`--sequence.shuffle.files`). The others run one
 * file at a time (they start services, bind ports and time real processes; `npm test` runs the
 * crash, security and system tiers two at a time) in one fork that is
 * not renewed between files (`isolate: false`): each file starts what it uses and stops it, and
 * re-importing the core and the service for each of 86 files cost 70 s of a fresh machine's run
 * (16 s shared). The few that point keytar at a keychain of their own run apart, each in a fresh
 * fork (`integration-isolated`).
 * The audio fixtures, and the window when its build is stale, are built once for the tiers that
 * use them (tests/support/global-setup.ts).
 * Playwright's specs (tests/e2e/) are not vitest tests: `npm run test:e2e`.
 */
const FIXTURES_AND_WINDOW = ['tests/support/global-setup.ts'];
const INTEGRATION = 'tests/integration/**/*.test.ts';
/**
 * The security checks are integration tests too, a project of their own so `npm test` can give
 * them to whichever lane is done first (scripts/test.mjs).
 */
const SECURITY = 'tests/security/**/*.test.ts';
/**
 * The crash tests (processes killed at seeded moments, full disks) are integration tests run as
 * a project of their own, so `npm test` can run them after the window's specs (scripts/test.mjs).
 */
const CRASH = 'tests/integration/crash/**/*.test.ts';
/**
 * Files that load keytar in the test process and point it at a D-Bus of their own (or at none):
 * libsecret keeps its first connection for the life of the process, so each runs in a fresh one.
 */
const OWN_KEYCHAIN = [
  'tests/integration/core/key-store.test.ts',
  'tests/integration/core/key-store-fallback.test.ts',
  'tests/security/key-addresses.test.ts',
];

/**
 * A test's bound in the tiers of real processes: a guard against a hang, not a measure. Their
 * longest tests (decoding real audio, starting services) took 26–37 s each within a fresh
 * machine's run with its load near 5 (engine.test's dictionary check 33 s, watch's bursts 33 s,
 * faults' stalled status checks 32 s, calls 35 s, cli-messages 37 s): two busy loops beside the
 * run (load 8) make them about twice as long, past the 60 s a unit test is given.
 */
const PROCESS_TEST_TIMEOUT_MS = 180_000;

/**
 * A tier of files that start real processes: one fork not renewed between files, the audio
 * fixtures and the window built once before.
 */
const tierOfProcesses = (
  name: string,
  include: string[],
  groupOrder: number,
  exclude?: string[],
) => ({
  extends: true as const,
  test: {
    name,
    include,
    ...(exclude ? { exclude } : {}),
    isolate: false,
    testTimeout: PROCESS_TEST_TIMEOUT_MS,
    globalSetup: FIXTURES_AND_WINDOW,
    sequence: { groupOrder },
  },
});

/**
 * The longest files of the tiers `npm test` runs two at a time, longest first (seconds on a fresh
 * machine). Vitest starts the files whose durations it has kept longest first; on a fresh
 * machine it has none and starts the largest files first, so the security checks' longest file
 * (one of the smaller) started last and the tier took 49 s where its files would fit in 38.
 */
const LONGEST_FIRST = [
  'tests/integration/crash/kill.test.ts', // 54 s
  'tests/security/realtime-no-session.test.ts', // 26 s
  'tests/security/realtime-hostile.test.ts', // 18 s
  'tests/system/web-host.test.ts', // 14 s
  'tests/system/cli.test.ts', // 12 s
  'tests/security/live-links.test.ts', // 10 s
  'tests/system/restart-session.test.ts', // 10 s
];

/** Vitest's order, then the tiers' own (tests/support/test-order.ts). */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = (await super.sort(files)).map((spec) => ({
      spec,
      project: spec.project.name,
      path: relative(spec.project.config.root, spec.moduleId),
      file: spec.moduleId,
    }));
    return testOrder(sorted, LONGEST_FIRST).map((f) => f.spec);
  }
}

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          pool: 'threads',
          isolate: false,
          setupFiles: ['tests/support/window/dom-setup.ts'],
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      tierOfProcesses('integration', [INTEGRATION], 1, [...OWN_KEYCHAIN, CRASH]),
      tierOfProcesses('security', [SECURITY], 2, OWN_KEYCHAIN),
      tierOfProcesses('crash', [CRASH], 3),
      {
        extends: true,
        test: {
          name: 'integration-isolated',
          include: OWN_KEYCHAIN,
          testTimeout: PROCESS_TEST_TIMEOUT_MS,
          globalSetup: FIXTURES_AND_WINDOW,
          sequence: { groupOrder: 4 },
        },
      },
      tierOfProcesses('system', ['tests/system/**/*.test.ts'], 5),
    ],
  },
});

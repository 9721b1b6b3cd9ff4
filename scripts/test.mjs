// `npm test`: installs what is missing, runs every check and every test, and ends with one plain
// line `N passed, N failed` built from the runners' own reports (ESLint's, vitest's and
// Playwright's JSON). Every step runs even when an earlier one fails. A Playwright spec that
// failed once and passed on its retry counts as passed, and is named under `flaky:` just before
// that line. (No vitest test is retried, so none can be flaky.)
//
// Two kinds of work share the machine's cores (two on a fresh CI machine):
// - the halves, which time real processes, play real audio in real time and drive a real
//   browser, so they need the CPU when they ask for it: vitest's integration and system tiers,
//   one file at a time; beside them Playwright's specs of the window (one worker), then the
//   crash tests (vitest's `crash` project). They run at normal priority, from the moment setup,
//   the window's build, the audio fixtures and the hosts' bundles are done;
// - the checks (ESLint, stylelint, Prettier, the type checks) and vitest's unit tier, which only
//   need CPU time, whenever it comes: they run at a lower priority (`nice`), in what the halves
//   leave. The checks start as soon as npm's packages are in, while better-sqlite3 compiles and
//   the Debian packages install; the unit tier as soon as setup is done.
// The halves together kept about 1.5 of 2 cores busy (a CPU sampler over a whole run); a third
// stream at their priority (the vitest half in two forks) took Playwright from 713 s to 966 s.
// Run one after the other, the checks (133 s) and the unit tier (111 s) came before the halves
// (about 1,000 s) on a fresh machine.
// Each runner's output is printed whole when it ends (the checks', in order), or line by line
// with a prefix naming it (vitest's integration tier has none).
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureSetup } from './setup.mjs';
import { runKept, runStreamed } from './run-kept.mjs';
import { flakySpecs, vitestCounts } from './test-report.mjs';

const RESULTS = join(ROOT, '.test-results');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const eslintReport = join(RESULTS, 'eslint.json');
const started = performance.now();
const elapsed = (since = started) => ((performance.now() - since) / 1000).toFixed(0);
/**
 * `command` at a lower priority than the halves: nice 10 gives it about a tenth of a core that a
 * half also wants, and all of one that no half wants.
 */
const lowPriority = (command, args) => ['nice', ['-n', '10', command, ...args]];
const kept = (command, args) => runKept(command, args, { cwd: ROOT });
const timed = async (running) => {
  const result = await running;
  return { ...result, at: elapsed() };
};

let checks;
const startChecks = () => {
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  checks = {
    // At normal priority: Playwright's specs load it.
    build: timed(kept(process.execPath, [join(ROOT, 'scripts', 'build-renderer.mjs')])),
    lint: timed(
      kept(
        ...lowPriority(bin('eslint'), [
          '.',
          '--max-warnings',
          '0',
          '--format',
          'json',
          '--output-file',
          eslintReport,
        ]),
      ),
    ),
    styles: timed(kept(...lowPriority(bin('stylelint'), ['renderer/src/**/*.css']))),
    format: timed(kept(...lowPriority(bin('prettier'), ['--check', '--log-level', 'warn', '.']))),
    types: timed(kept(...lowPriority(process.execPath, [join(ROOT, 'scripts', 'typecheck.mjs')]))),
  };
};
try {
  await ensureSetup({ onPackagesReady: startChecks });
} catch (error) {
  console.error(`setup failed: ${error.message}`);
  if (checks) await Promise.all(Object.values(checks));
  console.log('0 passed, 1 failed');
  process.exit(1);
}
console.log(`setup done: ${elapsed()} s`);

// What the halves' global set-ups would otherwise build, each on its own: the audio fixtures
// (they need Debian's sox, espeak-ng and ffmpeg) and the hosts' bundles
// (scripts/checkout-bundles.mjs).
const [fixtures, , build] = await Promise.all([
  runKept(bin('tsx'), [join(ROOT, 'tests', 'fixtures', 'build.ts')], { cwd: ROOT }),
  import('./checkout-bundles.mjs').then((bundles) => bundles.buildStaleCheckoutBundles()),
  checks.build,
]);

const unitReport = join(RESULTS, 'vitest-unit.json');
const slowReport = join(RESULTS, 'vitest.json');
const crashReport = join(RESULTS, 'vitest-crash.json');
const playwrightReport = join(RESULTS, 'playwright.json');
const vitestArgs = (report, projects) => [
  'run',
  ...projects.flatMap((name) => ['--project', name]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

console.log(`\n— tests, from ${elapsed()} s`);
const halvesStarted = performance.now();
const unitRunning = timed(
  runStreamed(...lowPriority(bin('vitest'), vitestArgs(unitReport, ['unit'])), {
    cwd: ROOT,
    prefix: 'unit │ ',
  }),
);
const [slowDone, [windowDone, crashDone]] = await Promise.all([
  runStreamed(
    bin('vitest'),
    [...vitestArgs(slowReport, ['integration', 'integration-isolated', 'system'])],
    { cwd: ROOT },
  ),
  (async () => {
    const window = await runStreamed(bin('playwright'), ['test'], {
      cwd: ROOT,
      env: { ...process.env, KIKITORI_RENDERER_BUILT: '1' },
      prefix: 'window │ ',
    });
    const crash = await runStreamed(bin('vitest'), vitestArgs(crashReport, ['crash']), {
      cwd: ROOT,
      prefix: 'crash │ ',
    });
    return [window, crash];
  })(),
]);
const unitDone = await unitRunning;
const [lint, styles, format, types] = await Promise.all([
  checks.lint,
  checks.styles,
  checks.format,
  checks.types,
]);
console.log(
  `\nvitest's integration and system tiers but the crash tests (${slowDone.seconds} s), beside Playwright (${windowDone.seconds} s) then the crash tests (${crashDone.seconds} s): ${elapsed(halvesStarted)} s` +
    `\nat a lower priority: the unit tier (${unitDone.seconds} s, done at ${unitDone.at} s); ESLint done at ${lint.at} s, stylelint ${styles.at} s, Prettier ${format.at} s, the type checks ${types.at} s; the window's build at ${build.at} s`,
);

const results = [];
const check = (name, ok, detail) => {
  results.push({ name, ok });
  console.log(`${name}: ${ok ? 'ok' : 'FAILED'}${detail ? ` (${detail})` : ''}`);
};
const show = (title, step) => {
  console.log(`\n— ${title}`);
  if (step.output) process.stdout.write(step.output);
};

show('audio fixtures', fixtures);

// Lint: ESLint's JSON report, printed as file:line:col lines.
show('lint', lint);
try {
  const files = JSON.parse(readFileSync(eslintReport, 'utf8'));
  let problems = 0;
  for (const file of files) {
    for (const m of file.messages) {
      problems++;
      console.log(
        `${file.filePath.slice(ROOT.length + 1)}:${m.line}:${m.column} ${m.message} (${m.ruleId ?? 'parse'})`,
      );
    }
  }
  check('lint', problems === 0, `${files.length} files, ${problems} problems`);
} catch {
  check('lint', false, 'ESLint wrote no report');
}

show('stylesheets', styles);
check('stylelint', styles.status === 0, 'stylelint renderer/src/**/*.css');

show('format', format);
check('format', format.status === 0, 'prettier --check');

show('typecheck', types);
check('typecheck', types.status === 0);

show('build the window', build);
check('build', build.status === 0, 'vite build into dist/renderer');

console.log('\n— vitest');
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const reports = [unitReport, slowReport, crashReport].map((file) =>
    JSON.parse(readFileSync(file, 'utf8')),
  );
  const counts = vitestCounts(reports);
  for (const file of counts.broken)
    console.log(`test file failed to run: ${file.name.slice(ROOT.length + 1)}\n${file.message}`);
  ({ passed, failed, skipped } = counts);
  check(
    'vitest',
    failed === 0 && counts.total > 0 && reports.every((report) => report.numTotalTests > 0),
    `${passed} passed, ${failed} failed, ${skipped} skipped`,
  );
} catch {
  check('vitest', false, 'vitest wrote no report (or not all three)');
  failed += 1;
}

console.log('\n— window (Playwright)');
const flaky = [];
try {
  const report = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  const { stats, errors } = report;
  flaky.push(...flakySpecs(report, ROOT));
  const uiPassed = stats.expected + stats.flaky;
  // An error outside any test (global setup, a spec that fails to load) fails the run too.
  const uiFailed = stats.unexpected + (errors?.length ?? 0);
  passed += uiPassed;
  failed += uiFailed;
  skipped += stats.skipped;
  check(
    'playwright',
    uiFailed === 0 && uiPassed > 0,
    `${uiPassed} passed (${stats.flaky} of them on a second try), ${uiFailed} failed, ${stats.skipped} skipped`,
  );
} catch {
  check('playwright', false, 'Playwright wrote no report');
  failed += 1;
}

const counted = new Set(['vitest', 'playwright']);
const failedChecks = results.filter((c) => !c.ok && !counted.has(c.name)).length;
const passedChecks = results.filter((c) => c.ok && !counted.has(c.name)).length;
console.log(
  `\nlint, stylelint, format, typecheck and build count as one check each; the rest are vitest and Playwright tests.`,
);
if (flaky.length) {
  console.log(`flaky: passed on a second try (${flaky.length})`);
  for (const name of flaky) console.log(`  ${name}`);
}
console.log(
  `${passed + passedChecks} passed, ${failed + failedChecks} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(failed + failedChecks === 0 ? 0 : 1);

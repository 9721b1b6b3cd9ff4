/**
 * The command line, for `npm run bench -- --cli` (never asserted in tests): `kikitori` run as a
 * person runs it (the built bundle, a child process), measured side by side with the app.
 *
 *   (k1) `kikitori --version` as docs/guide/command-line.md runs it (its alias: node scripts/kikitori.mjs,
 *        the bin, which checks the bundle against its sources first)            goal <= 0.3 s
 *   (k1b) `npx kikitori --version`, for comparison (npm's own start)             no goal
 *   (k2) `kikitori jobs --json` with 10,000 jobs in the journal                goal <= 1 s
 *   (k3) `transcribe` of a 5 s clip while the app runs / the app's own sync time  goal <= +0.3 s
 *   (k4) `watch`: a 5 s clip copied in → its .txt written                 goal <= 2 × sync + 2 s
 *   (k4b) `watch`: 1,000 files dropped at once, each done once; the watcher's peak RSS  goal <= 150 MB
 *   (k5) `convert` of a three-hour transcript (40,000 words) to every format  goal <= 3 s
 *
 * Times are wall times of whole commands, process start included, medians of several runs.
 */
import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { seedFailedJobs } from '../support/seed-jobs';
import { removeDir, tempDir } from '../support/service-process';
import { until } from '../support/until';
import { startWebHostProcess } from '../support/web-host-process';
import { longJapaneseMeeting } from './export';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { fiveSecondClip } from './clip';

type Line = (label: string, value: string, goal: string, ok: boolean) => void;

const run = promisify(execFile);
const BUNDLE = 'dist/cli/kikitori.mjs';
const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const ENV = { ...process.env, ...NO_KEYCHAIN, LANG: 'C.UTF-8', LC_ALL: '' };
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Seconds `kikitori ARGS…` takes, start to exit (it must succeed). */
async function timedCommand(args: readonly string[]): Promise<number> {
  return timed(process.execPath, [BUNDLE, ...args]);
}

/** Seconds a command takes, start to exit (it must succeed). */
async function timed(file: string, args: readonly string[]): Promise<number> {
  const start = performance.now();
  await run(file, [...args], { env: ENV, maxBuffer: 256 * 2 ** 20 });
  return (performance.now() - start) / 1000;
}

export async function cliBench(line: Line): Promise<void> {
  console.log('Kikitori command line benchmarks\n');
  // The bin builds the bundle when it is missing or older than the sources.
  await run(process.execPath, ['scripts/kikitori.mjs', '--version'], { env: ENV });
  const work = await tempDir('kikitori-bench-cli-');
  try {
    // (k1)
    const versions: number[] = [];
    for (let i = 0; i < 7; i++)
      versions.push(await timed(process.execPath, ['scripts/kikitori.mjs', '--version']));
    const version = median(versions);
    line(
      '(k1) kikitori --version, as the guide runs it',
      `${version.toFixed(3)} s`,
      '<= 0.3 s',
      version <= 0.3,
    );
    const npx: number[] = [];
    for (let i = 0; i < 3; i++) npx.push(await timed('npx', ['kikitori', '--version']));
    line('(k1b) npx kikitori --version', `${median(npx).toFixed(3)} s`, 'none', true);

    // (k2)
    const many = join(work, 'many');
    await seedFailedJobs(many, 10_000);
    const lists: number[] = [];
    for (let i = 0; i < 3; i++) lists.push(await timedCommand(['--data', many, '--json', 'jobs']));
    const list = median(lists);
    line('(k2) kikitori jobs --json, 10,000 jobs', `${list.toFixed(3)} s`, '<= 1 s', list <= 1);

    // (k3) and (k4): the real local service, a 5 s clip.
    const clip = await fiveSecondClip(work);
    const appData = join(work, 'app');
    const app = await startWebHostProcess(appData, NO_KEYCHAIN);
    let sync: number;
    try {
      const appTimes: number[] = [];
      const cliTimes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        const made = await app.call<{ jobs: { id: string }[] }>('transcribe:files', {
          paths: [clip],
        });
        const id = made.jobs[0]!.id;
        await until(
          () => app.call<{ job: { status: string } }>('jobs:get', { id }),
          (got) => got.job.status === 'completed' || got.job.status === 'failed',
          { everyMs: 5 },
        );
        appTimes.push((performance.now() - start) / 1000);
        cliTimes.push(await timedCommand(['--data', appData, 'transcribe', clip, '--out', work]));
      }
      sync = median(appTimes);
      const cli = median(cliTimes);
      line(
        `(k3) transcribe 5 s clip ${cli.toFixed(2)} s / the app's sync ${sync.toFixed(2)} s`,
        `+${(cli - sync).toFixed(2)} s`,
        '<= +0.3 s',
        cli - sync <= 0.3,
      );
    } finally {
      await app.stop();
    }

    // (k4): a watcher holding its own data folder.
    const watched = join(work, 'watched');
    await run('mkdir', ['-p', watched]);
    const watcher = spawn(
      process.execPath,
      [BUNDLE, '--data', join(work, 'watch-data'), '--json', 'watch', watched],
      { env: ENV, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let stdout = '';
    watcher.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    try {
      await until(
        () => stdout,
        (text) => text.includes('"state":"watching"'),
      );
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        await copyFile(clip, join(watched, `talk-${i}.wav`));
        await until(
          () => readdir(watched),
          (names) => names.includes(`talk-${i}.txt`),
          { everyMs: 10 },
        );
        times.push((performance.now() - start) / 1000);
      }
      const took = median(times);
      const goal = 2 * sync + 2;
      line(
        `(k4) watch: 5 s clip copied in → .txt (goal from sync ${sync.toFixed(2)} s)`,
        `${took.toFixed(2)} s`,
        `<= ${goal.toFixed(1)} s`,
        took <= goal,
      );
    } finally {
      watcher.kill('SIGTERM');
      await new Promise((settle) => watcher.on('exit', settle));
    }

    await dropThousand(work, line);

    // (k5)
    const meeting = longJapaneseMeeting();
    const result = join(work, 'meeting.json');
    await writeFile(result, JSON.stringify({ results: meeting.utterances, text: meeting.text }));
    const converts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const out = join(work, `convert-${i}`);
      await run('mkdir', ['-p', out]);
      converts.push(
        await timedCommand([
          'convert',
          result,
          '--format',
          'txt,srt,vtt,json,csv,md,html,docx',
          '--out',
          out,
        ]),
      );
    }
    const convert = median(converts);
    line(
      '(k5) convert 40,000 words to every format',
      `${convert.toFixed(2)} s`,
      '<= 3 s',
      convert <= 3,
    );
  } finally {
    await removeDir(work);
  }
}

/** The resident memory of process `pid` in MB (VmRSS). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

const DROPPED = 1_000;

/**
 * (k4b) 1,000 short recordings moved into a watched folder at once: a watcher holding its own data
 * folder (its core and local service in it), each file done once (one `picked` and one `done`
 * each, one .txt each), and the watcher process's peak RSS, sampled every 100 ms.
 */
async function dropThousand(work: string, line: Line): Promise<void> {
  const source = join(work, 'clip1s.wav');
  await run('sox', [
    '-R',
    join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0920.wav'),
    source,
    'trim',
    '0',
    '1',
  ]);
  const staging = join(work, 'drop-staging');
  const watched = join(work, 'drop');
  await mkdir(staging);
  await mkdir(watched);
  for (let i = 0; i < DROPPED; i++)
    await copyFile(source, join(staging, `talk-${String(i).padStart(4, '0')}.wav`));
  const watcher = spawn(
    process.execPath,
    [BUNDLE, '--data', join(work, 'drop-data'), '--json', 'watch', watched],
    { env: ENV, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const events: { type?: string; state?: string; path?: string }[] = [];
  let pending = '';
  watcher.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    let end: number;
    while ((end = pending.indexOf('\n')) >= 0) {
      events.push(JSON.parse(pending.slice(0, end)) as (typeof events)[number]);
      pending = pending.slice(end + 1);
    }
  });
  let peak = 0;
  const sampler = setInterval(() => {
    void rssMb(watcher.pid!).then((mb) => (peak = Math.max(peak, mb)));
  }, 100);
  try {
    await until(
      () => events,
      (said) => said.some((e) => e.type === 'folder' && e.state === 'watching'),
    );
    const start = performance.now();
    for (const name of await readdir(staging))
      await rename(join(staging, name), join(watched, name));
    const ended = (e: (typeof events)[number]) =>
      e.type === 'file' && (e.state === 'done' || e.state === 'failed');
    await until(
      () => events.filter(ended).length,
      (n) => n >= DROPPED,
      { timeoutMs: 3_600_000, everyMs: 500 },
    );
    const took = (performance.now() - start) / 1000;
    const per = (state: string) => {
      const counts = new Map<string, number>();
      for (const e of events)
        if (e.type === 'file' && e.state === state)
          counts.set(e.path!, (counts.get(e.path!) ?? 0) + 1);
      return counts;
    };
    const picked = per('picked');
    const done = per('done');
    const texts = (await readdir(watched)).filter((name) => name.endsWith('.txt'));
    const once =
      picked.size === DROPPED &&
      done.size === DROPPED &&
      [...picked.values(), ...done.values()].every((n) => n === 1) &&
      texts.length === DROPPED;
    line(
      `(k4b) watch: ${DROPPED} files dropped at once, ${done.size} done once in ${took.toFixed(0)} s (${texts.length} .txt), watcher's peak RSS`,
      `${peak.toFixed(0)} MB`,
      '<= 150 MB, each once',
      once && peak <= 150,
    );
  } finally {
    clearInterval(sampler);
    watcher.kill('SIGTERM');
    await new Promise((settle) => watcher.on('exit', settle));
  }
}

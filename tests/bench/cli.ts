/**
 * The command line, for `npm run bench -- --cli` (never asserted in tests): `kikitori` run as a
 * person runs it (the built bundle, a child process), measured side by side with the app.
 *
 *   (k1) `kikitori --version`                                                goal <= 0.3 s
 *   (k2) `kikitori jobs --json` with 10,000 jobs in the journal                goal <= 1 s
 *   (k3) `transcribe` of a 5 s clip while the app runs / the app's own sync time  goal <= +0.3 s
 *   (k4) `watch`: a 5 s clip copied in → its .txt written                 goal <= 2 × sync + 2 s
 *   (k5) `convert` of a three-hour transcript (40,000 words) to every format  goal <= 3 s
 *
 * Times are wall times of whole commands, process start included, medians of several runs.
 */
import { execFile, spawn } from 'node:child_process';
import { copyFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { seedFailedJobs } from '../support/seed-jobs';
import { removeDir, tempDir } from '../support/service-process';
import { until } from '../support/until';
import { startWebHostProcess } from '../support/web-host-process';
import { longJapaneseMeeting } from './export';
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
  const start = performance.now();
  await run(process.execPath, [BUNDLE, ...args], { env: ENV, maxBuffer: 256 * 2 ** 20 });
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
    for (let i = 0; i < 7; i++) versions.push(await timedCommand(['--version']));
    const version = median(versions);
    line('(k1) kikitori --version', `${version.toFixed(3)} s`, '<= 0.3 s', version <= 0.3);

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

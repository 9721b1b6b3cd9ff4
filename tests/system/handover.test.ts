/**
 * The app and a command beside it, in both orders, with a job running as the data folder changes
 * hands: the package's bin (`kikitori watch`) and browser mode as child processes, the real local
 * service and engine.
 * - The command first: browser mode started on its data folder opens (it no longer refuses the
 *   folder), the command lets go of it and carries on through the app; the recording it was
 *   transcribing is finished by the app and written once, and a file added afterwards is done
 *   through the app.
 * - The app first: the command goes through it; when the app quits in the middle of a job, the
 *   command takes the folder back, finishes the job and writes it once.
 * - A command that does not hand over (`kikitori serve`) keeps the folder: the app says who holds
 *   it, in one sentence, and exits 1.
 */
import { execFile, spawn } from 'node:child_process';
import { copyFile, readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../fixtures/build';
import { NO_KEYCHAIN, startKikitori, type RunningCli } from '../support/cli-run';
import { removeDir, tempDir } from '../support/service-process';
import { until } from '../support/until';
import { startWebHostProcess, type RunningWebHost } from '../support/web-host-process';

const run = promisify(execFile);
const ENV = { ...NO_KEYCHAIN, LANG: 'C.UTF-8', LC_ALL: '' };

type Running = RunningCli;
const kikitori = (args: readonly string[]) => startKikitori(args);

const events = (running: Running) =>
  running.out.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const fileEvent = (running: Running, name: string, state: string) =>
  events(running).find(
    (e) => e.type === 'file' && e.state === state && String(e.path).endsWith(`/${name}`),
  );

/** A recording long enough (the LibriVox clips, several times) to be under way at a hand-over. */
async function longRecording(into: string): Promise<string> {
  const clips = (await loadFixtures()).fixtures
    .filter((f) => f.kind === 'librivox')
    .map((f) => join(DEFAULT_FIXTURES_DIR, f.path));
  const path = join(into, 'long.wav');
  await run('sox', [...clips, ...clips, ...clips, ...clips, ...clips, ...clips, path]);
  return path;
}

/** Moves a file into the watched folder whole, as a save-as or a download does. */
async function moveIn(from: string, folder: string, name: string): Promise<void> {
  const staging = join(folder, '..', `${folder.split('/').pop()}-${name}`);
  await copyFile(from, staging);
  await rename(staging, join(folder, name));
}

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

async function setUp() {
  const dataDir = await tempDir('kikitori-handover-data-');
  const folder = await tempDir('kikitori-handover-in-');
  const work = await tempDir('kikitori-handover-work-');
  cleanup.push(
    () => removeDir(dataDir),
    () => removeDir(folder),
    () => removeDir(work),
  );
  return { dataDir, folder, long: await longRecording(work) };
}

function watch(dataDir: string, folder: string): Running {
  const watcher = kikitori(['--data', dataDir, '--json', 'watch', folder, '--format', 'txt']);
  cleanup.push(async () => {
    if (watcher.child.exitCode === null) watcher.child.kill('SIGKILL');
  });
  return watcher;
}

const watching = (watcher: Running) =>
  until(
    () => watcher.out.stdout.includes('"state":"watching"') || watcher.child.exitCode !== null,
    Boolean,
  );

async function stopsCleanly(watcher: Running): Promise<void> {
  watcher.child.kill('SIGTERM');
  expect(await watcher.exited, watcher.out.stderr).toBe(0);
}

describe('the app and a command on one data folder', () => {
  it('the app started beside a running watch opens, and the command carries on through it, its job finished once', async () => {
    const { dataDir, folder, long } = await setUp();
    const watcher = watch(dataDir, folder);
    await watching(watcher);
    expect(watcher.child.exitCode, watcher.out.stderr).toBeNull();

    await moveIn(long, folder, 'long.wav');
    const picked = await until(() => fileEvent(watcher, 'long.wav', 'picked'), Boolean);
    const jobId = String(picked!.job);

    const app: RunningWebHost = await startWebHostProcess(dataDir, ENV);
    cleanup.push(() => app.stop());
    expect(app.lines.join('\n')).toContain(
      `took the data folder over from the command kikitori (process ${watcher.child.pid})`,
    );
    // The job was under way when the folder changed hands: the app has it, not yet done.
    const { jobs } = await app.call<{ jobs: Job[] }>('jobs:list');
    const handed = jobs.find((j) => j.id === jobId);
    expect(handed?.status).not.toBe('completed');
    await until(
      () => events(watcher),
      (said) => said.some((e) => e.type === 'holder' && e.where === 'app'),
    );
    expect(watcher.child.exitCode).toBeNull();

    // Finished by the app, followed by the command, written once.
    await until(() => fileEvent(watcher, 'long.wav', 'done'), Boolean, { timeoutMs: 300_000 });
    expect((await readdir(folder)).sort()).toEqual(['long.txt', 'long.wav']);
    expect((await readFile(join(folder, 'long.txt'), 'utf8')).length).toBeGreaterThan(100);
    const after = await app.call<{ jobs: Job[] }>('jobs:list');
    expect(after.jobs.filter((j) => j.file.name === 'long.wav').map((j) => j.status)).toEqual([
      'completed',
    ]);

    // A file added now is sent through the app, and shows in its Jobs.
    await moveIn(join(DEFAULT_FIXTURES_DIR, 'espeak/sentence-1.wav'), folder, 'short.wav');
    await until(() => fileEvent(watcher, 'short.wav', 'done'), Boolean);
    const more = await app.call<{ jobs: Job[] }>('jobs:list');
    expect(more.jobs.find((j) => j.file.name === 'short.wav')?.status).toBe('completed');
    expect((await readdir(folder)).sort()).toEqual([
      'long.txt',
      'long.wav',
      'short.txt',
      'short.wav',
    ]);
    await stopsCleanly(watcher);
  }, 600_000);

  it('a watch going through the app takes the folder back when the app quits in the middle of its job', async () => {
    const { dataDir, folder, long } = await setUp();
    const app: RunningWebHost = await startWebHostProcess(dataDir, ENV);
    cleanup.push(() => app.stop());
    const watcher = watch(dataDir, folder);
    await watching(watcher);
    expect(watcher.child.exitCode, watcher.out.stderr).toBeNull();

    await moveIn(long, folder, 'long.wav');
    const picked = await until(() => fileEvent(watcher, 'long.wav', 'picked'), Boolean);
    const jobId = String(picked!.job);
    const { jobs } = await app.call<{ jobs: Job[] }>('jobs:list');
    expect(jobs.find((j) => j.id === jobId)?.status).not.toBe('completed');
    expect(await app.stop()).toBe(0);

    await until(
      () => events(watcher),
      (said) => said.some((e) => e.type === 'holder' && e.where === 'here'),
    );
    await until(() => fileEvent(watcher, 'long.wav', 'done'), Boolean, { timeoutMs: 300_000 });
    expect(watcher.child.exitCode).toBeNull();
    expect((await readdir(folder)).sort()).toEqual(['long.txt', 'long.wav']);
    expect((await readFile(join(folder, 'long.txt'), 'utf8')).length).toBeGreaterThan(100);

    // The command holds the folder now: another command goes through it and sees the job done.
    const listed = kikitori(['--data', dataDir, '--json', 'jobs']);
    expect(await listed.exited, listed.out.stderr).toBe(0);
    const result = events(listed).find((e) => e.type === 'result') as { jobs: Job[] };
    expect(
      result.jobs.filter((j) => j.file.name === 'long.wav').map((j) => [j.id, j.status]),
    ).toEqual([[jobId, 'completed']]);
    await stopsCleanly(watcher);
  }, 600_000);

  it('a command that does not hand over keeps the folder, and the app says which one holds it', async () => {
    const dataDir = await tempDir('kikitori-handover-serve-');
    cleanup.push(() => removeDir(dataDir));
    const server = kikitori(['--data', dataDir, '--json', 'serve']);
    cleanup.push(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });
    await until(
      () => server.out.stdout.includes('"type":"serving"') || server.child.exitCode !== null,
      Boolean,
    );
    expect(server.child.exitCode, server.out.stderr).toBeNull();
    const browserMode = spawn(
      process.execPath,
      ['scripts/web-host.mjs', '--data', dataDir, '--no-open'],
      { env: { ...process.env, ...ENV }, stdio: 'pipe' },
    );
    let stderr = '';
    browserMode.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((settle) => browserMode.on('exit', settle));
    expect(code, stderr).toBe(1);
    expect(stderr).toContain(
      `A Kikitori command (process ${server.child.pid}, such as kikitori serve) is using the data folder ${dataDir}.`,
    );
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});

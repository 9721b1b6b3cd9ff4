/**
 * Watched folders across a crash: the app (the web host process, watching a folder
 * from its Settings) is SIGKILLed while a watched file's job runs, and again just as a job
 * completes; after each restart that file's job is finished and its outputs written, once: one
 * job, each output once, nothing numbered. While the app watches a folder, another watcher of it
 * is refused, naming the app and its process.
 */
import { copyFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFolder } from '../../../core/watch/folder-lock';
import { AppFailure } from '../../../shared/domain/errors';
import type { Job } from '../../../shared/domain/job';
import type { WatchedFolderView } from '../../../shared/ipc/contract';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { useWebHost } from '../../support/hooks';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';
import { processAlive, serviceChildOf } from './processes';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0870.wav');
const web = useWebHost('kikitori-watch-crash-');
const host = web.host;

let dir: string;
beforeAll(async () => {
  dir = await tempDir('kikitori-watched-');
});
afterAll(async () => {
  await removeDir(dir);
});

const jobsOf = async (name: string) =>
  (await host.call<{ jobs: Job[] }>('jobs:list')).jobs.filter(
    (job) => job.file.path === join(dir, name),
  );

async function killAndRestart(): Promise<void> {
  const service = serviceChildOf(host.process.pid!);
  await host.kill();
  // Its service ends with it; a new one must not share the data meanwhile.
  if (service)
    await until(
      () => processAlive(service),
      (alive) => !alive,
      { timeoutMs: 60_000 },
    );
  await web.restart();
}

/** The files the folder holds once `name`'s outputs are written. */
async function outputsOf(name: string): Promise<string[]> {
  const stem = name.replace(/\.wav$/, '');
  return until(
    async () => (await readdir(dir)).filter((file) => file.startsWith(stem)).sort(),
    (files) => files.includes(`${stem}.txt`) && files.includes(`${stem}.srt`),
    { timeoutMs: 180_000, everyMs: 100 },
  );
}

describe('a watched folder when the app is killed', { timeout: 600_000 }, () => {
  it('finishes the job it was killed in after the restart, once', async () => {
    const added = await host.call<{ folder: WatchedFolderView }>('watch:add', {
      path: dir,
      formats: ['txt', 'srt'],
    });
    expect(added.folder.status.state).toBe('watching');

    // Killed while the job is under way.
    await copyFile(CLIP, join(dir, 'running.wav'));
    await until(
      () => jobsOf('running.wav'),
      (jobs) => jobs.length === 1 && jobs[0]!.status !== 'completed',
      { everyMs: 20 },
    );
    await killAndRestart();
    expect(await outputsOf('running.wav')).toEqual(['running.srt', 'running.txt', 'running.wav']);

    // Killed just as the job completes: its outputs are being written, or not yet.
    await copyFile(CLIP, join(dir, 'completing.wav'));
    await until(
      () => jobsOf('completing.wav'),
      (jobs) => jobs[0]?.status === 'completed',
      { everyMs: 10 },
    );
    await killAndRestart();
    expect(await outputsOf('completing.wav')).toEqual([
      'completing.srt',
      'completing.txt',
      'completing.wav',
    ]);

    // Once more, stopped cleanly and started: nothing is done again.
    await host.stop();
    await web.restart();
    await copyFile(CLIP, join(dir, 'after.wav'));
    await outputsOf('after.wav');
    for (const name of ['running.wav', 'completing.wav', 'after.wav']) {
      const jobs = await jobsOf(name);
      expect(jobs, name).toHaveLength(1);
      expect(jobs[0]!.status).toBe('completed');
      expect(jobs[0]!.watched?.folder).toBe(dir);
    }
    expect((await readdir(dir)).sort()).toEqual([
      'after.srt',
      'after.txt',
      'after.wav',
      'completing.srt',
      'completing.txt',
      'completing.wav',
      'running.srt',
      'running.txt',
      'running.wav',
    ]);
  });

  it('refuses another watcher of a folder the app watches, naming the app and its process', async () => {
    const listed = await host.call<{ folders: WatchedFolderView[] }>('watch:list');
    expect(listed.folders.map((folder) => folder.path)).toEqual([dir]);
    const refused = await lockFolder(dir, 'command-line').then(
      (lock) => lock.release(),
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppFailure);
    expect((refused as AppFailure).error).toMatchObject({
      code: 'watch-held',
      params: { path: dir, holder: 'app', pid: host.process.pid },
    });
  });
});

/**
 * Watched folders with the real core, the real local service and real files: a file
 * copied in, written slowly, or moved in is transcribed once, after it stops growing, and its
 * outputs written next to it; a restart does not do a seen file again but does one that came
 * while nothing watched; a file touched, saved again unchanged or copied out and back in is not
 * done again, across a restart too; a folder that vanishes is said once and the others go on; a
 * second watcher of a folder is refused, naming the holder.
 */
import {
  copyFile,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../core/core';
import {
  FolderWatchers,
  type WatchLink,
  type WatchListener,
} from '../../../core/watch/folder-watcher';
import { AppFailure } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';
import type { Job } from '../../../shared/domain/job';
import type { EventPayload } from '../../../shared/ipc/contract';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { useProxiedCore } from '../../support/hooks';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';

const proxied = useProxiedCore({
  connections: [{ id: 'watch-local', name: 'Local (watched)' }],
  activate: true,
});
const clip = join(DEFAULT_FIXTURES_DIR, 'espeak', 'sentence-1.wav');
const TIMING = { stableMs: 500, checkMs: 200 };

let work: string;
beforeAll(async () => {
  work = await tempDir('kikitori-watch-');
});
afterAll(async () => {
  await removeDir(work);
});

const linkOf = (core: Core): WatchLink => ({
  invoke: (channel, input) => core.invoke(channel, input),
  subscribe: (listener) => core.subscribe(listener),
});

type Heard = { [E in 'watch:folder' | 'watch:file']: { event: E; payload: EventPayload<E> } }[
  'watch:folder' | 'watch:file'];

/** A group of watchers over the test's core, and every event it said. */
function watchers(holder: 'app' | 'command-line' = 'command-line') {
  const heard: Heard[] = [];
  const onEvent: WatchListener = (event, payload) => heard.push({ event, payload } as Heard);
  const group = new FolderWatchers({
    dataDir: proxied.dataDir,
    link: linkOf(proxied.core),
    holder,
    onEvent,
    timing: TIMING,
  });
  return { group, heard };
}

async function folder(name: string): Promise<string> {
  const path = join(work, name);
  await mkdir(path, { recursive: true });
  return path;
}

const jobsOf = async (path: string): Promise<Job[]> => {
  const listed = await proxied.core.invoke('jobs:list', {});
  if (!listed.ok) throw new Error(listed.error.code);
  return listed.data.jobs.filter((job) => job.file.path === path);
};

const done = (heard: readonly Heard[], path: string) =>
  heard.find(
    (h): h is Extract<Heard, { event: 'watch:file' }> =>
      h.event === 'watch:file' && h.payload.path === path && h.payload.state !== 'picked',
  );

/** Waits for `path` to be done, then checks it was done once: one job, one txt named after it. */
async function doneOnce(heard: Heard[], dir: string, name: string): Promise<Job> {
  const path = join(dir, `${name}.wav`);
  const event = await until(
    () => done(heard, path),
    (e) => e !== undefined,
    { timeoutMs: 120_000 },
  );
  expect(event!.payload.state, JSON.stringify(event!.payload.error)).toBe('done');
  expect(event!.payload.outputs).toEqual([join(dir, `${name}.txt`)]);
  const text = await readFile(join(dir, `${name}.txt`), 'utf8');
  expect(text.length).toBeGreaterThan(0);
  const jobs = await jobsOf(path);
  expect(jobs).toHaveLength(1);
  expect(jobs[0]!.status).toBe('completed');
  expect(jobs[0]!.watched?.folder).toBe(dir);
  return jobs[0]!;
}

const outputsIn = async (dir: string) =>
  (await readdir(dir)).filter((name) => !name.endsWith('.wav')).sort();

describe('a watched folder', { timeout: 300_000 }, () => {
  it('transcribes a copied file once, marked as watched, and a file already there not at all', async () => {
    const dir = await folder('copy');
    await copyFile(clip, join(dir, 'before.wav'));
    const { group, heard } = watchers();
    try {
      await group.add({ folder: dir, formats: ['txt'] });
      await copyFile(clip, join(dir, 'meeting.wav'));
      await doneOnce(heard, dir, 'meeting');
      await group.idle();
      expect(await outputsIn(dir)).toEqual(['meeting.txt']);
      expect(await jobsOf(join(dir, 'before.wav'))).toHaveLength(0);
      expect(
        heard.filter((h) => h.event === 'watch:file' && h.payload.state === 'picked'),
      ).toHaveLength(1);
    } finally {
      await group.close();
    }
  });

  it('writes every format asked for into the output folder, never over a file there', async () => {
    const dir = await folder('formats');
    const out = await folder('formats-out');
    await writeFile(join(out, 'talk.txt'), 'a file of the person');
    const { group, heard } = watchers();
    try {
      await group.add({ folder: dir, formats: ['txt', 'srt'], out });
      await copyFile(clip, join(dir, 'talk.wav'));
      const event = await until(
        () => done(heard, join(dir, 'talk.wav')),
        (e) => e !== undefined,
      );
      expect(event!.payload.outputs).toEqual([join(out, 'talk (2).txt'), join(out, 'talk.srt')]);
      expect(await readFile(join(out, 'talk.txt'), 'utf8')).toBe('a file of the person');
      expect(await readFile(join(out, 'talk.srt'), 'utf8')).toMatch(/^1\r?\n00:00:/);
    } finally {
      await group.close();
    }
  });

  it('takes a file written in pieces once, after it stops growing', async () => {
    const dir = await folder('slow');
    const { group, heard } = watchers();
    try {
      await group.add({ folder: dir });
      const bytes = await readFile(clip);
      const target = join(dir, 'slow.wav');
      const file = await open(target, 'w');
      const pieces = 8;
      const size = Math.ceil(bytes.length / pieces);
      for (let at = 0; at < bytes.length; at += size) {
        await file.write(bytes.subarray(at, at + size));
        await file.sync();
        // A writer taking its time, each pause well within the time a file must stay unchanged.
        await new Promise((resolve) => setTimeout(resolve, TIMING.stableMs / 4));
        expect(heard.some((h) => h.event === 'watch:file')).toBe(false);
      }
      await file.close();
      const job = await doneOnce(heard, dir, 'slow');
      expect(job.file.size).toBe(bytes.length);
    } finally {
      await group.close();
    }
  });

  it('takes a file moved in once', async () => {
    const dir = await folder('moved');
    const elsewhere = await folder('moved-from');
    await copyFile(clip, join(elsewhere, 'moved.wav'));
    const { group, heard } = watchers();
    try {
      await group.add({ folder: dir });
      await rename(join(elsewhere, 'moved.wav'), join(dir, 'moved.wav'));
      await doneOnce(heard, dir, 'moved');
    } finally {
      await group.close();
    }
  });

  it('does not do a seen file again after a restart, and does one that came while nothing watched', async () => {
    const dir = await folder('restart');
    const first = watchers();
    try {
      await first.group.add({ folder: dir });
      await copyFile(clip, join(dir, 'first.wav'));
      await doneOnce(first.heard, dir, 'first');
    } finally {
      await first.group.close();
    }
    await copyFile(clip, join(dir, 'while-away.wav'));
    const second = watchers();
    try {
      await second.group.add({ folder: dir });
      await doneOnce(second.heard, dir, 'while-away');
      await second.group.idle();
      expect(done(second.heard, join(dir, 'first.wav'))).toBeUndefined();
      expect(await jobsOf(join(dir, 'first.wav'))).toHaveLength(1);
      expect(await outputsIn(dir)).toEqual(['first.txt', 'while-away.txt']);
    } finally {
      await second.group.close();
    }
  });

  it('does not do a file again when it is touched, saved again unchanged or copied out and back, across a restart', async () => {
    const dir = await folder('touched');
    const other = join(DEFAULT_FIXTURES_DIR, 'espeak', 'sentence-2.wav');
    const picked = (heard: readonly Heard[]) =>
      heard.flatMap((h) =>
        h.event === 'watch:file' && h.payload.state === 'picked' ? [h.payload.path] : [],
      );
    const first = watchers();
    try {
      await first.group.add({ folder: dir });
      await copyFile(clip, join(dir, 'talk.wav'));
      await doneOnce(first.heard, dir, 'talk');
      // Touched (a later time, the same bytes), saved again as it was, and copied out and back in
      // (another inode, another time).
      const later = new Date(Date.now() + 60_000);
      await utimes(join(dir, 'talk.wav'), later, later);
      await writeFile(join(dir, 'talk.wav'), await readFile(clip));
      await rename(join(dir, 'talk.wav'), join(work, 'talk-away.wav'));
      await copyFile(join(work, 'talk-away.wav'), join(dir, 'talk.wav'));
      // Another recording after them: once it is done, they were all looked at.
      await copyFile(other, join(dir, 'other.wav'));
      await doneOnce(first.heard, dir, 'other');
      await first.group.idle();
      expect(picked(first.heard)).toEqual([join(dir, 'talk.wav'), join(dir, 'other.wav')]);
    } finally {
      await first.group.close();
    }
    // Touched while nothing watched: the next start does not do it either.
    const later = new Date(Date.now() + 120_000);
    await utimes(join(dir, 'talk.wav'), later, later);
    await copyFile(join(DEFAULT_FIXTURES_DIR, 'espeak', 'sentence-3.wav'), join(dir, 'new.wav'));
    const second = watchers();
    try {
      await second.group.add({ folder: dir });
      await doneOnce(second.heard, dir, 'new');
      await second.group.idle();
      expect(picked(second.heard)).toEqual([join(dir, 'new.wav')]);
      expect(await jobsOf(join(dir, 'talk.wav'))).toHaveLength(1);
      expect(await outputsIn(dir)).toEqual(['new.txt', 'other.txt', 'talk.txt']);
    } finally {
      await second.group.close();
    }
  });

  it('says once that a folder vanished, goes on with the others, and resumes it when it is back', async () => {
    const gone = await folder('vanishing');
    const stays = await folder('staying');
    const { group, heard } = watchers();
    try {
      await group.add({ folder: gone });
      await group.add({ folder: stays });
      await rm(gone, { recursive: true });
      const said = await until(
        () =>
          heard.filter(
            (h) =>
              h.event === 'watch:folder' &&
              h.payload.folder === gone &&
              h.payload.state === 'problem',
          ),
        (events) => events.length > 0,
      );
      const problem = (said[0]!.payload as EventPayload<'watch:folder'>).problem!;
      expect(problem).toMatchObject({
        code: 'watch-folder',
        params: { path: gone, reason: 'missing' },
      });
      expect(errorText(problem, 'en')).toContain(gone);
      expect(errorText(problem, 'ja')).toContain('見つかりません');
      await copyFile(clip, join(stays, 'other.wav'));
      await doneOnce(heard, stays, 'other');
      // Said once, though checked many times meanwhile.
      expect(
        heard.filter(
          (h) =>
            h.event === 'watch:folder' &&
            h.payload.folder === gone &&
            h.payload.state === 'problem',
        ),
      ).toHaveLength(1);
      await mkdir(gone);
      await until(
        () => group.list().find((w) => w.path === gone)?.status.state,
        (state) => state === 'watching',
      );
      await copyFile(clip, join(gone, 'back.wav'));
      await doneOnce(heard, gone, 'back');
    } finally {
      await group.close();
    }
  });

  it('refuses a second watcher of a folder, naming who holds it', async () => {
    const dir = await folder('held');
    const { group } = watchers('app');
    const second = watchers('command-line');
    try {
      await group.add({ folder: dir });
      const refused = await second.group.add({ folder: dir }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(AppFailure);
      const { error } = refused as AppFailure;
      expect(error).toMatchObject({
        code: 'watch-held',
        params: { path: dir, holder: 'app', pid: process.pid },
      });
      expect(errorText(error, 'en')).toContain(`the Kikitori app (process ${process.pid})`);
      expect(errorText(error, 'ja')).toContain(`Kikitori アプリ（プロセス ${process.pid}）`);
      await group.close();
      // Once the first lets go, the folder can be watched.
      await second.group.add({ folder: dir });
    } finally {
      await group.close();
      await second.group.close();
    }
  });

  it('refuses a second watcher of a folder whatever data folder it uses: one watcher per folder and user', async () => {
    const dir = await folder('held-elsewhere');
    const otherData = await tempDir('kikitori-watch-other-data-');
    const { group } = watchers('command-line');
    const elsewhere = new FolderWatchers({
      dataDir: otherData,
      link: linkOf(proxied.core),
      holder: 'command-line',
      timing: TIMING,
    });
    try {
      await group.add({ folder: dir });
      const refused = await elsewhere.add({ folder: dir }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect((refused as AppFailure).error).toMatchObject({
        code: 'watch-held',
        params: { path: dir, holder: 'command-line', pid: process.pid },
      });
    } finally {
      await group.close();
      await elsewhere.close();
      await removeDir(otherData);
    }
  });

  it('takes a changed file as its new version once: its transcript replaces the earlier one, or, edited by the person, stays and the new one goes beside it', async () => {
    const dir = await folder('versions');
    const { group, heard } = watchers();
    const staged = (name: string) => join(work, `versions-${name}`);
    /** Puts the clip `name` at talk.wav whole (written beside, then renamed over it). */
    const putWhole = async (name: string) => {
      await copyFile(join(DEFAULT_FIXTURES_DIR, 'espeak', name), staged(name));
      await rename(staged(name), join(dir, 'talk.wav'));
    };
    const doneCount = () =>
      heard.filter((h) => h.event === 'watch:file' && h.payload.state === 'done').length;
    try {
      await group.add({ folder: dir });
      await putWhole('sentence-1.wav');
      await until(doneCount, (n) => n === 1);
      const first = await readFile(join(dir, 'talk.txt'), 'utf8');

      await putWhole('sentence-2.wav');
      await until(doneCount, (n) => n === 2);
      const second = await readFile(join(dir, 'talk.txt'), 'utf8');
      expect(second).not.toBe(first);
      expect(await outputsIn(dir)).toEqual(['talk.txt']);
      const picked = heard.flatMap((h) =>
        h.event === 'watch:file' && h.payload.state === 'picked' ? [h.payload] : [],
      );
      expect(picked.map((p) => p.changed === true)).toEqual([false, true]);

      // The person adds a line to the transcript: a new version does not write over it.
      await writeFile(join(dir, 'talk.txt'), `${second}My note.\n`);
      await putWhole('sentence-3.wav');
      await until(doneCount, (n) => n === 3);
      await group.idle();
      expect(await readFile(join(dir, 'talk.txt'), 'utf8')).toBe(`${second}My note.\n`);
      expect(await outputsIn(dir)).toEqual(['talk (2).txt', 'talk.txt']);
      expect(await jobsOf(join(dir, 'talk.wav'))).toHaveLength(3);
    } finally {
      await group.close();
    }
  });

  it('waits for a file whose writer closes it between bursts until its container says it is whole, or (elsewhere) it decodes to its end', async () => {
    const cases = [
      // Its RIFF and data sizes; its last frame; its last page and end-of-stream flag.
      ['linux', 'bursts.wav', join(DEFAULT_FIXTURES_DIR, 'espeak', 'sentence-1.wav')],
      ['linux', 'bursts.mp3', join(DEFAULT_FIXTURES_DIR, 'formats', 'mp3-16k.mp3')],
      ['linux', 'bursts.ogg', join(DEFAULT_FIXTURES_DIR, 'formats', 'opus-48k.ogg')],
      // No length in it: where no writer can be seen, a decode to its end tells.
      ['portable', 'bursts.flac', join(DEFAULT_FIXTURES_DIR, 'formats', 'flac-16k.flac')],
    ] as const;
    for (const [wholeWay, name, fixture] of cases) {
      const dir = await folder(`closed-bursts-${name}`);
      const heard: Heard[] = [];
      const group = new FolderWatchers({
        dataDir: proxied.dataDir,
        link: linkOf(proxied.core),
        holder: 'command-line',
        onEvent: (event, payload) => heard.push({ event, payload } as Heard),
        timing: TIMING,
        wholeWay,
      });
      try {
        await group.add({ folder: dir });
        const bytes = await readFile(fixture);
        const third = Math.ceil(bytes.length / 3);
        // Each burst opened for appending and closed: no process holds it between them.
        for (let at = 0; at < bytes.length; at += third) {
          await writeFile(join(dir, name), bytes.subarray(at, at + third), { flag: 'a' });
          if (at + third < bytes.length)
            await new Promise((settle) => setTimeout(settle, TIMING.stableMs * 4));
        }
        const done = await until(
          () =>
            heard.find(
              (h) =>
                h.event === 'watch:file' &&
                h.payload.path === join(dir, name) &&
                (h.payload.state === 'done' || h.payload.state === 'failed'),
            ),
          Boolean,
        );
        expect(done!.payload.state, `${wholeWay} ${name}`).toBe('done');
        const jobs = await jobsOf(join(dir, name));
        expect(
          jobs.map((job) => job.file.size),
          `${wholeWay} ${name}`,
        ).toEqual([bytes.length]);
      } finally {
        await group.close();
      }
    }
  });
});

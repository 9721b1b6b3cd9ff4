/**
 * A live session whose disk fills up: the data folder is a small tmpfs mounted for this
 * test, the real core's live session, the real local service's realtime interface and real ffmpeg.
 * The disk fills as soon as the session records: the session says so (once, not fatal), keeps
 * every final it gets in memory, and Stop, while the disk is still full, leaves the job
 * recognizing only until there is room: then it completes, cut off, with every final the window
 * saw. With room again before Stop, Stop completes it at once.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../core/core';
import { readFinals } from '../../../core/live/live-journal';
import { finalsPathOf } from '../../../core/live/recording-files';
import { errorText } from '../../../shared/domain/error-text';
import type { Job } from '../../../shared/domain/job';
import type { LiveEvent } from '../../../shared/ipc/live';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../../fixtures/build';
import { useService } from '../../support/hooks';
import { openLiveCore } from '../../support/live-core';
import { fill, mountSmallDisk, type SmallDisk } from '../../support/small-disk';
import { until } from '../../support/until';
import { pcmOfWav } from '../../support/wav-header';

const service = useService();
let disk: SmallDisk | undefined;
let mount: string;
let core: Core | undefined;
/** The LibriVox clips, each followed by a second of silence (so that each ends an utterance). */
let clips: Buffer[];

beforeAll(async () => {
  disk = await mountSmallDisk('kikitori-live-full-disk-', '8m');
  mount = disk.path;
  const fixtures = (await loadFixtures()).fixtures.filter((f) => f.kind === 'librivox');
  clips = await Promise.all(
    fixtures.map(async (f) =>
      Buffer.concat([
        pcmOfWav(await readFile(join(DEFAULT_FIXTURES_DIR, f.path))),
        Buffer.alloc(32_000),
      ]),
    ),
  );
  core = await openLiveCore(mount, service);
});
afterAll(async () => {
  await core?.stop();
  await disk?.close();
});

/** A live link as a host opens one, collecting the events. */
function openLink() {
  const events: LiveEvent[] = [];
  let closed = false;
  const inbound = core!.live.open({
    send: (event) => events.push(event),
    close: () => (closed = true),
  });
  return {
    events,
    inbound,
    closed: () => closed,
    finals: () => events.flatMap((e) => (e.type === 'final' ? [e.utterance] : [])),
    errors: () => events.flatMap((e) => (e.type === 'error' ? [e] : [])),
    state: (state: string) => events.find((e) => e.type === 'state' && e.state === state),
  };
}

/** Sends PCM in 100 ms chunks at 8 times real time. */
async function speak(inbound: { audio(chunk: Uint8Array): void }, pcm: Buffer): Promise<void> {
  for (let at = 0; at < pcm.length; at += 3_200) {
    inbound.audio(pcm.subarray(at, at + 3_200));
    await new Promise((resolve) => setTimeout(resolve, 100 / 8));
  }
}

/** Opens a session, fills the disk once it records, and speaks every clip into it. */
async function sessionOnFullDisk(filler: string) {
  const link = openLink();
  link.inbound.text(JSON.stringify({ type: 'start' }));
  const listening = await until(() => link.state('listening') ?? link.errors()[0], Boolean, {
    timeoutMs: 60_000,
  });
  expect(listening).toMatchObject({ type: 'state' });
  const jobId = (listening as { jobId?: string }).jobId!;
  expect(jobId).toBeTruthy();
  await fill(filler);
  for (const clip of clips) await speak(link.inbound, clip);
  const diskFull = await until(
    () => link.errors().filter((e) => e.error.code === 'live-disk-full'),
    (found) => found.length > 0,
    { timeoutMs: 30_000 },
  );
  // Said once, not fatal, as a whole sentence in each language; the session goes on.
  expect(diskFull).toHaveLength(1);
  expect(diskFull[0]!.fatal).toBe(false);
  expect(diskFull[0]!.error.params).toEqual({ path: mount });
  expect(errorText(diskFull[0]!.error, 'en')).toMatch(/^The disk holding .* is full/);
  expect(errorText(diskFull[0]!.error, 'ja')).toContain('ディスクがいっぱい');
  expect(link.errors().every((e) => !e.fatal)).toBe(true);
  expect(link.closed()).toBe(false);
  await until(
    () => link.finals().length,
    (n) => n > 0,
  );
  // Nothing could be written: every final is held in memory.
  expect(await readFinals(finalsPathOf(mount, jobId))).toEqual([]);
  return { link, jobId };
}

/** The job as completed, checked against what the window was shown, in memory and on disk. */
async function expectCompleted(jobId: string, heard: readonly string[]): Promise<void> {
  const got = await core!.invoke('jobs:get', { id: jobId });
  if (!got.ok) throw new Error(got.error.code);
  expect(got.data.job).toMatchObject({ mode: 'live', status: 'completed', cutOff: true });
  expect(got.data.transcript!.utterances.map((u) => u.text)).toEqual(heard);
  // On disk as well, as a restart would read it.
  const file = JSON.parse(await readFile(join(mount, 'jobs', `${jobId}.json`), 'utf8')) as {
    data: Job;
  };
  expect(file.data).toMatchObject({ status: 'completed', cutOff: true });
}

describe('a live session on a full disk', { timeout: 240_000 }, () => {
  it('says so, keeps every final in memory, and Stop on the full disk completes the job cut off once there is room', async () => {
    const filler = join(mount, 'filler');
    const { link, jobId } = await sessionOnFullDisk(filler);
    // Stop while the disk is still full: the session ends, the job waits in memory.
    link.inbound.text(JSON.stringify({ type: 'stop' }));
    await until(() => link.state('stopped'), Boolean, { timeoutMs: 60_000 });
    expect(link.closed()).toBe(true);
    expect((link.state('stopped') as { job?: Job }).job).toBeUndefined();
    expect(core!.journal.get(jobId)?.status).toBe('recognizing');
    const heard = link.finals().map((u) => u.text);
    expect(heard.length).toBeGreaterThan(1);
    expect(await readFinals(finalsPathOf(mount, jobId))).toEqual([]);
    console.log(`stopped on a full disk: ${heard.length} finals shown, 0 on disk, all in memory`);

    // Room again: the job completes, cut off, with every final the window was shown.
    await rm(filler);
    const freedAt = Date.now();
    await until(
      () => core!.journal.get(jobId)?.status,
      (status) => status === 'completed',
      { timeoutMs: 30_000 },
    );
    console.log(`completed ${Date.now() - freedAt} ms after the disk had room`);
    await expectCompleted(jobId, heard);

    // The audio streamed while the disk was full is counted once there is room, in full.
    const billed = core!.journal.get(jobId)!.billedSeconds!;
    expect(billed).toBeGreaterThan(0);
    const counted = await until(
      async () => {
        const usage = await core!.invoke('usage:summary', {});
        if (!usage.ok) throw new Error(usage.error.code);
        return usage.data.connections
          .flatMap((c) => c.months)
          .reduce((sum, m) => sum + m.secondsLogged + m.secondsNotLogged, 0);
      },
      (seconds) => Math.abs(seconds - billed) < 0.01,
      { timeoutMs: 30_000 },
    );
    console.log(`${counted.toFixed(1)} s counted of ${billed.toFixed(1)} s billed`);
  });

  it('room again before Stop: the waiting finals are written, and Stop completes the job cut off', async () => {
    const filler = join(mount, 'filler');
    const { link, jobId } = await sessionOnFullDisk(filler);
    await rm(filler);
    link.inbound.text(JSON.stringify({ type: 'stop' }));
    const stopped = await until(() => link.state('stopped'), Boolean, { timeoutMs: 60_000 });
    expect((stopped as { job?: Job }).job).toMatchObject({ id: jobId, cutOff: true });
    await expectCompleted(
      jobId,
      link.finals().map((u) => u.text),
    );
  });
});

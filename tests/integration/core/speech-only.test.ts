/**
 * Sending only speech, against the real local service (behind FaultProxy, which sees every
 * request): a recording with long silences in room noise is sent cut to where people speak, and
 * its transcript has the words, at the times (within 50 ms), of the same recording sent whole;
 * the job says how much was sent. Sync and async alike; a recording with nobody in it sends
 * nothing; a job removed while the detector listens sends nothing and leaves nothing.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectSpeech } from '../../../core/jobs/speech-detector';
import { audioSeconds } from '../../../core/media/media-tools';
import type { Token } from '../../../shared/api/recognition';
import { AppFailure } from '../../../shared/domain/errors';
import type { Job, Transcript } from '../../../shared/domain/job';
import { sentMs } from '../../../shared/domain/speech-only';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { roomNoise, sox } from '../../fixtures/quiet-room';
import { useProxiedCore } from '../../support/hooks';
import { sendOne } from '../../support/proxied-core';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';

const proxied = useProxiedCore({
  connections: [
    { id: 'whole', name: 'Everything sent' },
    { id: 'speech', name: 'Only speech sent', speechOnly: true },
  ],
  core: { pollMinMs: 100, pollMaxMs: 400 },
  // One decoder, warmed before the runs compared: a decoder's first utterance comes out with
  // word times up to ~80 ms apart from the same audio's later ones (the engine keeps a noise
  // estimate from one utterance to the next), whichever way it is sent.
  serviceArgs: ['--workers', '1'],
});
const { core, proxy } = proxied;

/** Where each clip is placed (s), between long silences. */
const CLIPS = [
  { at: 4, path: 'espeak/sentence-1.wav' },
  { at: 15, path: 'librivox/sense_and_sensibility_01_austen_64kb-0880.wav' },
  { at: 25, path: 'espeak/sentence-3.wav' },
] as const;
const LENGTH = 33;

let work: string;
/** The clips at their places in pink noise (about −40 dBFS), 33 s. */
let gaps: string;
/** The same, then 510 s more of the noise: longer than a sync request takes, so it is a job. */
let gapsLong: string;
/** Noise alone. */
let noise: string;

beforeAll(async () => {
  work = await tempDir('kikitori-speech-only-');
  const speech = join(work, 'speech.wav');
  const parts: string[] = [];
  let at = 0;
  for (const [i, clip] of CLIPS.entries()) {
    const quiet = join(work, `quiet-${i}.wav`);
    await sox('-n', '-r', '16000', '-c', '1', '-b', '16', quiet, 'trim', '0', String(clip.at - at));
    const source = join(DEFAULT_FIXTURES_DIR, clip.path);
    parts.push(quiet, source);
    at = clip.at + (await audioSeconds(source))!;
  }
  await sox(...parts, speech, 'pad', '0', String(LENGTH - at));
  const room = join(work, 'room.wav');
  await roomNoise(room, LENGTH);
  gaps = join(work, 'gaps.wav');
  await sox('-m', '-v', '1', speech, '-v', '1', room, gaps);
  noise = join(work, 'noise.wav');
  await roomNoise(noise, 12);
  const tail = join(work, 'tail.wav');
  await roomNoise(tail, 510);
  gapsLong = join(work, 'gaps-long.wav');
  await sox(gaps, tail, gapsLong);
});

afterAll(async () => {
  await removeDir(work);
});

async function transcript(job: Job): Promise<Transcript> {
  const got = await core.invoke('jobs:get', { id: job.id });
  if (!got.ok) throw new AppFailure(got.error);
  return got.data.transcript!;
}

const words = (t: Transcript): Token[] =>
  t.utterances.flatMap((u) => u.tokens).filter((token) => token.spoken !== '_');

const done = (job: Job) => job.status === 'completed' || job.status === 'failed';

/** The recording sent whole, once, for the speech-only runs to be held against. */
let whole: Token[] | undefined;
async function wholeWords(): Promise<Token[]> {
  if (whole) return whole;
  await sendOne(proxied, gaps, 'whole', done);
  const { job } = await sendOne(proxied, gaps, 'whole', done);
  expect(job.error).toBeUndefined();
  expect(job.speech).toBeUndefined();
  expect(job.sentSeconds).toBeUndefined();
  whole = words(await transcript(job));
  expect(whole.length).toBeGreaterThan(10);
  return whole;
}

/** Every word of `cut` is the word of `all` at the same place, within 50 ms each way. */
function expectSameTimes(cut: readonly Token[], all: readonly Token[]): void {
  expect(cut.map((t) => t.written)).toEqual(all.map((t) => t.written));
  for (const [i, token] of cut.entries()) {
    expect(Math.abs(token.starttime! - all[i]!.starttime!)).toBeLessThanOrEqual(50);
    expect(Math.abs(token.endtime! - all[i]!.endtime!)).toBeLessThanOrEqual(50);
  }
}

describe('the detector', () => {
  it('hears the three clips where they were placed, and nothing in the noise between them', async () => {
    const found = await detectSpeech(gaps);
    expect(found.length).toBeGreaterThanOrEqual(CLIPS.length);
    for (const clip of CLIPS) {
      const length = (await audioSeconds(join(DEFAULT_FIXTURES_DIR, clip.path)))! * 1000;
      const inside = found.filter(
        ([from, to]) => from < clip.at * 1000 + length && to > clip.at * 1000,
      );
      expect(inside.length).toBeGreaterThan(0);
    }
    // Outside the clips (and a second around each) it heard nobody.
    for (const [from, to] of found) {
      expect(
        CLIPS.some((clip) => from >= clip.at * 1000 - 1_000 && to <= clip.at * 1000 + 6_000),
      ).toBe(true);
    }
  });

  it('stops when its job is removed: an aborted detection answers at once', async () => {
    const controller = new AbortController();
    const detecting = detectSpeech(gapsLong, controller.signal);
    controller.abort();
    await expect(detecting).rejects.toThrow();
  });
});

describe('a recording with long silences, sent with only its speech', () => {
  it('sends less, and its words are the whole recording’s words at the same times (sync)', async () => {
    const all = await wholeWords();
    const before = proxy.seen.length;
    const { job, post } = await sendOne(proxied, gaps, 'speech', done);
    expect(job.error).toBeUndefined();
    expect(job.route).toBe('sync');
    expect(job.speechOnly).toBe(true);
    // The job says what was sent: the cut file's length, and the stretches it was made of.
    expect(job.speech!.kept.length).toBe(3);
    expect(job.sentSeconds!).toBeCloseTo(sentMs(job.speech!.kept) / 1000, 2);
    expect(job.sentSeconds!).toBeLessThan(0.6 * LENGTH);
    expect(job.seconds!).toBeCloseTo(LENGTH, 1);
    // What went on the wire is a FLAC of that length, not the 1 MB WAV.
    expect(post.head).toContain('fLaC');
    expect(proxy.seen.slice(before).filter((r) => r.method === 'POST')).toHaveLength(1);
    expectSameTimes(words(await transcript(job)), all);
    // The cut file is removed once the job is done.
    expect(await readdir(join(proxied.dataDir, 'converted'))).toEqual([]);
  });

  it('as a job (async, over the sync length), its words land at the same times too', async () => {
    const all = await wholeWords();
    const { job } = await sendOne(proxied, gapsLong, 'speech', done);
    expect(job.error).toBeUndefined();
    expect(job.route).toBe('async-length');
    expect(job.sentSeconds!).toBeLessThan(0.05 * job.seconds!);
    expectSameTimes(words(await transcript(job)), all);
  });

  it('of noise alone, sends nothing and says no speech was found', async () => {
    const before = proxy.seen.length;
    const sent = await core.invoke('transcribe:files', { paths: [noise], connection: 'speech' });
    if (!sent.ok) throw new AppFailure(sent.error);
    const job = await until(() => core.journal.get(sent.data.jobs[0]!.id)!, done);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'no-speech', params: { name: 'noise.wav' } });
    expect(proxy.seen.slice(before)).toEqual([]);
  });

  it('removed while the detector listens, sends nothing and leaves no file behind', async () => {
    const before = proxy.seen.length;
    const sent = await core.invoke('transcribe:files', { paths: [gapsLong], connection: 'speech' });
    if (!sent.ok) throw new AppFailure(sent.error);
    const removed = await core.invoke('jobs:remove', { id: sent.data.jobs[0]!.id });
    expect(removed.ok && removed.data.removed).toBe(true);
    await core.runner.idle();
    expect(proxy.seen.slice(before)).toEqual([]);
    expect(await readdir(join(proxied.dataDir, 'converted')).catch(() => [])).toEqual([]);
  });
});

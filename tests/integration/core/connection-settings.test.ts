/**
 * What the app sends for a connection's Transcribe options (keep fillers, speaker labels),
 * recorded by a loopback proxy in front of the real local service, and what comes back: with
 * keepFillerToken=1 the service keeps the silence and filler tokens of a real LibriVox clip, sync
 * and async; speaker labels (async only in docs/api.md §2) go with async jobs and never with sync.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../core/core';
import { errorText } from '../../../shared/domain/error-text';
import type { Transcript } from '../../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import type { FaultProxy } from '../../support/fault-proxy';
import { removeDir, tempDir, type RunningService } from '../../support/service-process';
import { closeProxiedCore, openProxiedCore, sendOne } from '../../support/proxied-core';

const run = promisify(execFile);
/** A clip whose recognition has pauses and a non-speech stretch (`<sil>`, `[SPEECH]`). */
const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0870.wav');
const NON_SPEECH = /^<sil>$|^\[.*\]$/;

let service: RunningService;
let proxy: FaultProxy;
let core: Core;
let appDir: string;
let work: string;
/** The clip followed by silence, just over 16 MB at 16 kHz mono, so that it goes as an async job. */
let large: string;

beforeAll(async () => {
  appDir = await tempDir('kikitori-app-');
  work = await tempDir('kikitori-options-');
  large = join(work, 'clip-then-silence.wav');
  await run('sox', [CLIP, '-r', '16000', '-c', '1', '-b', '16', large, 'pad', '0', '530']);
  ({ service, proxy, core } = await openProxiedCore({
    dataDir: appDir,
    connections: [
      { id: 'plain', name: 'plain', settings: {} },
      { id: 'fillers', name: 'fillers', settings: { keepFillerToken: '1' } },
      {
        id: 'speakers',
        name: 'speakers',
        settings: {
          speakerDiarization: 'True',
          diarizationMinSpeaker: '2',
          diarizationMaxSpeaker: '3',
        },
      },
    ],
  }));
}, 120_000);

afterAll(async () => {
  await closeProxiedCore({ core, proxy, service });
  await removeDir(appDir);
  await removeDir(work);
});

/** Sends one file on a connection, waits for its transcript, and returns it with the d sent. */
async function transcribe(
  path: string,
  connection: string,
): Promise<{ path: string; d: string[]; transcript: Transcript }> {
  const { job, post, d } = await sendOne(
    { core, proxy },
    path,
    connection,
    (j) => j.status === 'completed' || j.status === 'failed',
    240_000,
  );
  if (job.status === 'failed') throw new Error(errorText(job.error!, 'en'));
  const { id } = job;
  const got = await core.invoke('jobs:get', { id });
  if (!got.ok) throw new Error(errorText(got.error, 'en'));
  const { transcript } = got.data as { transcript?: Transcript };
  if (!transcript) throw new Error(`job ${id} completed without a transcript`);
  return { path: post.path, d: d.split(' '), transcript };
}

const nonSpeech = (transcript: Transcript) =>
  transcript.utterances.flatMap((u) => u.tokens).filter((t) => NON_SPEECH.test(t.written));

describe('Transcribe options on the wire', { timeout: 600_000 }, () => {
  it('a finished job keeps its audio length and when sending began, from which the window estimates the next', async () => {
    const { job } = await sendOne(
      { core, proxy },
      CLIP,
      'plain',
      (j) => j.status === 'completed' || j.status === 'failed',
      240_000,
    );
    const seconds = Number((await run('soxi', ['-D', CLIP])).stdout);
    expect(job.status).toBe('completed');
    expect(job.seconds).toBeCloseTo(seconds, 1);
    expect(job.startedAt).toBeGreaterThanOrEqual(job.createdAt);
    expect(job.completedAt).toBeGreaterThanOrEqual(job.startedAt!);
  });

  it('keep fillers: keepFillerToken=1 in d, sync and async, and the silences and fillers come back', async () => {
    const plain = await transcribe(CLIP, 'plain');
    expect(plain.d).not.toContain('keepFillerToken=1');
    expect(nonSpeech(plain.transcript)).toEqual([]);

    const sync = await transcribe(CLIP, 'fillers');
    expect(sync.path).toBe('/v1/nolog/recognize');
    expect(sync.d).toContain('keepFillerToken=1');
    const kept = nonSpeech(sync.transcript).map((t) => t.written);
    expect(kept).toContain('<sil>');
    expect(kept).toContain('[SPEECH]');
    const words = (t: Transcript) => t.utterances.flatMap((u) => u.tokens).map((w) => w.written);
    expect(words(sync.transcript).filter((w) => !NON_SPEECH.test(w))).toEqual(
      words(plain.transcript),
    );

    const job = await transcribe(large, 'fillers');
    expect(job.path).toBe('/v2/recognitions');
    expect(job.d).toContain('keepFillerToken=1');
    // The job splits the audio on its own schedule: which markers it keeps may differ from sync.
    expect(nonSpeech(job.transcript).length).toBeGreaterThan(0);
  });

  it('speaker labels: every file goes as a job, with the speaker bounds (a direct request would come back without them)', async () => {
    for (const file of [CLIP, large]) {
      const job = await transcribe(file, 'speakers');
      expect(job.path).toBe('/v2/recognitions');
      expect(job.d).toEqual(
        expect.arrayContaining([
          'speakerDiarization=True',
          'diarizationMinSpeaker=2',
          'diarizationMaxSpeaker=3',
        ]),
      );
      expect(job.transcript.utterances.length).toBeGreaterThan(0);
      // The local service has no diarization: it accepts the request and labels nobody.
      expect(job.transcript.utterances.flatMap((u) => u.tokens).some((t) => t.label)).toBe(false);
    }
  });
});

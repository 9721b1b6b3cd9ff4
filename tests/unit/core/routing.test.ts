/**
 * The one routing decision (core/jobs/routing.ts): made by the core when it makes a job, over the
 * file as it lies on disk, and kept on the job for the window to show. A file that needs
 * conversion is routed by its length, since the FLAC it becomes is what is sent and its size
 * follows from its length. ffprobe is the probe the core runs for lengths no header says; here
 * it is given, so that no ffmpeg is needed (tests/integration/core/routing.test.ts runs the real one).
 */
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideRoute, routeOf } from '../../../core/jobs/routing';
import { flacBytesAtMost } from '../../../core/media/media-tools';
import { LIMITS } from '../../../shared/api/codes';
import { wavHeader } from '../../support/wav-header';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-route-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A file of `size` bytes starting with `head` (sparse). */
async function file(name: string, head: Uint8Array, size: number): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, head);
  await truncate(path, size);
  return path;
}

const MP4_HEAD = new Uint8Array([0, 0, 0, 0x20, ...Buffer.from('ftypM4A ')]);
const probeOf = (seconds: number | undefined) => () => Promise.resolve(seconds);
const noProbe = () => Promise.reject(new Error('a WAV header says its length'));

describe('routeOf: the rule', () => {
  it.each([
    [{ size: 1000, seconds: undefined, speakers: false }, 'sync'],
    [{ size: LIMITS.syncAudioBytes, seconds: LIMITS.syncAudioSeconds, speakers: false }, 'sync'],
    [{ size: LIMITS.syncAudioBytes + 1, seconds: 1, speakers: false }, 'async-size'],
    [{ size: 1000, seconds: LIMITS.syncAudioSeconds + 1, speakers: false }, 'async-length'],
    [{ size: 1000, seconds: 10, speakers: true }, 'async-speakers'],
    [{ size: undefined, seconds: undefined, speakers: false }, 'async-unknown-length'],
  ] as const)('%j → %s', (sent, expected) => {
    expect(routeOf(sent)).toBe(expected);
  });
});

describe('decideRoute: one decision per file, at the job’s making', () => {
  it('routes audio sent as it is by its own size and the length its header says', async () => {
    const small = await file('small.wav', wavHeader(32_000 * 60), 44 + 32_000 * 60);
    expect(
      await decideRoute({ path: small, size: 44 + 32_000 * 60, container: 'wav' }, false, noProbe),
    ).toEqual({ route: 'sync', mode: 'sync', seconds: 60 });
    const large = LIMITS.syncAudioBytes + 1;
    const big = await file('big.wav', wavHeader(large - 44), large);
    expect(
      await decideRoute({ path: big, size: large, container: 'wav' }, false, noProbe),
    ).toMatchObject({ route: 'async-size', mode: 'async' });
    expect(
      await decideRoute({ path: small, size: 44 + 32_000 * 60, container: 'wav' }, true, noProbe),
    ).toMatchObject({ route: 'async-speakers', mode: 'async' });
  });

  it('routes a file that needs conversion by the length of the FLAC it becomes, not by its own size', async () => {
    // 20 MB of video holding 5 minutes of speech: its FLAC is at most ~9.7 MB, sent directly.
    const video = await file('talk.mp4', MP4_HEAD, 20 * 1024 * 1024);
    const decided = await decideRoute(
      { path: video, size: 20 * 1024 * 1024, container: 'mp4' },
      false,
      probeOf(300),
    );
    expect(decided).toEqual({ route: 'sync', mode: 'sync', seconds: 300 });
    // A tiny M4A of ten minutes: too long for a direct request.
    const long = await file('long.m4a', MP4_HEAD, 100_000);
    expect(
      await decideRoute({ path: long, size: 100_000, container: 'mp4' }, false, probeOf(600)),
    ).toMatchObject({ route: 'async-length', mode: 'async' });
  });

  it('sends as a job a file needing conversion whose FLAC could pass 16 MB, or whose length cannot be read', async () => {
    const path = await file('edge.m4a', MP4_HEAD, 1000);
    const fits = Math.floor(
      (LIMITS.syncAudioBytes - flacBytesAtMost(0)) / (flacBytesAtMost(1) - flacBytesAtMost(0)),
    );
    expect(
      await decideRoute({ path, size: 1000, container: 'mp4' }, false, probeOf(fits - 1)),
    ).toMatchObject({ route: 'sync' });
    expect(flacBytesAtMost(fits + 1)).toBeGreaterThan(LIMITS.syncAudioBytes);
    expect(
      await decideRoute({ path, size: 1000, container: 'mp4' }, false, probeOf(fits + 1)),
    ).toMatchObject({ route: 'async-size' });
    expect(
      await decideRoute({ path, size: 1000, container: 'mp4' }, false, probeOf(undefined)),
    ).toEqual({ route: 'async-unknown-length', mode: 'async', seconds: undefined });
  });

  it('routes a WAV sent with only its speech as the FLAC it becomes: as long as the WAV at most', async () => {
    // 8:40 of 16-bit WAV: under 16 MB as it is, but its FLAC could pass 16 MB (noise does not
    // compress), so cut to its speech it goes as a job; a minute goes directly either way.
    const seconds = 520;
    const bytes = 44 + 32_000 * seconds;
    const wav = await file('edge.wav', wavHeader(32_000 * seconds), bytes);
    expect(bytes).toBeLessThanOrEqual(LIMITS.syncAudioBytes);
    expect(
      await decideRoute({ path: wav, size: bytes, container: 'wav' }, false, noProbe),
    ).toMatchObject({ route: 'sync' });
    expect(
      await decideRoute(
        { path: wav, size: bytes, container: 'wav', speechOnly: true },
        false,
        noProbe,
      ),
    ).toMatchObject({ route: 'async-size', mode: 'async', seconds });
    const small = await file('minute.wav', wavHeader(32_000 * 60), 44 + 32_000 * 60);
    expect(
      await decideRoute(
        { path: small, size: 44 + 32_000 * 60, container: 'wav', speechOnly: true },
        false,
        noProbe,
      ),
    ).toEqual({ route: 'sync', mode: 'sync', seconds: 60 });
  });
});

import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { decodeAudio } from '../../../service/audio/decode';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../../fixtures/build';

const run = promisify(execFile);
const manifest = await loadFixtures();
const at = (path: string) => join(DEFAULT_FIXTURES_DIR, path);
const reference = async () => {
  const bytes = await readFile(at('formats/wav-16k-mono.wav'));
  return new Int16Array(
    bytes.buffer.slice(bytes.byteOffset + 44, bytes.byteOffset + bytes.byteLength),
  );
};

/** Normalised correlation of two signals over their common length. */
function correlation(a: Int16Array, b: Int16Array): number {
  const n = Math.min(a.length, b.length);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return ab / Math.sqrt(aa * bb);
}

describe('audio decoding of every accepted format', () => {
  const accepted = manifest.fixtures.filter((f) => f.kind === 'format' && f.recognisable);

  it.each(accepted.map((f) => [f.path, f] as const))(
    '%s decodes to 16 kHz mono matching the source clip',
    async (_path, fixture) => {
      const result = await decodeAudio(await readFile(at(fixture.path)), fixture.c);
      if (!result.ok) throw new Error(result.error.message);
      const source = await reference();
      // Same duration within 30 ms (75 ms for the lossy codecs' padding; the stereo clip runs as
      // long as its longer second channel), and the same waveform on the first channel.
      const lossy = fixture.format === 'ogg' || fixture.format === 'mp3';
      if (fixture.channels === 2)
        expect(result.data.pcm.length).toBeGreaterThanOrEqual(source.length);
      else
        expect(Math.abs(result.data.pcm.length - source.length)).toBeLessThan(lossy ? 1200 : 480);
      expect(result.data.sourceRate).toBe(fixture.sampleRate);
      if (!lossy) expect(correlation(result.data.pcm, source)).toBeGreaterThan(0.97);
    },
  );

  it.each(['formats/wav-mulaw-16k.wav', 'formats/wav-alaw-16k.wav'])(
    'decodes %s exactly as sox does',
    async (path) => {
      const result = await decodeAudio(await readFile(at(path)));
      if (!result.ok) throw new Error(result.error.message);
      const { stdout } = await run(
        'sox',
        [at(path), '-t', 'raw', '-e', 'signed', '-b', '16', '-'],
        {
          encoding: 'buffer',
          maxBuffer: 1 << 24,
        },
      );
      const sox = new Int16Array(
        stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.byteLength),
      );
      expect(Array.from(result.data.pcm)).toEqual(Array.from(sox));
    },
  );

  it('takes the first channel of the stereo clip, not a mix', async () => {
    const result = await decodeAudio(await readFile(at('formats/wav-44k1-stereo.wav')));
    if (!result.ok) throw new Error(result.error.message);
    expect(correlation(result.data.pcm, await reference())).toBeGreaterThan(0.97);
    expect(result.data.channels).toBe(2);
  });

  it.each([
    [
      'formats/wav-mulaw-8k.wav',
      undefined,
      /sampled at 8000 Hz; this engine needs audio sampled at 16 kHz/,
    ],
    ['formats/wav-alaw-8k.wav', undefined, /8000 Hz/],
    ['formats/raw-mulaw-8k.raw', 'MULAW', /8000 Hz/],
    ['formats/raw-alaw-8k.raw', 'ALAW', /8000 Hz/],
    ['formats/raw-lsb16k.raw', undefined, /header-less audio needs c/],
    ['formats/raw-lsb16k.raw', '16K', /c=16K names audio with a header/],
    ['formats/raw-lsb16k.raw', 'LSB17K', /unknown audio format "LSB17K"/],
    ['formats/aac-16k.m4a', undefined, /M4A\/MP4 is not accepted: convert it/],
    ['garbage/random.bin', undefined, /no WAV, FLAC, Ogg or MP3 header/],
    ['garbage/truncated.wav', undefined, /truncated/],
    ['garbage/text.wav', undefined, /no WAV, FLAC, Ogg or MP3 header/],
  ])('%s (c=%s) is refused with code + and a reason', async (path, c, message) => {
    const result = await decodeAudio(await readFile(at(path)), c);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('+');
      expect(result.error.message).toMatch(/^received unsupported audio format \(/);
      expect(result.error.message).toMatch(message);
    }
  });

  it('says why by a typed reason: a FLAC at 8 kHz, decoded by ffmpeg, is low-rate', async () => {
    const { stdout } = await run(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', at('formats/wav-mulaw-8k.wav')],
        ...['-c:a', 'flac', '-f', 'flac', 'pipe:1'],
      ],
      { encoding: 'buffer', maxBuffer: 1 << 24 },
    );
    const result = await decodeAudio(stdout);
    expect(result).toMatchObject({ ok: false, error: { code: '+', reason: 'low-rate' } });
    if (!result.ok) expect(result.error.message).toMatch(/sampled at 8000 Hz/);
  });

  it('refuses a corrupt FLAC with code +', async () => {
    const flac = await readFile(at('formats/flac-16k.flac'));
    const corrupt = Buffer.concat([flac.subarray(0, 4), Buffer.alloc(2000, 0x55)]);
    const result = await decodeAudio(corrupt);
    expect(result).toMatchObject({ ok: false, error: { code: '+' } });
  });
});

import { execFile } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideRoute } from '../../../core/jobs/routing';
import { audioSeconds, convertToFlac, flacBytesAtMost } from '../../../core/media/media-tools';
import { decodeAudio } from '../../../service/audio/decode';
import { LIMITS } from '../../../shared/api';
import { sniffContainer } from '../../../shared/api/audio-sniff';
import { sentAsIs, type Container } from '../../../shared/api/media-formats';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { removeDir, tempDir } from '../../support/service-process';

const run = promisify(execFile);
let work: string;

/** Encodes `seconds` of a tone (or silence) with ffmpeg into `name`. */
async function encode(name: string, rate: number, seconds: number, codec: string[], tone = true) {
  const path = join(work, name);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi'],
    ...['-i', tone ? `sine=f=440:r=${rate}` : `anullsrc=r=${rate}:cl=mono`, '-t', String(seconds)],
    ...codec,
    path,
  ]);
  return path;
}

const bare = ['-id3v2_version', '0', '-write_xing', '0'];
const files: Record<string, string> = {};

beforeAll(async () => {
  work = await tempDir('kikitori-routing-');
  files.mp3Mpeg1 = await encode('mpeg1.mp3', 44_100, 2, ['-c:a', 'libmp3lame', ...bare]);
  files.mp3Mpeg2 = await encode('mpeg2.mp3', 16_000, 2, ['-c:a', 'libmp3lame', ...bare]);
  files.mp3Mpeg25 = await encode('mpeg25.mp3', 8_000, 2, ['-c:a', 'libmp3lame', ...bare]);
  files.mp3Id3 = await encode('id3.mp3', 16_000, 2, ['-c:a', 'libmp3lame']);
  files.mp2 = await encode('layer2.mp2', 44_100, 2, ['-c:a', 'mp2']);
  // ffmpeg's mp3 muxer takes only MP3: put the ID3 tag of an MP3 before MP2 frames.
  const tagged = await readFile(files.mp3Id3);
  const tagSize = [6, 7, 8, 9].reduce((sum, at) => (sum << 7) | (tagged[at]! & 0x7f), 0);
  files.mp2Id3 = join(work, 'layer2-id3.mp3');
  await writeFile(
    files.mp2Id3,
    Buffer.concat([tagged.subarray(0, 10 + tagSize), await readFile(files.mp2)]),
  );
  files.adts = await encode('aac.aac', 16_000, 2, ['-c:a', 'aac', '-f', 'adts']);
  files.longMp3 = await encode('long.mp3', 16_000, 600, ['-c:a', 'libmp3lame'], false);
  files.longFlac = await encode('long.flac', 16_000, 600, ['-c:a', 'flac'], false);
}, 180_000);
afterAll(async () => {
  await removeDir(work);
});

const head = async (path: string) => new Uint8Array(await readFile(path)).subarray(0, 4096);

describe('one sniffer, checked on files ffmpeg wrote', () => {
  it.each([
    ['mp3Mpeg1', 'mp3', 'mp3'],
    ['mp3Mpeg2', 'mp3', 'mp3'],
    ['mp3Mpeg25', 'mp3', 'mp3'],
    ['mp3Id3', 'mp3', 'mp3'],
    ['mp2', 'mp2', 'convert'],
    ['mp2Id3', 'mp2', 'convert'],
    ['adts', 'aac', 'convert'],
  ] as const)('%s is %s; the app sends it %s', async (name, container, app) => {
    expect(sniffContainer(await head(files[name]!))).toBe(container);
    expect(sentAsIs(container) ? container : 'convert').toBe(app);
  });

  it('the service decodes MP3 of every MPEG version and refuses MP2 and AAC with code +', async () => {
    for (const name of ['mp3Mpeg1', 'mp3Mpeg2', 'mp3Id3'])
      expect((await decodeAudio(await readFile(files[name]!))).ok, name).toBe(true);
    // MPEG-2.5 MP3 is 8 kHz: recognised as MP3, refused for its rate, not as an unknown format.
    expect(await decodeAudio(await readFile(files.mp3Mpeg25!))).toMatchObject({
      ok: false,
      error: { reason: 'low-rate' },
    });
    for (const name of ['mp2', 'mp2Id3', 'adts'])
      expect(await decodeAudio(await readFile(files[name]!)), name).toMatchObject({
        ok: false,
        error: { code: '+', reason: 'unsupported' },
      });
  }, 180_000);
});

describe('routing by size and length', () => {
  const decide = async (path: string, container: Container) =>
    decideRoute({ path, size: (await stat(path)).size, container }, false);

  it('sends a small MP3 of ten minutes async, its length from ffprobe', async () => {
    expect((await stat(files.longMp3!)).size).toBeLessThan(LIMITS.syncAudioBytes / 4);
    expect(await audioSeconds(files.longMp3!)).toBeCloseTo(600, 0);
    expect(await decide(files.longMp3!, 'mp3')).toEqual({
      route: 'async-length',
      mode: 'async',
      seconds: expect.closeTo(600, 0),
    });
  });

  it('reads a FLAC length from its header, without ffprobe', async () => {
    const noProbe = () => Promise.reject(new Error('ffprobe must not be needed'));
    expect(await audioSeconds(files.longFlac!, noProbe)).toBe(600);
  });

  it('keeps short audio sync', async () => {
    const clip = join(DEFAULT_FIXTURES_DIR, 'formats/wav-16k-mono.wav');
    expect((await decide(clip, 'wav')).mode).toBe('sync');
    expect((await decide(files.mp3Mpeg2!, 'mp3')).mode).toBe('sync');
  });

  it('routes a file that needs conversion once, by its length: the FLAC it becomes is never larger than that length allows', async () => {
    // Noise is what FLAC cannot compress: the largest FLAC a length can give.
    const noise = join(work, 'noise.m4a');
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi'],
      ...['-i', 'anoisesrc=r=48000:a=1:c=white', '-t', '30', '-c:a', 'aac', '-b:a', '320k', noise],
    ]);
    const decided = await decide(noise, 'mp4');
    expect(decided).toMatchObject({ route: 'sync', mode: 'sync' });
    const flac = join(work, 'noise.flac');
    await convertToFlac(noise, flac);
    const size = (await stat(flac)).size;
    expect(size).toBeLessThanOrEqual(flacBytesAtMost(decided.seconds!));
    // 16-bit samples (24-bit ones would be half as large again): the bound is near what noise takes.
    expect(size).toBeGreaterThan(0.8 * 32_000 * 30);
    expect(size).toBeLessThan(1.1 * 32_000 * 30);
  }, 60_000);
});

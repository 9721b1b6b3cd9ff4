/**
 * The one table of formats (shared/api/media-formats.ts): every place that decides what counts
 * as audio reads it, so what it says is checked here once, against the sniffer that reads its
 * magic bytes and the window's check that reads its names and types.
 */
import { describe, expect, it } from 'vitest';
import { sniffContainer } from '../../../../shared/api/audio-sniff';
import {
  CONTAINERS,
  extensionOf,
  MEDIA_FORMATS,
  namedAsMedia,
  PICKER_ACCEPT,
  sentAsIs,
  servedType,
  type Container,
} from '../../../../shared/api/media-formats';
import { judgeFile } from '../../../../renderer/src/store/accept';

/** The first bytes each magic of the table describes, written out (a 64-byte head). */
function headsOf(container: Container): Uint8Array[] {
  return MEDIA_FORMATS[container].magic.map((conditions) => {
    const head = new Uint8Array(64);
    for (const { at, is } of conditions) {
      const first = typeof is === 'string' ? is : is[0];
      const bytes =
        typeof first === 'string'
          ? [...first].map((c) => c.charCodeAt(0))
          : (is as readonly number[]);
      head.set(bytes, at);
    }
    return head;
  });
}

describe('the formats table', () => {
  it('names each container once, and the job schema records exactly those', () => {
    expect(CONTAINERS).toEqual([
      ...['wav', 'flac', 'ogg', 'mp3', 'mp2', 'mp4', 'webm', 'aac', 'aiff', 'asf', 'amr'],
    ]);
  });

  it('says the API takes WAV, FLAC, Ogg and MP3 as they are, and every other one needs conversion', () => {
    expect(CONTAINERS.filter(sentAsIs)).toEqual(['wav', 'flac', 'ogg', 'mp3']);
  });

  it.each(CONTAINERS.flatMap((c) => headsOf(c).map((head) => [c, head] as const)))(
    'the sniffer names %s from each of its magic bytes in the table',
    (container, head) => {
      expect(sniffContainer(head)).toBe(container);
    },
  );

  it('leaves every container the sniffer names by frame headers alone marked so', () => {
    const bare = CONTAINERS.filter((c) => MEDIA_FORMATS[c].magic.length === 0);
    expect(bare).toEqual(['mp2', 'aac']);
    for (const c of bare) expect(MEDIA_FORMATS[c]).toHaveProperty('frameSync');
  });

  it('serves each container as its first type, audio or video', () => {
    expect(servedType('wav')).toBe('audio/wav');
    expect(servedType('mp4')).toBe('video/mp4');
    expect(servedType('webm')).toBe('video/webm');
    for (const c of CONTAINERS) expect(servedType(c)).toMatch(/^(audio|video)\//);
  });

  it('gives no extension to two containers', () => {
    const all = CONTAINERS.flatMap((c) => MEDIA_FORMATS[c].extensions);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('what the window takes, by the table', () => {
  it.each([
    ['talk.WAV', '', true],
    ['voice.m4a', '', true],
    ['clip', 'video/webm', true],
    ['clip', 'audio/mpeg; codecs=mp3', true],
    ['old.mp2', '', true],
    ['notes.txt', 'text/plain', false],
    // A type the table does not know is not audio the app can take, whatever its prefix.
    ['speech.caf', 'audio/x-caf', false],
    ['README', '', false],
  ])('%s (type "%s") is media: %s', (name, type, expected) => {
    expect(namedAsMedia({ name, type })).toBe(expected);
  });

  it('every extension and type of the table is in the picker’s list, and the drop takes each', () => {
    for (const c of CONTAINERS) {
      for (const extension of MEDIA_FORMATS[c].extensions) {
        expect(PICKER_ACCEPT.split(',')).toContain(`.${extension}`);
        expect(judgeFile({ name: `a.${extension}`, size: 10, type: '' })).toEqual({ ok: true });
      }
      for (const type of MEDIA_FORMATS[c].mimeTypes) {
        expect(PICKER_ACCEPT.split(',')).toContain(type);
        expect(judgeFile({ name: 'a', size: 10, type })).toEqual({ ok: true });
      }
    }
  });

  it('reads an extension in lower case, and none from a leading dot', () => {
    expect(extensionOf('Talk.MP3')).toBe('mp3');
    expect(extensionOf('.wav')).toBe('');
    expect(extensionOf('noext')).toBe('');
  });
});

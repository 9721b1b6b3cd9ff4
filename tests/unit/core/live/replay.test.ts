/** The pure parts of the live recognizer: replay buffer, time mapping, back-off (core/live/replay.ts). */
import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_MS,
  DEFAULT_BACKOFF_MS,
  ReplayBuffer,
  backoffFor,
  bytesOfMs,
  finalInRecording,
  interimText,
  msOfBytes,
  replayFromAfterFinal,
} from '../../../../core/live/replay';
import type { FinalResult } from '../../../../shared/api';

const bytes = (from: number, length: number) =>
  Uint8Array.from({ length }, (_, i) => (from + i) % 256);

describe('ReplayBuffer', () => {
  it('keeps [start, end) in recording offsets and reads across chunks', () => {
    const buffer = new ReplayBuffer(1000);
    expect(buffer.append(bytes(0, 10))).toBeUndefined();
    buffer.append(bytes(10, 6));
    buffer.append(bytes(16, 20));
    expect([buffer.start, buffer.end, buffer.size]).toEqual([0, 36, 36]);
    expect([...buffer.read(8, 10)]).toEqual([...bytes(8, 10)]);
    expect([...buffer.read(30, 100)]).toEqual([...bytes(30, 6)]);
    expect(buffer.read(36, 10).byteLength).toBe(0);
  });

  it('trimTo forgets the audio before an offset, clamped to what is kept', () => {
    const buffer = new ReplayBuffer(1000);
    buffer.append(bytes(0, 10));
    buffer.append(bytes(10, 10));
    buffer.trimTo(14);
    expect([buffer.start, buffer.end]).toEqual([14, 20]);
    // Reading before the start reads from the start.
    expect([...buffer.read(0, 4)]).toEqual([...bytes(14, 4)]);
    buffer.trimTo(2); // never back
    expect(buffer.start).toBe(14);
    buffer.trimTo(99); // never past the end
    expect([buffer.start, buffer.end, buffer.size]).toEqual([20, 20, 0]);
    buffer.append(bytes(20, 4));
    expect([...buffer.read(0, 10)]).toEqual([...bytes(20, 4)]);
  });

  it('beyond the limit drops the oldest audio, whole samples, and says which', () => {
    const buffer = new ReplayBuffer(15); // an odd limit: the cut stays on a sample boundary
    buffer.append(bytes(0, 10));
    expect(buffer.append(bytes(10, 10))).toEqual({ from: 0, to: 6 });
    expect([buffer.start, buffer.end]).toEqual([6, 20]);
    expect([...buffer.read(0, 100)]).toEqual([...bytes(6, 14)]);
    expect(buffer.append(bytes(20, 2))).toEqual({ from: 6, to: 8 });
  });

  it('counts recording time in bytes of LSB16K', () => {
    expect(BYTES_PER_MS).toBe(32);
    expect(msOfBytes(3200)).toBe(100);
    expect(bytesOfMs(100)).toBe(3200);
    expect(bytesOfMs(0.05) % 2).toBe(0);
  });
});

const final = (over: Partial<FinalResult['results'][number]> = {}, code = ''): FinalResult => ({
  results: [
    {
      tokens: [
        { written: 'hello', starttime: 120, endtime: 480 },
        { written: 'world', starttime: 500, endtime: 900 },
      ],
      starttime: 120,
      endtime: 900,
      tags: [],
      rulename: '',
      text: 'hello world',
      ...over,
    },
  ],
  text: code === '' ? 'hello world' : '',
  code,
  message: code === '' ? '' : 'no speech',
});

describe('finalInRecording', () => {
  it('adds the recording time at which the session began to every time', () => {
    expect(finalInRecording(final(), 60_000, { startMs: 100, endMs: 950 })).toEqual({
      startMs: 60_120,
      endMs: 60_900,
      text: 'hello world',
      tokens: [
        { written: 'hello', starttime: 60_120, endtime: 60_480 },
        { written: 'world', starttime: 60_500, endtime: 60_900 },
      ],
    });
  });

  it('rounds a session that began between milliseconds', () => {
    expect(finalInRecording(final(), 1000.5, {})?.startMs).toBe(1121);
  });

  it('without the result’s span: the tokens’, else S and E', () => {
    const noSpan = final({ starttime: undefined, endtime: undefined });
    expect(finalInRecording(noSpan, 1000, {})).toMatchObject({ startMs: 1120, endMs: 1900 });
    const bare = final({
      starttime: undefined,
      endtime: undefined,
      tokens: [{ written: 'hello' }],
    });
    expect(finalInRecording(bare, 1000, { startMs: 50, endMs: 700 })).toMatchObject({
      startMs: 1050,
      endMs: 1700,
    });
    expect(finalInRecording(bare, 1000, {})).toMatchObject({ startMs: 1000, endMs: 1000 });
  });

  it('a result with no words (code o) or a failure is nothing to show', () => {
    expect(finalInRecording(final({}, 'o'), 0, {})).toBeUndefined();
    expect(finalInRecording(final({ text: '' }), 0, {})).toBeUndefined();
    expect(
      finalInRecording({ results: [], text: '', code: '', message: '' }, 0, {}),
    ).toBeUndefined();
  });
});

describe('replayFromAfterFinal', () => {
  it('is the utterance’s E when it came, else the end of its words, in recording time', () => {
    expect(replayFromAfterFinal(final(), 5000, { startMs: 100, endMs: 1100 })).toBe(6100);
    expect(replayFromAfterFinal(final(), 5000, { startMs: 100 })).toBe(5900);
    expect(replayFromAfterFinal(final({ endtime: undefined }), 5000, {})).toBe(5900);
    // A failed result still ends where its E was: the audio before it was heard.
    expect(replayFromAfterFinal(final({}, 'o'), 0, { endMs: 300 })).toBe(300);
    expect(replayFromAfterFinal({ results: [], text: '', code: '!', message: 'x' }, 0, {})).toBe(
      undefined,
    );
  });
});

describe('interimText', () => {
  it('drops the trailing ... marker (and only it)', () => {
    const interim = (text: string) => ({ results: [{ tokens: [], text }], text });
    expect(interimText(interim('he was not...'))).toBe('he was not');
    expect(interimText(interim('...'))).toBe('');
    expect(interimText(interim('a.b'))).toBe('a.b');
  });
});

describe('backoffFor', () => {
  it('follows the list, then repeats its last wait', () => {
    expect([1, 2, 3, 7, 8, 50].map((attempt) => backoffFor(attempt))).toEqual([
      500, 1000, 2000, 30_000, 30_000, 30_000,
    ]);
    expect(DEFAULT_BACKOFF_MS).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 30_000]);
    expect(backoffFor(3, [10, 20])).toBe(20);
    expect(backoffFor(1, [])).toBe(0);
  });
});

/**
 * The live endpointer (service/realtime/endpointer.ts) on synthetic signals whose speech is
 * known to the sample: where S and E fall, that every sample of an utterance is handed over
 * exactly once and in order, that chunking changes nothing, the length cut, and fixed memory.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Endpointer, type EndpointerEvent } from '../../../service/realtime/endpointer';

const RATE = 16_000;
const ms = (n: number) => (n * RATE) / 1000;

/** Deterministic noise of a given RMS-ish amplitude. */
function noise(samples: number, amplitude: number, seed = 1): Int16Array {
  const out = new Int16Array(samples);
  let state = seed;
  for (let i = 0; i < samples; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    out[i] = Math.round(((state / 0x7fffffff) * 2 - 1) * amplitude);
  }
  return out;
}

/** Room noise with bursts of a voiced-like signal (a 180 Hz tone with harmonics) at [from, to) ms. */
function signal(
  totalMs: number,
  bursts: Array<[number, number]>,
  level = 4000,
  room = 40,
): Int16Array {
  const pcm = noise(ms(totalMs), room);
  for (const [from, to] of bursts) {
    for (let i = ms(from); i < ms(to); i++) {
      const t = i / RATE;
      const voice =
        Math.sin(2 * Math.PI * 180 * t) +
        0.5 * Math.sin(2 * Math.PI * 360 * t) +
        0.3 * Math.sin(2 * Math.PI * 540 * t);
      pcm[i] = Math.max(-32768, Math.min(32767, Math.round(pcm[i]! + (level * voice) / 1.8)));
    }
  }
  return pcm;
}

function runAll(pcm: Int16Array, chunks: number[], options = {}): EndpointerEvent[] {
  const endpointer = new Endpointer(options);
  const events: EndpointerEvent[] = [];
  let at = 0;
  let k = 0;
  while (at < pcm.length) {
    const size = Math.max(1, chunks[k++ % chunks.length]!);
    events.push(...endpointer.push(pcm.subarray(at, at + size)));
    at += size;
  }
  events.push(...endpointer.finish());
  return events;
}

/** Utterances: S ms, E ms, the first sample handed over and the audio handed over. */
function utterances(events: EndpointerEvent[]) {
  const out: Array<{ s: number; e: number; audioMs: number; cut: boolean; audio: Int16Array }> = [];
  let open: { s: number; audioMs: number; parts: Int16Array[] } | undefined;
  for (const event of events) {
    if (event.type === 'start') {
      expect(open).toBeUndefined();
      open = { s: event.ms, audioMs: event.audioMs, parts: [] };
    } else if (event.type === 'audio') {
      expect(open, 'audio outside an utterance').toBeDefined();
      open!.parts.push(event.pcm);
    } else {
      expect(open).toBeDefined();
      const length = open!.parts.reduce((n, p) => n + p.length, 0);
      const audio = new Int16Array(length);
      let at = 0;
      for (const part of open!.parts) {
        audio.set(part, at);
        at += part.length;
      }
      out.push({ s: open!.s, e: event.ms, audioMs: open!.audioMs, cut: event.cut, audio });
      open = undefined;
    }
  }
  expect(open).toBeUndefined();
  return out;
}

describe('the live endpointer', () => {
  it.each([
    ['quiet room, normal voice', 4000, 40],
    ['quiet voice', 600, 20],
    ['noisy room, loud voice', 12000, 800],
  ])('%s: S and E within 30 ms of the truth', (_name, level, room) => {
    const bursts: Array<[number, number]> = [
      [1500, 3200],
      [4000, 4900],
      [6500, 9000],
    ];
    const found = utterances(runAll(signal(11_000, bursts, level, room), [1600]));
    expect(found.map((u) => [u.s, u.e])).toHaveLength(3);
    found.forEach((u, i) => {
      expect(Math.abs(u.s - bursts[i]![0])).toBeLessThanOrEqual(30);
      expect(Math.abs(u.e - bursts[i]![1])).toBeLessThanOrEqual(30);
      expect(u.cut).toBe(false);
    });
  });

  it('speech from the very first sample is found', () => {
    const found = utterances(runAll(signal(4000, [[0, 1500]]), [320]));
    expect(found).toHaveLength(1);
    expect(found[0]!.s).toBeLessThanOrEqual(30);
  });

  it('hands over each utterance’s audio exactly as the source had it, pre-roll first', () => {
    const pcm = signal(8000, [
      [1000, 2500],
      [3000, 3600],
      [5000, 7000],
    ]);
    for (const u of utterances(runAll(pcm, [777]))) {
      const from = ms(u.audioMs);
      expect(u.audioMs).toBeLessThanOrEqual(u.s);
      expect(u.s - u.audioMs).toBeLessThanOrEqual(200);
      expect(Array.from(u.audio)).toEqual(Array.from(pcm.subarray(from, from + u.audio.length)));
      // The audio reaches past E by the hangover (the decoder's trailing silence), not more.
      expect(from + u.audio.length).toBeGreaterThanOrEqual(ms(u.e));
      expect(from + u.audio.length).toBeLessThanOrEqual(ms(u.e + 210));
    }
  });

  it('a short pause (under the hangover) does not end the utterance; a click starts none', () => {
    const found = utterances(
      runAll(
        signal(6000, [
          [1000, 2000],
          [2120, 3000],
          [4500, 4530],
        ]),
        [160],
      ),
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.e).toBeGreaterThanOrEqual(2980);
  });

  it('chunking changes nothing: the same events and audio for any chunk sizes', () => {
    const pcm = signal(9000, [
      [700, 2100],
      [2600, 2900],
      [4000, 8500],
    ]);
    const reference = runAll(pcm, [pcm.length]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 9000 }), { minLength: 1, maxLength: 20 }),
        (chunks) => {
          const events = runAll(pcm, chunks);
          const a = utterances(events);
          const b = utterances(reference);
          expect(a.map(({ s, e, audioMs, cut }) => [s, e, audioMs, cut])).toEqual(
            b.map(({ s, e, audioMs, cut }) => [s, e, audioMs, cut]),
          );
          a.forEach((u, i) =>
            expect(Buffer.from(u.audio.buffer).equals(Buffer.from(b[i]!.audio.buffer))).toBe(true),
          );
        },
      ),
      { seed: 20261124, numRuns: 200 },
    );
  });

  it('an utterance longer than the limit is cut there, and the next starts at the same time', () => {
    const found = utterances(
      runAll(signal(10_000, [[500, 9000]]), [4000], { maxUtteranceMs: 3000 }),
    );
    expect(found.length).toBe(3);
    expect(found[0]!.cut).toBe(true);
    expect(found[0]!.e - found[0]!.s).toBe(3000);
    expect(found[1]!.s).toBe(found[0]!.e);
    // No sample is lost or doubled across the cut.
    expect(ms(found[1]!.audioMs)).toBe(ms(found[0]!.audioMs) + found[0]!.audio.length);
    expect(found[2]!.cut).toBe(false);
  });

  it('finish() closes an open utterance at its last speech', () => {
    const endpointer = new Endpointer();
    const events = [...endpointer.push(signal(3000, [[1000, 3000]])), ...endpointer.finish()];
    const found = utterances(events);
    expect(found).toHaveLength(1);
    expect(found[0]!.e).toBeGreaterThanOrEqual(2970);
  });

  it('counts silence for the no-speech limit, and holds fixed memory over an hour', () => {
    const endpointer = new Endpointer();
    const quiet = noise(ms(1000), 30);
    let most = 0;
    for (let second = 0; second < 3600; second++) {
      expect(endpointer.push(quiet)).toEqual([]);
      most = Math.max(most, endpointer.stats().heldSamples);
    }
    expect(endpointer.silenceMs).toBe(3_600_000);
    expect(endpointer.audioMs).toBe(3_600_000);
    expect(most).toBeLessThanOrEqual(endpointer.stats().heldCapacity);
    expect(endpointer.stats().heldCapacity).toBeLessThanOrEqual(ms(1000));
    expect(endpointer.stats().ringFrames).toBe(1000); // the ring is full and no larger
  });
});

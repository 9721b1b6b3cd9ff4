import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Endpointer,
  type EndpointerEvent,
  type EndpointerOptions,
} from '../../../service/realtime/endpointer';

const RATE = 16_000;
const MS = RATE / 1000;
const SEED = 20261124;

/** A deterministic generator (mulberry32) of uniform numbers in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Part {
  /** Start and end, ms. */
  readonly from: number;
  readonly to: number;
  /** RMS of the added sound. */
  readonly rms: number;
  /** A tone (speech stand-in, steady energy) or white noise (a change of room level). */
  readonly kind?: 'tone' | 'noise';
}

/** `ms` of Gaussian noise of RMS `noise`, with tones or noise bursts added over it. */
function signal(ms: number, noise: number, parts: readonly Part[], seed = SEED): Int16Array {
  const next = random(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const out = new Float64Array(ms * MS);
  for (let i = 0; i < out.length; i++) out[i] = noise * gauss();
  for (const part of parts) {
    for (let i = part.from * MS; i < part.to * MS; i++) {
      out[i]! +=
        part.kind === 'noise'
          ? part.rms * gauss()
          : part.rms * Math.SQRT2 * Math.sin((2 * Math.PI * 220 * i) / RATE);
    }
  }
  return Int16Array.from(out, (v) => Math.max(-32768, Math.min(32767, Math.round(v))));
}

/** Syllables: tone bursts of `on` ms every `period` ms from `from` to `to` (gaps shorter than the hangover). */
function syllables(from: number, to: number, rms: number, on = 150, period = 220): Part[] {
  const parts: Part[] = [];
  for (let t = from; t < to; t += period) parts.push({ from: t, to: Math.min(to, t + on), rms });
  return parts;
}

interface Found {
  readonly start: number;
  readonly end: number;
  readonly cut: boolean;
  /** The samples handed over: [from, to) of the source. */
  readonly from: number;
  readonly to: number;
}

/**
 * Checks the event stream against its source: start, audio…, end alternate; each utterance's
 * audio is exactly the source slice [max(S − preRoll, previous slice's end), E + pad) (clipped to
 * the audio; a cut utterance's ends at E, or within its pad), so nothing is lost or duplicated.
 */
function check(
  pcm: Int16Array,
  events: readonly EndpointerEvent[],
  { preRollMs = 200, padMs = 200 }: Pick<EndpointerOptions, 'preRollMs' | 'padMs'> = {},
): Found[] {
  const found: Found[] = [];
  let open: { start: number; audioMs: number; audio: Int16Array[] } | undefined;
  let previousEnd = 0;
  for (const event of events) {
    if (event.type === 'start') {
      expect(open, 'a start inside an utterance').toBeUndefined();
      if (found.length > 0) expect(event.ms).toBeGreaterThanOrEqual(found.at(-1)!.end);
      open = { start: event.ms, audioMs: event.audioMs, audio: [] };
    } else if (event.type === 'audio') {
      expect(open, 'audio outside an utterance').toBeDefined();
      expect(event.pcm.length).toBeGreaterThan(0);
      open!.audio.push(event.pcm);
    } else {
      expect(open, 'an end with no start').toBeDefined();
      expect(event.ms).toBeGreaterThan(open!.start);
      const from = Math.max(previousEnd, (open!.start - preRollMs) * MS);
      // The start says where its audio begins: the decoder's time zero for the word times.
      expect(open!.audioMs * MS, 'the start event names where its audio begins').toBe(from);
      const audio = concat(open!.audio);
      const to = from + audio.length;
      const padded = Math.min(pcm.length, (event.ms + padMs) * MS);
      if (event.cut) {
        // Cut in speech: the audio ends at E; cut where speech resumed after a pause that
        // straddled the limit: at most the pad, up to the next speech.
        expect(to).toBeGreaterThanOrEqual(event.ms * MS);
        expect(to).toBeLessThanOrEqual(padded);
      } else {
        expect(to, `utterance ${found.length}: samples handed over`).toBe(padded);
      }
      expect(Buffer.from(audio.buffer).equals(Buffer.from(pcm.slice(from, to).buffer))).toBe(true);
      found.push({ start: open!.start, end: event.ms, cut: event.cut, from, to });
      previousEnd = to;
      open = undefined;
    }
  }
  expect(open, 'an utterance left open after finish').toBeUndefined();
  return found;
}

function concat(pieces: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Pushes `pcm` in chunks of the given sizes (cycled), then finishes. */
function run(
  pcm: Int16Array,
  sizes: readonly number[] = [pcm.length],
  options?: EndpointerOptions,
) {
  const endpointer = new Endpointer(options);
  const events: EndpointerEvent[] = [];
  let at = 0;
  for (let i = 0; at < pcm.length; i++) {
    const size = sizes[i % sizes.length]!;
    events.push(...endpointer.push(pcm.subarray(at, at + size)));
    at += size;
  }
  events.push(...endpointer.finish());
  return { events, endpointer };
}

/** Events with consecutive audio merged: what does not depend on how the audio was chunked. */
function normalise(events: readonly EndpointerEvent[]) {
  const out: Array<EndpointerEvent | { type: 'audio'; bytes: string }> = [];
  let audio: Int16Array[] = [];
  const flush = () => {
    if (audio.length > 0)
      out.push({ type: 'audio', bytes: Buffer.from(concat(audio).buffer).toString('base64') });
    audio = [];
  };
  for (const event of events) {
    if (event.type === 'audio') audio.push(event.pcm);
    else {
      flush();
      out.push(event);
    }
  }
  flush();
  return out;
}

const near = (actual: readonly number[], truth: readonly number[], within = 30) => {
  expect(actual.length, `found ${JSON.stringify(actual)}, expected ${JSON.stringify(truth)}`).toBe(
    truth.length,
  );
  for (const [i, t] of truth.entries())
    expect(Math.abs(actual[i]! - t), `${actual[i]} vs ${t}`).toBeLessThanOrEqual(within);
};

describe('streaming endpointer', () => {
  const bursts = (rms: number): Part[] => [
    { from: 1_000, to: 1_800, rms },
    { from: 2_500, to: 2_900, rms },
    { from: 4_000, to: 6_000, rms },
    { from: 6_600, to: 7_300, rms },
  ];
  const starts = [1_000, 2_500, 4_000, 6_600];
  const ends = [1_800, 2_900, 6_000, 7_300];

  for (const [name, noise, rms] of [
    ['a quiet room, soft speech', 3, 60],
    ['a quiet room, loud speech', 3, 8_000],
    ['a noisy room', 400, 4_000],
    ['a very noisy room, speech 15 dB above it', 1_500, 8_500],
  ] as const) {
    it(`finds starts and ends within 30 ms in ${name}`, () => {
      const pcm = signal(8_000, noise, bursts(rms));
      const found = check(pcm, run(pcm, [1_000]).events);
      near(
        found.map((u) => u.start),
        starts,
      );
      near(
        found.map((u) => u.end),
        ends,
      );
      expect(found.every((u) => !u.cut)).toBe(true);
    });
  }

  it('follows a louder room (the new noise ends as one utterance) and a quieter one', () => {
    const pcm = signal(30_000, 10, [
      { from: 2_000, to: 2_600, rms: 300 },
      // The room gets 30 dB louder at 6 s, and quiet again at 20 s.
      { from: 6_000, to: 20_000, rms: 316, kind: 'noise' },
      { from: 14_000, to: 15_000, rms: 6_000 },
      { from: 21_000, to: 21_500, rms: 300 },
    ]);
    const found = check(pcm, run(pcm, [4_096]).events);
    near(
      found.map((u) => u.start),
      [2_000, 6_000, 14_000, 21_000],
    );
    // The floor learns from quiet frames only until 3 s pass with none, then from every frame,
    // and rises when 90% of the 5 s window is the new noise.
    expect(found[1]!.end).toBeGreaterThan(6_000 + 3_000);
    expect(found[1]!.end).toBeLessThan(6_000 + 3_000 + 5_000);
    near([found[0]!.end, found[2]!.end, found[3]!.end], [2_600, 15_000, 21_500]);
  });

  it('ignores clicks shorter than minSpeechMs, and counts silence since the last speech', () => {
    const pcm = signal(5_000, 5, [
      { from: 1_000, to: 1_020, rms: 10_000 },
      { from: 2_000, to: 2_030, rms: 10_000 },
      { from: 3_000, to: 3_400, rms: 1_000 },
    ]);
    const { events, endpointer } = run(pcm, [512]);
    const found = check(pcm, events);
    near(
      found.map((u) => u.start),
      [3_000],
    );
    expect(endpointer.audioMs).toBe(5_000);
    expect(Math.abs(endpointer.silenceMs - 1_600)).toBeLessThanOrEqual(10);
  });

  it('finds speech that starts with the session (judged after the warm-up)', () => {
    const pcm = signal(3_000, 5, syllables(0, 1_000, 2_000));
    const found = check(pcm, run(pcm, [128]).events);
    near(found.map((u) => [u.start, u.end]).flat(), [0, 1_000]);
  });

  it('leaves a starting microphone’s digital silence out of the floor', () => {
    // 300 ms of exact zeros, then a noisy room: the noise is no speech, the speech is.
    const pcm = signal(6_000, 300, [{ from: 3_000, to: 3_500, rms: 6_000 }]);
    pcm.fill(0, 0, 300 * MS);
    const found = check(pcm, run(pcm, [256]).events);
    near(found.map((u) => [u.start, u.end]).flat(), [3_000, 3_500]);
  });

  it('cuts an utterance at maxUtteranceMs (cut = true) and starts the next at the cut', () => {
    // 45 s of syllables: the frame 30 s after the start falls inside a burst.
    const pcm = signal(47_000, 5, syllables(1_000, 46_000, 2_000));
    const found = check(pcm, run(pcm, [3_200]).events);
    expect(found.map((u) => [u.start, u.end, u.cut])).toEqual([
      [1_000, 31_000, true],
      [31_000, 46_000, false],
    ]);
    // The first utterance's audio starts with its pre-roll; the second's at the cut itself.
    expect(found[0]!.from).toBe(800 * MS);
    expect(found[1]!.from).toBe(31_000 * MS);
  });

  it('finish() closes an open utterance at the end of the audio, partial frame included', () => {
    const pcm = signal(2_345, 5, [{ from: 1_000, to: 2_345, rms: 1_000 }]);
    const endpointer = new Endpointer();
    const events = endpointer.push(pcm);
    expect(events.map((e) => e.type)).toEqual(['start', 'audio']);
    expect(endpointer.inSpeech).toBe(true);
    const closing = endpointer.finish();
    expect(closing.at(-1)).toEqual({ type: 'end', ms: 2_345, cut: false });
    expect(endpointer.inSpeech).toBe(false);
    check(pcm, [...events, ...closing]);
    expect(() => endpointer.push(pcm)).toThrow(/after finish/);
  });

  it('finds an utterance in audio shorter than the warm-up', () => {
    const pcm = signal(250, 3, [{ from: 100, to: 200, rms: 3_000 }]);
    const found = check(pcm, run(pcm).events);
    expect(found.map((u) => [u.start, u.end])).toEqual([[100, 200]]);
  });

  it('gives the same events and audio however the audio is chunked (fast-check)', () => {
    const pcm = signal(9_000, 20, [
      ...syllables(0, 700, 1_500),
      { from: 1_000, to: 1_030, rms: 5_000 },
      { from: 2_000, to: 2_800, rms: 800 },
      { from: 3_050, to: 3_400, rms: 3_000 },
      { from: 5_000, to: 8_995, rms: 400 },
    ]);
    const reference = normalise(run(pcm).events);
    expect(reference.filter((e) => e.type === 'start')).toHaveLength(4);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 400, max: 40_000 })),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        (sizes) => {
          expect(normalise(run(pcm, sizes).events)).toEqual(reference);
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('keeps its invariants on random signals, options and chunkings (fast-check)', () => {
    const part = fc.record({
      from: fc.integer({ min: 0, max: 6_000 }),
      length: fc.integer({ min: 1, max: 2_000 }),
      rms: fc.integer({ min: 1, max: 20_000 }),
      kind: fc.constantFrom('tone' as const, 'noise' as const),
    });
    fc.assert(
      fc.property(
        fc.array(part, { maxLength: 8 }),
        fc.integer({ min: 0, max: 500 }),
        fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 10 }),
        fc.record({
          hangoverMs: fc.integer({ min: 10, max: 400 }),
          preRollMs: fc.integer({ min: 0, max: 400 }),
          padMs: fc.integer({ min: 0, max: 400 }),
          maxUtteranceMs: fc.integer({ min: 10, max: 3_000 }),
          minSpeechMs: fc.integer({ min: 10, max: 200 }),
          noiseWindowMs: fc.integer({ min: 10, max: 3_000 }),
          warmupMs: fc.integer({ min: 0, max: 600 }),
        }),
        fc.integer({ min: 1, max: 7_000 }),
        (parts, noise, sizes, options, ms) => {
          const pcm = signal(
            ms,
            noise,
            parts.map((p) => ({ ...p, to: Math.min(ms, p.from + p.length) })),
          );
          const pad = Math.min(Math.round(options.padMs / 10), Math.round(options.hangoverMs / 10));
          const preRoll = Math.round(options.preRollMs / 10);
          // The shortest limit allowed: minSpeech × hangover frames.
          options.maxUtteranceMs = Math.max(
            options.maxUtteranceMs,
            Math.round(options.minSpeechMs / 10) * Math.round(options.hangoverMs / 10) * 10,
          );
          const { events } = run(pcm, sizes, options);
          const found = check(pcm, events, { preRollMs: preRoll * 10, padMs: pad * 10 });
          for (const u of found)
            expect(u.end - u.start).toBeLessThanOrEqual(
              Math.round(options.maxUtteranceMs / 10) * 10,
            );
          expect(normalise(events)).toEqual(normalise(run(pcm, [pcm.length], options).events));
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('holds bounded memory over an hour of audio in small chunks, at a small cost per second', () => {
    // 10 s of a noisy room with speech and clicks, pushed 360 times.
    const block = signal(10_000, 200, [
      ...syllables(500, 3_000, 3_000),
      { from: 4_000, to: 4_010, rms: 20_000 },
      { from: 6_000, to: 9_500, rms: 1_000, kind: 'noise' },
    ]);
    const endpointer = new Endpointer();
    const shape = () =>
      Object.entries(endpointer).map(([k, v]: [string, unknown]) => [
        k,
        ArrayBuffer.isView(v) ? (v as Int16Array).length : Array.isArray(v) ? v.length : typeof v,
      ]);
    const before = { stats: endpointer.stats(), shape: shape() };
    const sizes = [128, 160, 333, 1_024, 4_096];
    let utterances = 0;
    let heldMax = 0;
    let pushes = 0;
    const started = process.hrtime.bigint();
    for (let round = 0; round < 360; round++) {
      for (let at = 0; at < block.length; pushes++) {
        const size = sizes[pushes % sizes.length]!;
        for (const e of endpointer.push(block.subarray(at, at + size)))
          if (e.type === 'start') utterances++;
        at += size;
        heldMax = Math.max(heldMax, endpointer.stats().heldSamples);
      }
    }
    const elapsedUs = Number(process.hrtime.bigint() - started) / 1_000;
    const stats = endpointer.stats();
    expect(endpointer.audioMs).toBe(3_600_000);
    // Each block: the syllables and the noise burst; never the click.
    expect(utterances).toBe(720);
    expect(stats.ringSamples).toBe(before.stats.ringSamples);
    expect(heldMax).toBeLessThanOrEqual(stats.ringSamples);
    expect(stats.windowFrames).toBe(500);
    expect(shape()).toEqual(before.shape);
    const perSecond = elapsedUs / 3_600;
    console.log(
      `endpointer: ${perSecond.toFixed(1)} µs per second of audio (128–4096-sample chunks)`,
    );
    // Real time is 1e6 µs per second; a live session must cost next to nothing.
    expect(perSecond).toBeLessThan(5_000);
  });
});

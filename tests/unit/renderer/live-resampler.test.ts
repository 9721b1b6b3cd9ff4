// The microphone's path to LSB16K, as plain code: the resampler, the 16-bit encoding, the
// levels, the worklet's chunking and the silence watch (renderer/src/features/live/capture/).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIVE_AUDIO } from '../../../shared/ipc/live';
import { micFailure } from '../../../renderer/src/features/live/capture/errors';
import {
  CHUNK_SAMPLES,
  CapturePipeline,
  ChunkPacker,
  downmix,
} from '../../../renderer/src/features/live/capture/pipeline';
import {
  Resampler,
  SILENCE_FLOOR_DB,
  floatToInt16LE,
  levelOf,
} from '../../../renderer/src/features/live/capture/resampler';
import { SilenceWatch } from '../../../renderer/src/features/live/capture/silence';

const sine = (rate: number, hz: number, seconds: number, amplitude = 0.5, phase = 0) =>
  Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate + phase),
  );

function resampleWhole(rate: number, input: Float32Array): Float32Array {
  const r = new Resampler(rate);
  return concat([r.process(input), r.flush()]);
}

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The middle of a signal: its first and last 50 ms hold the filter's start and end. */
const steady = (samples: Float32Array, rate: number) =>
  samples.subarray(Math.round(rate * 0.05), samples.length - Math.round(rate * 0.05));

/** RMS in dB, not floored like levelOf's: the stop band reaches below its −100 dB. */
const rmsDbOf = (samples: Float32Array) =>
  10 * Math.log10(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);

/** The frequency from the upward zero crossings, each placed by linear interpolation. */
function frequencyOf(samples: Float32Array, rate: number): number {
  const crossings: number[] = [];
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1]!;
    const b = samples[i]!;
    if (a < 0 && b >= 0) crossings.push(i - 1 + a / (a - b));
  }
  const first = crossings[0]!;
  const last = crossings[crossings.length - 1]!;
  return ((crossings.length - 1) * rate) / (last - first);
}

describe('the resampler to 16 kHz', () => {
  for (const rate of [48_000, 44_100]) {
    it(`keeps a 1 kHz tone at ${rate} Hz at 1 kHz, at the same level`, () => {
      const input = sine(rate, 1_000, 1);
      const output = resampleWhole(rate, input);
      expect(frequencyOf(steady(output, 16_000), 16_000)).toBeCloseTo(1_000, 1);
      const loss = rmsDbOf(steady(input, rate)) - rmsDbOf(steady(output, 16_000));
      expect(Math.abs(loss)).toBeLessThan(0.05);
    });
  }

  // The design: pass band to 7 kHz, stop band (80 dB) from 8 kHz. What it measures, by tone,
  // the same within 0.1 dB at 22.05, 44.1, 48, 96 and 192 kHz (loss in dB): 1–7 kHz ≤ 0.001,
  // 7.25 kHz 0.7, 7.5 kHz (the cut-off) 6.02, 7.75 kHz 22.4, 8.2 kHz and above ≥ 89.7 (12 kHz,
  // which would fold to 4 kHz: 108–115). The bounds below are the design's, not the measures':
  // linear interpolation or dropping samples fails each of them (12 kHz at 48 kHz dropped to
  // 16 kHz reads 4 kHz at full level).
  const lossAt = (rate: number, hz: number) => {
    const input = sine(rate, hz, 0.5);
    return rmsDbOf(steady(input, rate)) - rmsDbOf(steady(resampleWhole(rate, input), 16_000));
  };

  it('passes 7 kHz (the top of the pass band) within 0.1 dB, at 48 and 44.1 kHz', () => {
    expect(Math.abs(lossAt(48_000, 7_000))).toBeLessThan(0.1);
    expect(Math.abs(lossAt(44_100, 7_000))).toBeLessThan(0.1);
  });

  it('cuts 7.5 kHz by about 6 dB: the cut-off is halfway across the transition band', () => {
    expect(lossAt(48_000, 7_500)).toBeGreaterThan(5);
    expect(lossAt(48_000, 7_500)).toBeLessThan(7);
  });

  it('removes tones above 8 kHz (the new Nyquist) by 80 dB or more instead of folding them', () => {
    for (const [rate, hz] of [
      [48_000, 8_200],
      [48_000, 12_000],
      [48_000, 20_000],
      [44_100, 12_000],
      [44_100, 15_000],
    ] as const)
      expect(lossAt(rate, hz), `${hz} Hz at ${rate} Hz`).toBeGreaterThan(80);
  });

  it('upsamples 8 kHz input: a 1 kHz tone stays at 1 kHz and its level', () => {
    const input = sine(8_000, 1_000, 1);
    const output = resampleWhole(8_000, input);
    expect(frequencyOf(steady(output, 16_000), 16_000)).toBeCloseTo(1_000, 1);
    expect(Math.abs(rmsDbOf(steady(input, 8_000)) - rmsDbOf(steady(output, 16_000)))).toBeLessThan(
      0.05,
    );
  });

  it('gives N·16000/rate samples (rounded up) for N input samples, at any rate', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(8_000, 11_025, 16_000, 22_050, 32_000, 44_100, 48_000, 96_000, 192_000),
        fc.integer({ min: 0, max: 20_000 }),
        (rate, n) => {
          const out = resampleWhole(rate, new Float32Array(n).fill(0.1));
          expect(Math.abs(out.length - (n * 16_000) / rate)).toBeLessThanOrEqual(1);
          expect(out.length).toBe(Math.ceil((n * 16_000) / rate));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('gives the same samples however the input is cut into calls', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(44_100, 48_000, 8_000, 96_000, 22_050, 47_999),
        fc.array(fc.integer({ min: 1, max: 4096 }), { minLength: 1, maxLength: 30 }),
        (rate, sizes) => {
          const total = sizes.reduce((a, b) => a + b, 0);
          const input = Float32Array.from(
            { length: total },
            (_, i) => 0.4 * Math.sin(i * 0.05) + 0.3 * Math.sin(i * 1.3),
          );
          const whole = resampleWhole(rate, input);
          const r = new Resampler(rate);
          const parts: Float32Array[] = [];
          let at = 0;
          for (const size of sizes) {
            parts.push(r.process(input.subarray(at, at + size)));
            at += size;
          }
          parts.push(r.flush());
          const pieces = concat(parts);
          expect(pieces.length).toBe(whole.length);
          let worst = 0;
          for (let i = 0; i < whole.length; i++)
            worst = Math.max(worst, Math.abs(pieces[i]! - whole[i]!));
          expect(worst).toBeLessThan(1e-6);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('places each output at its own instant, 19 s into a stream fed in 128-frame quanta', () => {
    // 44.1 kHz → 16 kHz steps 2.75625 input samples, kept as whole numbers: sample n of the
    // output is the tone at n/16000 s exactly (to 1e-3 of full scale: the filter's ripple).
    const rate = 44_100;
    const seconds = 20;
    const input = sine(rate, 250, seconds);
    const r = new Resampler(rate);
    const parts: Float32Array[] = [];
    for (let at = 0; at < input.length; at += 128)
      parts.push(r.process(input.subarray(at, at + 128)));
    const out = concat(parts);
    const n = 16_000 * (seconds - 1);
    const expected = 0.5 * Math.sin((2 * Math.PI * 250 * n) / 16_000);
    expect(Math.abs(out[n]! - expected)).toBeLessThan(1e-3);
  });

  it('starts afresh after reset(): no sound from before it', () => {
    const r = new Resampler(48_000);
    r.process(sine(48_000, 1_000, 0.1, 0.9));
    r.reset();
    const after = r.process(new Float32Array(4_800));
    expect(levelOf(after).peakDb).toBe(SILENCE_FLOOR_DB);
  });

  it('refuses rates it was not designed for', () => {
    expect(() => new Resampler(4_000)).toThrow(RangeError);
    expect(() => new Resampler(384_000)).toThrow(RangeError);
    expect(() => new Resampler(44_100.5)).toThrow(RangeError);
  });
});

describe('16-bit little-endian PCM', () => {
  it('scales by 32768, rounds to nearest, clamps to the 16-bit range', () => {
    const pcm = floatToInt16LE(
      Float32Array.from([0, 0.5, -0.5, 1, -1, 1.5, -2, 0.99999, 1 / 65_536, 3 / 65_536, NaN]),
    );
    expect(pcm.byteLength).toBe(22);
    expect(Array.from(new Int16Array(pcm))).toEqual([
      0, 16_384, -16_384, 32_767, -32_768, 32_767, -32_768, 32_767, 1, 2, 0,
    ]);
    // Little-endian whatever the machine: 16384 is 0x4000, low byte first.
    expect(Array.from(new Uint8Array(pcm, 2, 2))).toEqual([0x00, 0x40]);
  });
});

describe('levels', () => {
  it('reads a full-scale sine at −3 dB RMS and 0 dB peak, a half-scale one 6 dB lower', () => {
    const full = levelOf(sine(16_000, 1_000, 0.1, 1, 0.1));
    expect(full.rmsDb).toBeCloseTo(-3.01, 1);
    expect(full.peakDb).toBeCloseTo(0, 1);
    const half = levelOf(sine(16_000, 1_000, 0.1, 0.5, 0.1));
    expect(half.rmsDb).toBeCloseTo(-9.03, 1);
    expect(half.peakDb).toBeCloseTo(-6.02, 1);
  });

  it('reads digital silence (and nothing) as the floor, not −Infinity', () => {
    expect(levelOf(new Float32Array(1600))).toEqual({
      rmsDb: SILENCE_FLOOR_DB,
      peakDb: SILENCE_FLOOR_DB,
    });
    expect(levelOf(new Float32Array(0)).rmsDb).toBe(SILENCE_FLOOR_DB);
  });
});

describe("the worklet's chunks", () => {
  it('are LIVE_AUDIO chunks: 1600 samples, 3200 bytes', () => {
    expect(CHUNK_SAMPLES).toBe(LIVE_AUDIO.chunkSamples);
    expect(CHUNK_SAMPLES / LIVE_AUDIO.sampleRate).toBe(0.1);
  });

  it('cut any stream into whole chunks, in order, keeping the remainder for the next push', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 2_000 }),
        (sizes, size) => {
          const packer = new ChunkPacker(size);
          const chunks: number[][] = [];
          let next = 0;
          for (const n of sizes) {
            const samples = Float32Array.from({ length: n }, () => next++);
            packer.push(samples, (chunk) => chunks.push(Array.from(chunk)));
          }
          expect(chunks.length).toBe(Math.floor(next / size));
          expect(chunks.flat()).toEqual(Array.from({ length: chunks.length * size }, (_, i) => i));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('from 128-frame stereo quanta at 48 kHz: ten 3200-byte chunks a second, the resampler’s samples in order', () => {
    const rate = 48_000;
    const left = sine(rate, 440, 1.05, 0.6);
    const right = sine(rate, 440, 1.05, 0.2);
    const pipeline = new CapturePipeline(rate);
    const chunks = [];
    for (let at = 0; at + 128 <= left.length; at += 128)
      chunks.push(...pipeline.push([left.subarray(at, at + 128), right.subarray(at, at + 128)]));
    expect(chunks.length).toBe(10);
    for (const chunk of chunks) expect(chunk.pcm.byteLength).toBe(3_200);

    const mono = downmix([left, right]);
    const expected = floatToInt16LE(new Resampler(rate).process(mono));
    const sent = new Int16Array(concatBytes(chunks.map((c) => c.pcm)));
    expect(Array.from(sent)).toEqual(Array.from(new Int16Array(expected, 0, sent.length)));
    // The level is the chunk's, 0.4 amplitude (the channels' mean) after the first chunk.
    expect(chunks[5]!.level.peakDb).toBeCloseTo(20 * Math.log10(0.4), 1);
    expect(chunks[5]!.level.rmsDb).toBeCloseTo(20 * Math.log10(0.4 / Math.SQRT2), 1);
  });

  it('drop the unfinished chunk on reset (a pause), so nothing from before it is sent after', () => {
    const pipeline = new CapturePipeline(48_000);
    expect(pipeline.push([sine(48_000, 440, 0.09, 0.9)])).toEqual([]);
    pipeline.reset();
    const chunks = pipeline.push([new Float32Array(5_400)]);
    expect(chunks.length).toBe(1);
    expect(chunks[0]!.level.peakDb).toBe(SILENCE_FLOOR_DB);
  });
});

function concatBytes(buffers: ArrayBuffer[]): ArrayBuffer {
  const out = new Uint8Array(buffers.reduce((n, b) => n + b.byteLength, 0));
  let at = 0;
  for (const b of buffers) {
    out.set(new Uint8Array(b), at);
    at += b.byteLength;
  }
  return out.buffer;
}

describe('the silence watch', () => {
  it('tells once after 10 s under −60 dBFS, and again only after sound came back', () => {
    const watch = new SilenceWatch(10_000);
    const told: number[] = [];
    const feed = (peakDb: number, chunks: number, from: number) => {
      for (let i = 0; i < chunks; i++) if (watch.add(peakDb, 100)) told.push(from + i);
    };
    feed(-70, 99, 0);
    expect(told).toEqual([]);
    feed(SILENCE_FLOOR_DB, 200, 99); // the 100th quiet chunk ends 10 s
    expect(told).toEqual([99]);
    feed(-20, 1, 299);
    feed(-61, 100, 300);
    expect(told).toEqual([99, 399]);
  });

  it('counts a sound at −60 dBFS as sound', () => {
    const watch = new SilenceWatch(200);
    expect([-61, -60, -61, -61].map((db) => watch.add(db, 100))).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
});

describe('microphone failures', () => {
  it('say which: none, denied, or this input failed', () => {
    const code = (name: string) =>
      micFailure(new DOMException('said the browser', name), 'USB Mic').error;
    expect(code('NotFoundError').code).toBe('mic-none');
    expect(code('OverconstrainedError').code).toBe('mic-none');
    expect(code('NotAllowedError').code).toBe('mic-denied');
    expect(code('SecurityError').code).toBe('mic-denied');
    expect(code('NotReadableError')).toEqual({
      code: 'mic-failed',
      params: { device: 'USB Mic' },
      detail: 'said the browser',
    });
    expect(micFailure(new TypeError('x'), '').error.code).toBe('mic-failed');
  });
});

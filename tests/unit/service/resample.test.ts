import { describe, expect, it } from 'vitest';
import { Resampler } from '../../../service/audio/resample';
import { firstChannel } from '../../../service/audio/pcm';

function sine(rate: number, hz: number, seconds: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate),
  );
}
/** RMS of the middle of a signal (away from the edges). */
function rms(signal: Float32Array): number {
  const middle = signal.subarray(Math.floor(signal.length * 0.2), Math.floor(signal.length * 0.8));
  return Math.sqrt(middle.reduce((sum, v) => sum + v * v, 0) / middle.length);
}
/** Amplitude of one frequency by correlation (a single DFT bin). */
function amplitudeAt(signal: Float32Array, rate: number, hz: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < signal.length; i++) {
    re += signal[i]! * Math.cos((2 * Math.PI * hz * i) / rate);
    im += signal[i]! * Math.sin((2 * Math.PI * hz * i) / rate);
  }
  return (2 * Math.hypot(re, im)) / signal.length;
}

describe('resampler', () => {
  it.each([44_100, 48_000, 22_050, 32_000])(
    'keeps a 1 kHz tone from %i Hz at the same pitch and level',
    (rate) => {
      const out = new Resampler(rate, 16_000).process(sine(rate, 1000, 1));
      expect(out.length).toBe(16_000);
      expect(amplitudeAt(out.subarray(2000, 14000), 16_000, 1000)).toBeCloseTo(0.5, 2);
    },
  );

  it.each([44_100, 48_000])(
    'removes a 10 kHz tone (above the 8 kHz Nyquist) from %i Hz instead of aliasing it',
    (rate) => {
      const out = new Resampler(rate, 16_000).process(sine(rate, 10_000, 1));
      // Without a low-pass filter it would fold to 6 kHz at full level (0.35 RMS).
      expect(rms(out)).toBeLessThan(0.5 * 0.001); // at least 60 dB down
      expect(amplitudeAt(out.subarray(2000, 14000), 16_000, 6000)).toBeLessThan(0.001);
    },
  );

  it('keeps the exact length ratio (no drift over long audio)', () => {
    expect(new Resampler(44_100, 16_000).process(new Float32Array(44_100 * 60)).length).toBe(
      16_000 * 60,
    );
  });
});

describe('G.711 and PCM sample decoding', () => {
  it('decodes µ-law and A-law silence and extremes', () => {
    const mulaw = firstChannel(Uint8Array.from([0xff, 0x7f, 0x80, 0x00]), 'mulaw', 1);
    expect(Array.from(mulaw).map((v) => Math.round(v * 32768) || 0)).toEqual([0, 0, 32124, -32124]);
    const alaw = firstChannel(Uint8Array.from([0xd5, 0x55, 0xaa, 0x2a]), 'alaw', 1);
    expect(Array.from(alaw).map((v) => Math.round(v * 32768))).toEqual([8, -8, 32256, -32256]);
  });

  it('takes the first channel of interleaved 16-bit samples in either byte order', () => {
    const le = Uint8Array.from([0x00, 0x40, 0xff, 0x7f, 0x00, 0xc0, 0x01, 0x00]);
    expect(Array.from(firstChannel(le, 's16le', 2))).toEqual([0.5, -0.5]);
    const be = Uint8Array.from([0x40, 0x00, 0xc0, 0x00, 0x00]);
    expect(Array.from(firstChannel(be, 's16be', 1))).toEqual([0.5, -0.5]);
  });
});

describe('streaming resampler', () => {
  it.each([
    [44_100, 4096],
    [48_000, 1000],
    [22_050, 7],
    [16_000, 333],
  ])('from %i Hz in chunks of %i gives exactly the whole-signal output', async (rate, chunk) => {
    const { StreamingResampler } = await import('../../../service/audio/resample');
    const input = Float32Array.from(
      { length: rate / 2 + 123 },
      (_, i) => Math.sin(i / 7) * 0.3 + Math.sin(i / 3.1) * 0.2,
    );
    const whole = new Resampler(rate, 16_000).process(input);
    const stream = new StreamingResampler(rate, 16_000);
    const parts: Float32Array[] = [];
    for (let i = 0; i < input.length; i += chunk)
      parts.push(stream.push(input.subarray(i, i + chunk)));
    parts.push(stream.flush());
    const joined = Float32Array.from(parts.flatMap((p) => Array.from(p)));
    expect(joined.length).toBe(whole.length);
    let maxDiff = 0;
    for (let i = 0; i < whole.length; i++)
      maxDiff = Math.max(maxDiff, Math.abs(joined[i]! - whole[i]!));
    expect(maxDiff).toBeLessThan(1e-6);
  });
});

/**
 * The microphone's samples, at whatever rate the device runs (8–192 kHz; 44.1 and 48 kHz in
 * practice), brought to the 16 kHz of LSB16K (shared/ipc/live.ts). Pure code: it runs in the
 * AudioWorkletGlobalScope (capture-worklet.ts) and in the unit tests alike, so no DOM, no Node.
 *
 * Written here rather than taken from npm: the streaming resamplers there are WebAssembly ports
 * (libsamplerate-js, speex-resampler, wasm-audio-resampler), which the window's CSP refuses
 * (no 'wasm-unsafe-eval') and an AudioWorklet cannot fetch, or native Node bindings
 * (node-libsamplerate); the pure-JS ones (wave-resampler, @shanzhai/resample) resample a whole
 * buffer at once and keep no state between calls, which clicks at every 128-frame render quantum.
 *
 * The method: a Kaiser-windowed sinc low-pass evaluated at each output instant (the classic
 * band-limited interpolator), its coefficients tabled per phase. The pass band ends at 7 kHz and
 * the stop band (80 dB down) starts at 8 kHz, the new Nyquist, so nothing folds back except what
 * lies in the 7–9 kHz transition, and that only onto 7–8 kHz (speech recognition at 16 kHz reads
 * little up there). Time is tracked in whole numbers (input index + remainder in 1/16000ths), so a
 * stream of hours neither drifts nor depends on how it was cut into calls.
 */

export const TARGET_RATE = 16_000;

/** The lowest level reported, in dBFS: digital silence reads this rather than -Infinity. */
export const SILENCE_FLOOR_DB = -100;

/** Stop-band attenuation of the low-pass, in dB. */
const STOP_BAND_DB = 80;
/** The table's size bound (phases × taps), for odd rates whose exact phase count is huge. */
const MAX_TABLE = 1 << 18;

/** The zeroth-order modified Bessel function of the first kind, by its power series. */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const q = (x * x) / 4;
  for (let k = 1; k < 64; k++) {
    term *= q / (k * k);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

export class Resampler {
  readonly inputRate: number;
  /** Taps either side of the output instant: the filter reads x[i − half … i + half]. */
  private readonly half: number;
  private readonly taps: number;
  /** Phases per input sample: exact (16000/gcd) for usual rates, capped for odd ones. */
  private readonly phases: number;
  /** `phases` rows of `taps` coefficients. */
  private readonly table: Float32Array;
  /** Input not yet fully used; buf[0] is input sample number `bufStart` (negative: zeros before). */
  private buf: Float32Array;
  private len = 0;
  private bufStart = 0;
  /** The next output's instant: input sample `at` (index into buf) plus `rem`/16000 of one. */
  private at = 0;
  private rem = 0;
  /** Input samples fed so far, for flush(). */
  private fed = 0;

  constructor(inputRate: number) {
    if (!Number.isInteger(inputRate) || inputRate < 8_000 || inputRate > 192_000)
      throw new RangeError(`Resampler: unsupported input rate ${inputRate}`);
    this.inputRate = inputRate;
    // Below 16 kHz the input's own Nyquist bounds the band (interpolation images lie above it).
    const base = Math.min(inputRate, TARGET_RATE);
    const pass = base * (7_000 / 16_000);
    const stop = base / 2;
    const cutoff = (pass + stop) / 2 / inputRate; // cycles per input sample
    const transition = (stop - pass) / inputRate;
    // Kaiser's design formulas (Oppenheim & Schafer 7.62–7.63).
    const beta = 0.1102 * (STOP_BAND_DB - 8.7);
    const length = (STOP_BAND_DB - 7.95) / (14.36 * transition) + 1;
    const width = length / 2; // the window's half-width, in input samples
    this.half = Math.ceil(width);
    this.taps = 2 * this.half + 1;
    this.phases = Math.min(
      TARGET_RATE / gcd(inputRate, TARGET_RATE),
      Math.max(64, Math.floor(MAX_TABLE / this.taps)),
    );
    this.table = new Float32Array(this.phases * this.taps);
    const i0beta = besselI0(beta);
    for (let p = 0; p < this.phases; p++) {
      const frac = p / this.phases;
      const row = p * this.taps;
      let sum = 0;
      for (let t = 0; t < this.taps; t++) {
        const tau = frac - (t - this.half); // the output instant minus the tap's input instant
        const x = tau / width;
        if (Math.abs(x) >= 1) continue;
        const arg = 2 * Math.PI * cutoff * tau;
        const sinc = tau === 0 ? 1 : Math.sin(arg) / arg;
        const value = 2 * cutoff * sinc * (besselI0(beta * Math.sqrt(1 - x * x)) / i0beta);
        this.table[row + t] = value;
        sum += value;
      }
      // Unity gain at DC in every phase, so a constant stays constant (no phase-rate ripple).
      for (let t = 0; t < this.taps; t++) this.table[row + t]! /= sum;
    }
    this.buf = new Float32Array(4096 + this.taps);
    this.reset();
  }

  /** Forgets the stream: the next sample is the first of a new one (after a pause). */
  reset(): void {
    // The samples before the first are silence: the output starts at input instant 0, no delay.
    this.buf.fill(0, 0, this.half);
    this.len = this.half;
    this.bufStart = -this.half;
    this.at = this.half;
    this.rem = 0;
    this.fed = 0;
  }

  /** The 16 kHz samples the input completes; the last ~`half` input samples wait for more. */
  process(input: Float32Array): Float32Array {
    this.append(input);
    this.fed += input.length;
    return this.run(this.len - this.half - 2);
  }

  /** The rest, as if the stream ended in silence: outputs for every instant before its end. */
  flush(): Float32Array {
    const end = this.fed - this.bufStart; // the end of the input, as an index into buf
    this.append(new Float32Array(this.half + 2));
    const out = this.run(Math.min(end - 1, this.len - this.half - 2));
    this.reset();
    return out;
  }

  private append(input: Float32Array): void {
    if (this.len + input.length > this.buf.length) {
      const grown = new Float32Array(Math.max(this.buf.length * 2, this.len + input.length));
      grown.set(this.buf.subarray(0, this.len));
      this.buf = grown;
    }
    this.buf.set(input, this.len);
    this.len += input.length;
  }

  /**
   * Outputs while the next instant's input index is at most `last` (which leaves `half` + 1
   * samples after it: one more than the taps reach, for a phase rounded up to the next sample).
   */
  private run(last: number): Float32Array {
    const { buf, table, taps, half, phases, inputRate } = this;
    const room = Math.max(0, Math.ceil(((last - this.at + 1) * TARGET_RATE) / inputRate) + 1);
    const out = new Float32Array(room);
    let n = 0;
    let at = this.at;
    let rem = this.rem;
    while (at <= last && n < room) {
      let phase = Math.round((rem * phases) / TARGET_RATE);
      let i = at;
      if (phase === phases) {
        // Rounded up to the next input sample (only when the phases are capped).
        phase = 0;
        i += 1;
      }
      const row = phase * taps;
      const from = i - half;
      let acc = 0;
      for (let t = 0; t < taps; t++) acc += buf[from + t]! * table[row + t]!;
      out[n++] = acc;
      rem += inputRate;
      at += Math.floor(rem / TARGET_RATE);
      rem %= TARGET_RATE;
    }
    this.at = at;
    this.rem = rem;
    // Keep `half` samples of history before the next instant, drop the rest.
    const drop = Math.min(at - half, this.len);
    if (drop > 0) {
      buf.copyWithin(0, drop, this.len);
      this.len -= drop;
      this.at -= drop;
      this.bufStart += drop;
    }
    return n === room ? out : out.subarray(0, n);
  }
}

/** Float samples (±1 full scale) as 16-bit little-endian PCM: clamped, rounded to nearest. */
export function floatToInt16LE(samples: Float32Array): ArrayBuffer {
  const bytes = new ArrayBuffer(samples.length * 2);
  const view = new DataView(bytes);
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    // NaN (never expected from a device) reads as silence rather than poisoning the chunk.
    const v = s >= 1 ? 32_767 : s <= -1 ? -32_768 : s === s ? Math.round(s * 32_768) : 0;
    view.setInt16(i * 2, Math.min(32_767, v), true);
  }
  return bytes;
}

export interface Level {
  /** The RMS level in dBFS, a full-scale square wave reading 0 (so a full-scale sine: −3 dB). */
  rmsDb: number;
  /** The largest absolute sample, in dBFS. */
  peakDb: number;
}

const dbOf = (amplitude: number) =>
  amplitude > 0 ? Math.max(SILENCE_FLOOR_DB, 20 * Math.log10(amplitude)) : SILENCE_FLOOR_DB;

/** The RMS and peak levels of float samples, floored at SILENCE_FLOOR_DB. */
export function levelOf(samples: Float32Array): Level {
  let sum = 0;
  let peak = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    sum += s * s;
    const a = Math.abs(s);
    if (a > peak) peak = a;
  }
  const rms = samples.length ? Math.sqrt(sum / samples.length) : 0;
  return { rmsDb: dbOf(rms), peakDb: dbOf(peak) };
}

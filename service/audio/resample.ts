/**
 * Sample-rate conversion by a polyphase windowed-sinc FIR (Kaiser window): the low-pass cutoff
 * sits below the lower Nyquist frequency, so downsampling does not alias. The ratio is exact
 * (L/M in lowest terms), so 44.1 kHz → 16 kHz keeps its timing over an hour.
 */

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Zeroth-order modified Bessel function of the first kind, by its power series. */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

export interface ResamplerDesign {
  /** Zero crossings of the sinc on each side, in units of the cutoff: more is sharper. */
  readonly zeroCrossings?: number;
  /** Cutoff as a fraction of the lower Nyquist frequency. */
  readonly rolloff?: number;
  readonly kaiserBeta?: number;
}

export class Resampler {
  private readonly up: number;
  private readonly down: number;
  private readonly halfTaps: number;
  /** phase × tap, each phase normalised to unit DC gain. */
  private readonly table: Float32Array;

  constructor(
    readonly inputRate: number,
    readonly outputRate: number,
    { zeroCrossings = 16, rolloff = 0.94, kaiserBeta = 8.6 }: ResamplerDesign = {},
  ) {
    const divisor = gcd(inputRate, outputRate);
    this.up = outputRate / divisor;
    this.down = inputRate / divisor;
    // Cutoff in cycles per input sample.
    const cutoff = 0.5 * Math.min(1, outputRate / inputRate) * rolloff;
    this.halfTaps = Math.ceil(zeroCrossings / (2 * cutoff));
    const taps = 2 * this.halfTaps;
    this.table = new Float32Array(this.up * taps);
    const i0Beta = besselI0(kaiserBeta);
    for (let phase = 0; phase < this.up; phase++) {
      const offset = phase / this.up;
      let sum = 0;
      for (let j = 0; j < taps; j++) {
        // Distance from the output instant to input sample (k0 + j - halfTaps + 1), in input samples.
        const tau = j - this.halfTaps + 1 - offset;
        const x = 2 * cutoff * tau;
        const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
        const r = tau / this.halfTaps;
        const window = Math.abs(r) >= 1 ? 0 : besselI0(kaiserBeta * Math.sqrt(1 - r * r)) / i0Beta;
        const value = sinc * window;
        this.table[phase * taps + j] = value;
        sum += value;
      }
      for (let j = 0; j < taps; j++) this.table[phase * taps + j]! /= sum;
    }
  }

  get shape(): { up: number; down: number; halfTaps: number } {
    return { up: this.up, down: this.down, halfTaps: this.halfTaps };
  }

  /** Resamples a whole signal (samples before the start and after the end count as silence). */
  process(input: Float32Array): Float32Array {
    if (this.up === this.down) return input.slice();
    return this.range(0, Math.floor((input.length * this.up) / this.down), input, 0);
  }

  /**
   * Outputs [n0, n1) from input samples held in `input`, whose first element is absolute sample
   * `base`; samples outside it count as silence.
   */
  range(n0: number, n1: number, input: Float32Array, base: number): Float32Array {
    const output = new Float32Array(Math.max(0, n1 - n0));
    const taps = 2 * this.halfTaps;
    if (this.up === this.down) {
      for (let n = n0; n < n1; n++) output[n - n0] = input[n - base] ?? 0;
      return output;
    }
    for (let n = n0; n < n1; n++) {
      const position = n * this.down;
      const k0 = Math.floor(position / this.up);
      const phase = position - k0 * this.up;
      const tableBase = phase * taps;
      const first = k0 - this.halfTaps + 1 - base;
      let acc = 0;
      const jStart = Math.max(0, -first);
      const jEnd = Math.min(taps, input.length - first);
      for (let j = jStart; j < jEnd; j++) acc += input[first + j]! * this.table[tableBase + j]!;
      output[n - n0] = acc;
    }
    return output;
  }
}

/** Float samples in [-1, 1) to 16-bit, with clipping. */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.round(samples[i]! * 32768);
    out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return out;
}

/**
 * The same filter over a signal that arrives in chunks: keeps just the input history the next
 * outputs need, so memory stays flat however long the audio is. Output is identical to
 * `Resampler.process` over the whole signal.
 */
export class StreamingResampler {
  private readonly resampler: Resampler;
  private buffer = new Float32Array(0);
  /** Absolute index of buffer[0]. */
  private base = 0;
  private produced = 0;
  private totalIn = 0;

  constructor(inputRate: number, outputRate: number) {
    this.resampler = new Resampler(inputRate, outputRate);
  }

  push(chunk: Float32Array): Float32Array {
    this.totalIn += chunk.length;
    const joined = new Float32Array(this.buffer.length + chunk.length);
    joined.set(this.buffer);
    joined.set(chunk, this.buffer.length);
    this.buffer = joined;
    const { up, down, halfTaps } = this.resampler.shape;
    // Output n needs input up to floor(n*down/up) + halfTaps, so n < (last + 1) * up / down with
    // last = (available - 1) - halfTaps.
    const last = this.base + this.buffer.length - 1 - halfTaps;
    const ready = last < 0 ? 0 : Math.ceil(((last + 1) * up) / down);
    const end = Math.max(this.produced, Math.min(ready, Math.floor((this.totalIn * up) / down)));
    return this.emit(end);
  }

  flush(): Float32Array {
    const { up, down } = this.resampler.shape;
    return this.emit(Math.floor((this.totalIn * up) / down));
  }

  private emit(end: number): Float32Array {
    const out = this.resampler.range(this.produced, end, this.buffer, this.base);
    this.produced = end;
    const { up, down, halfTaps } = this.resampler.shape;
    const keepFrom = Math.max(this.base, Math.floor((this.produced * down) / up) - halfTaps + 1);
    this.buffer = this.buffer.slice(keepFrom - this.base);
    this.base = keepFrom;
    return out;
  }
}

/**
 * Splits audio at silences into utterances: 10 ms frames whose energy stays below the noise
 * floor (10th percentile) + 12 dB for at least `minSilenceMs` are silence; cuts go in the middle
 * of a silence; neighbouring pieces may be merged up to `targetMs` (off by default: merged pieces
 * carry their inner silences, which skews PocketSphinx's whole-utterance normalisation and cost
 * 2–4 points of WER on a test recording), a piece longer than `maxMs` with no such silence is cut
 * at its quietest frame, and each piece is trimmed to its speech plus `padMs`.
 */

export interface Span {
  /** First sample. */
  readonly start: number;
  /** One past the last sample. */
  readonly end: number;
}

export interface SegmentOptions {
  readonly sampleRate?: number;
  readonly minSilenceMs?: number;
  readonly targetMs?: number;
  readonly maxMs?: number;
  /** Silence kept around the speech of each piece: long silences would skew the engine's normalisation. */
  readonly padMs?: number;
}

const FRAME_MS = 10;

/** Frame energies (dB) of PCM arriving in chunks: a few bytes per 10 ms, so an hour is ~3 MB. */
export class EnergyMeter {
  private readonly values: number[] = [];
  private sum = 0;
  private count = 0;
  samples = 0;
  constructor(readonly frame: number) {}

  push(pcm: Int16Array): void {
    for (let i = 0; i < pcm.length; i++) {
      this.sum += pcm[i]! * pcm[i]!;
      if (++this.count === this.frame) this.close();
    }
    this.samples += pcm.length;
  }

  private close(): void {
    this.values.push(10 * Math.log10(this.sum / this.count + 1));
    this.sum = 0;
    this.count = 0;
  }

  energies(): Float64Array {
    if (this.count > 0) this.close();
    return Float64Array.from(this.values);
  }
}

export function splitAtSilences(pcm: Int16Array, options: SegmentOptions = {}): Span[] {
  const meter = new EnergyMeter(((options.sampleRate ?? 16_000) * FRAME_MS) / 1000);
  meter.push(pcm);
  return spansFromEnergies(meter.energies(), pcm.length, options);
}

/** Spans of a signal of `length` samples from its 10 ms frame energies. */
export function spansFromEnergies(
  energies: Float64Array,
  length: number,
  options: SegmentOptions = {},
): Span[] {
  const {
    sampleRate = 16_000,
    minSilenceMs = 400,
    targetMs = 0,
    maxMs = 30_000,
    padMs = 200,
  } = options;
  const frame = (sampleRate * FRAME_MS) / 1000;
  if (length === 0 || energies.length === 0) return [];
  const sorted = Float64Array.from(energies).sort();
  const floor = sorted[Math.floor(sorted.length * 0.1)]!;
  const threshold = floor + 12;
  const silent = (f: number) => energies[f]! < threshold;

  // Cut points (frame indices) in the middle of long silences.
  const cuts: number[] = [];
  const minRun = minSilenceMs / FRAME_MS;
  for (let f = 0; f < energies.length;) {
    if (!silent(f)) {
      f++;
      continue;
    }
    let end = f;
    while (end < energies.length && silent(end)) end++;
    if (end - f >= minRun && f > 0 && end < energies.length) cuts.push(Math.floor((f + end) / 2));
    f = end;
  }

  // Pieces between cuts, merged up to the target length.
  const targetFrames = targetMs / FRAME_MS;
  const maxFrames = maxMs / FRAME_MS;
  const bounds = [0, ...cuts, energies.length];
  const pieces: Array<[number, number]> = [];
  let start = 0;
  for (let i = 1; i < bounds.length; i++) {
    const next = bounds[i]!;
    const isLast = i === bounds.length - 1;
    const following = isLast ? Infinity : bounds[i + 1]! - start;
    if (isLast || following > targetFrames) {
      pieces.push([start, next]);
      start = next;
    }
  }

  // Hard-cut pieces that are still too long, at their quietest frame.
  const spans: Array<[number, number]> = [];
  const queue = [...pieces];
  // Every cut makes pieces strictly shorter, so this ends; the bound turns a future mistake into
  // an error for one request instead of a service that hangs.
  let budget = 2 * energies.length + pieces.length;
  while (queue.length > 0) {
    if (--budget < 0) throw new Error('splitting audio at silences did not finish');
    const [a, b] = queue.shift()!;
    if (b - a <= maxFrames) {
      spans.push([a, b]);
      continue;
    }
    // The cut goes strictly inside the piece, at least a quarter of maxMs in, so that both
    // halves are shorter and the loop ends (a cut at `a` itself would split off nothing).
    const from = a + Math.max(1, Math.floor(targetFrames / 2), Math.floor(maxFrames / 4));
    let quietest = a + Math.floor((b - a) / 2);
    for (let f = from; f < Math.min(b, a + maxFrames); f++) {
      if (energies[f]! < energies[quietest]!) quietest = f;
    }
    queue.unshift([a, quietest], [quietest, b]);
  }

  // Trim each piece to its speech plus padding; drop pieces with no speech at all.
  const pad = Math.round(padMs / FRAME_MS);
  const out: Span[] = [];
  for (const [a, b] of spans) {
    let first = a;
    while (first < b && silent(first)) first++;
    if (first === b) continue;
    let last = b - 1;
    while (last > first && silent(last)) last--;
    const start = Math.max(a, first - pad);
    const end = Math.min(b, last + 1 + pad);
    out.push({ start: start * frame, end: Math.min(length, end * frame) });
  }
  return out;
}

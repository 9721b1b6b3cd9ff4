/**
 * What the capture worklet does to each render quantum, apart from the AudioWorkletProcessor
 * shell (capture-worklet.ts) so it can be tested as plain code: mix the channels down to mono,
 * bring them to 16 kHz, mix the sources, and cut exactly CHUNK_SAMPLES-sample LSB16K chunks, each
 * with its level.
 *
 * Pure and import-light on purpose: it is bundled into the worklet's own file, where nothing but
 * plain JavaScript runs (shared/ipc/live.ts would pull zod in; the chunk size is repeated here
 * and a unit test holds it equal to LIVE_AUDIO.chunkSamples).
 */
import { Ducker } from './duck';
import { floatToInt16LE, levelOf, Resampler, TARGET_RATE, type Level } from './resampler';

/** 100 ms at 16 kHz: LIVE_AUDIO.chunkSamples. */
export const CHUNK_SAMPLES = 1_600;

export interface CapturedChunk {
  /**
   * CHUNK_SAMPLES samples of 16-bit little-endian PCM (CHUNK_SAMPLES × 2 bytes); with the sources
   * apart, CHUNK_SAMPLES frames of 1 + sources samples each.
   */
  pcm: ArrayBuffer;
  level: Level;
}

/** Cuts a stream of samples into chunks of exactly `size`, in order; keeps the remainder. */
export class ChunkPacker {
  private readonly pending: Float32Array;
  private filled = 0;

  constructor(readonly size: number = CHUNK_SAMPLES) {
    this.pending = new Float32Array(size);
  }

  /** Adds samples; calls `emit` with each chunk completed (a view, valid during the call). */
  push(samples: Float32Array, emit: (chunk: Float32Array) => void): void {
    let offset = 0;
    while (offset < samples.length) {
      const take = Math.min(this.size - this.filled, samples.length - offset);
      this.pending.set(samples.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.size) {
        this.filled = 0;
        emit(this.pending);
      }
    }
  }

  /** Drops the samples of the chunk not yet complete. */
  reset(): void {
    this.filled = 0;
  }

  /** The samples of the chunk not yet complete (a view, valid until the next push), and forgets them. */
  takeRest(): Float32Array {
    const rest = this.pending.subarray(0, this.filled);
    this.filled = 0;
    return rest;
  }
}

/** Channels averaged into one (a quantum's channels all have the same length). */
export function downmix(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0];
  if (!first || channels.length === 1) return first ?? new Float32Array(0);
  const mono = new Float32Array(first.length);
  for (const channel of channels) for (let i = 0; i < mono.length; i++) mono[i]! += channel[i] ?? 0;
  const scale = 1 / channels.length;
  for (let i = 0; i < mono.length; i++) mono[i]! *= scale;
  return mono;
}

export interface MixedChunk extends CapturedChunk {
  /** Each source's level in this chunk, its gain applied (the mix's is `level`). */
  levels: Level[];
}

/** Which source is lowered while which other plays (duck.ts): the microphone by the computer. */
export interface DuckPair {
  source: number;
  by: number;
}

/** Float channels of equal length as interleaved 16-bit little-endian frames, as floatToInt16LE. */
export function interleaveInt16LE(channels: readonly Float32Array[]): ArrayBuffer {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  const joined = new Float32Array(frames * count);
  for (let c = 0; c < count; c++) {
    const channel = channels[c]!;
    for (let i = 0; i < frames; i++) joined[i * count + c] = channel[i] ?? 0;
  }
  return floatToInt16LE(joined);
}

/**
 * From the sources' channels at the context's rate to LSB16K chunks: each source is brought to
 * 16 kHz on its own, the microphone lowered while the computer plays when asked (duck.ts), each
 * given its gain, and the sources are added there, at the service's rate (a microphone and the
 * computer's sound). One source with gain 1 is the microphone alone, sample for
 * sample. With `apart`, each chunk's PCM is frames of 1 + sources samples: the mix, then each
 * source as it came (resampled, before its gain and the duck), so a later pass can redo the mix.
 */
export class CapturePipeline {
  private readonly resamplers: Resampler[];
  private readonly packer: ChunkPacker;
  /** Each source's samples, cut as the mix is, for its own level. */
  private readonly sourcePackers: ChunkPacker[];
  /** With `apart`: each source's samples as they came, cut as the mix is. */
  private readonly apartPackers: ChunkPacker[];
  private readonly gains: number[];
  private readonly ducker = new Ducker(TARGET_RATE);
  private duck: DuckPair | undefined;
  private mix = new Float32Array(0);
  private silence = new Float32Array(0);
  private readonly outs: Float32Array[] = [];

  constructor(
    inputRate: number,
    chunkSamples: number = CHUNK_SAMPLES,
    sources = 1,
    /** Whether each chunk carries the sources apart besides the mix. */
    readonly apart = false,
  ) {
    const count = Math.max(1, sources);
    this.resamplers = Array.from({ length: count }, () => new Resampler(inputRate));
    this.packer = new ChunkPacker(chunkSamples);
    this.sourcePackers = Array.from({ length: count }, () => new ChunkPacker(chunkSamples));
    this.apartPackers = apart
      ? Array.from({ length: count }, () => new ChunkPacker(chunkSamples))
      : [];
    this.gains = Array.from({ length: count }, () => 1);
  }

  get sources(): number {
    return this.resamplers.length;
  }

  /** A source's gain, a factor (1: as it comes); taken from the next samples on. */
  setGain(source: number, gain: number): void {
    if (source >= 0 && source < this.gains.length && Number.isFinite(gain) && gain >= 0)
      this.gains[source] = gain;
  }

  /** Lowers `source` while `by` plays (undefined: not any more); from the next samples on. */
  setDuck(duck: DuckPair | undefined): void {
    const valid = (index: number) => Number.isInteger(index) && index >= 0 && index < this.sources;
    if (duck && (!valid(duck.source) || !valid(duck.by) || duck.source === duck.by)) return;
    if (!duck) this.ducker.reset();
    this.duck = duck ? { source: duck.source, by: duck.by } : undefined;
  }

  /** The lowered source's duck gain now, a factor (1 when not ducking). */
  get duckGain(): number {
    return this.duck ? this.ducker.gain : 1;
  }

  /** One source's channels: the chunks they complete (usually none: a quantum is 128 frames). */
  push(channels: readonly Float32Array[]): MixedChunk[] {
    return this.pushSources([channels]);
  }

  /**
   * Each source's channels of one render quantum (a source not connected, no channels, is
   * silence); the chunks they complete.
   */
  pushSources(inputs: readonly (readonly Float32Array[])[]): MixedChunk[] {
    let frames = 0;
    for (const channels of inputs) frames = Math.max(frames, channels[0]?.length ?? 0);
    if (frames === 0) return [];
    if (this.silence.length !== frames) this.silence = new Float32Array(frames);
    const outs = this.outs;
    let length = Infinity;
    for (let source = 0; source < this.resamplers.length; source++) {
      const channels = inputs[source] ?? [];
      const input = channels.length > 0 ? downmix(channels) : this.silence;
      const out = this.resamplers[source]!.process(input);
      outs[source] = out;
      length = Math.min(length, out.length);
    }
    const apart: Float32Array[][] = this.apartPackers.map(() => []);
    this.apartPackers.forEach((packer, source) =>
      packer.push(outs[source]!, (chunk) => apart[source]!.push(chunk.slice())),
    );
    if (this.duck) this.ducker.process(outs[this.duck.source]!, outs[this.duck.by]!);
    if (this.mix.length < length) this.mix = new Float32Array(length);
    const mixed = this.mix.subarray(0, length);
    mixed.fill(0);
    const levels: Level[][] = this.resamplers.map(() => []);
    for (let source = 0; source < this.resamplers.length; source++) {
      const out = outs[source]!;
      const gain = this.gains[source]!;
      if (gain !== 1) for (let i = 0; i < out.length; i++) out[i]! *= gain;
      for (let i = 0; i < length; i++) mixed[i]! += out[i]!;
      this.sourcePackers[source]!.push(out, (chunk) => levels[source]!.push(levelOf(chunk)));
    }
    const chunks: MixedChunk[] = [];
    this.packer.push(mixed, (chunk) => {
      const at = chunks.length;
      chunks.push({
        pcm: this.apart
          ? interleaveInt16LE([chunk, ...apart.map((each) => each[at] ?? new Float32Array(0))])
          : floatToInt16LE(chunk),
        level: levelOf(chunk),
        levels: levels.map((each) => each[at] ?? levelOf(chunk)),
      });
    });
    return chunks;
  }

  /** The samples not yet a whole chunk, as a shorter chunk (the end of a recording), if any. */
  flush(): CapturedChunk | undefined {
    for (const packer of this.sourcePackers) packer.reset();
    const apart = this.apartPackers.map((packer) => packer.takeRest().slice());
    const rest = this.packer.takeRest();
    if (rest.length === 0) return undefined;
    return {
      pcm: this.apart ? interleaveInt16LE([rest, ...apart]) : floatToInt16LE(rest),
      level: levelOf(rest),
    };
  }

  /** Forgets everything not yet sent (a pause): the next sample starts a new stream. */
  reset(): void {
    for (const resampler of this.resamplers) resampler.reset();
    this.packer.reset();
    for (const packer of this.sourcePackers) packer.reset();
    for (const packer of this.apartPackers) packer.reset();
    this.ducker.reset();
  }
}

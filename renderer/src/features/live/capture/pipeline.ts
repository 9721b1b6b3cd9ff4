/**
 * What the capture worklet does to each render quantum, apart from the AudioWorkletProcessor
 * shell (capture-worklet.ts) so it can be tested as plain code: mix the channels down to mono,
 * bring them to 16 kHz, and cut exactly CHUNK_SAMPLES-sample LSB16K chunks, each with its level.
 *
 * Pure and import-light on purpose: it is bundled into the worklet's own file, where nothing but
 * plain JavaScript runs (shared/ipc/live.ts would pull zod in; the chunk size is repeated here
 * and a unit test holds it equal to LIVE_AUDIO.chunkSamples).
 */
import { floatToInt16LE, levelOf, Resampler, type Level } from './resampler';

/** 100 ms at 16 kHz: LIVE_AUDIO.chunkSamples. */
export const CHUNK_SAMPLES = 1_600;

export interface CapturedChunk {
  /** CHUNK_SAMPLES samples of 16-bit little-endian PCM (CHUNK_SAMPLES × 2 bytes). */
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

/**
 * From the sources' channels at the context's rate to LSB16K chunks: each source is brought to
 * 16 kHz on its own, given its gain, and the sources are added there, at the service's rate (a
 * microphone and the computer's sound, issue #33 §1). One source with gain 1 is the microphone
 * alone, sample for sample.
 */
export class CapturePipeline {
  private readonly resamplers: Resampler[];
  private readonly packer: ChunkPacker;
  /** Each source's samples, cut as the mix is, for its own level. */
  private readonly sourcePackers: ChunkPacker[];
  private readonly gains: number[];
  private mix = new Float32Array(0);
  private silence = new Float32Array(0);

  constructor(inputRate: number, chunkSamples: number = CHUNK_SAMPLES, sources = 1) {
    const count = Math.max(1, sources);
    this.resamplers = Array.from({ length: count }, () => new Resampler(inputRate));
    this.packer = new ChunkPacker(chunkSamples);
    this.sourcePackers = Array.from({ length: count }, () => new ChunkPacker(chunkSamples));
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
    let mixed: Float32Array | undefined;
    const levels: Level[][] = this.resamplers.map(() => []);
    for (let source = 0; source < this.resamplers.length; source++) {
      const channels = inputs[source] ?? [];
      const input = channels.length > 0 ? downmix(channels) : this.silence;
      const out = this.resamplers[source]!.process(input);
      const gain = this.gains[source]!;
      if (!mixed) {
        if (this.mix.length < out.length) this.mix = new Float32Array(out.length);
        mixed = this.mix.subarray(0, out.length);
        mixed.fill(0);
      }
      const n = Math.min(out.length, mixed.length);
      if (gain !== 1) for (let i = 0; i < out.length; i++) out[i]! *= gain;
      for (let i = 0; i < n; i++) mixed[i]! += out[i]!;
      this.sourcePackers[source]!.push(out, (chunk) => levels[source]!.push(levelOf(chunk)));
    }
    const chunks: MixedChunk[] = [];
    if (!mixed) return chunks;
    this.packer.push(mixed, (chunk) =>
      chunks.push({
        pcm: floatToInt16LE(chunk),
        level: levelOf(chunk),
        levels: levels.map((each) => each[chunks.length] ?? levelOf(chunk)),
      }),
    );
    return chunks;
  }

  /** The samples not yet a whole chunk, as a shorter chunk (the end of a recording), if any. */
  flush(): CapturedChunk | undefined {
    for (const packer of this.sourcePackers) packer.reset();
    const rest = this.packer.takeRest();
    if (rest.length === 0) return undefined;
    return { pcm: floatToInt16LE(rest), level: levelOf(rest) };
  }

  /** Forgets everything not yet sent (a pause): the next sample starts a new stream. */
  reset(): void {
    for (const resampler of this.resamplers) resampler.reset();
    this.packer.reset();
    for (const packer of this.sourcePackers) packer.reset();
  }
}

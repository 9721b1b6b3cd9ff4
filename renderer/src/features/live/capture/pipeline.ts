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

/** From the device's channels at its rate to LSB16K chunks. */
export class CapturePipeline {
  private readonly resampler: Resampler;
  private readonly packer: ChunkPacker;

  constructor(inputRate: number, chunkSamples: number = CHUNK_SAMPLES) {
    this.resampler = new Resampler(inputRate);
    this.packer = new ChunkPacker(chunkSamples);
  }

  /** The chunks these samples complete (usually none: a quantum is 128 frames, a chunk 100 ms). */
  push(channels: readonly Float32Array[]): CapturedChunk[] {
    const chunks: CapturedChunk[] = [];
    this.packer.push(this.resampler.process(downmix(channels)), (chunk) =>
      chunks.push({ pcm: floatToInt16LE(chunk), level: levelOf(chunk) }),
    );
    return chunks;
  }

  /** The samples not yet a whole chunk, as a shorter chunk (the end of a recording), if any. */
  flush(): CapturedChunk | undefined {
    const rest = this.packer.takeRest();
    if (rest.length === 0) return undefined;
    return { pcm: floatToInt16LE(rest), level: levelOf(rest) };
  }

  /** Forgets everything not yet sent (a pause): the next sample starts a new stream. */
  reset(): void {
    this.resampler.reset();
    this.packer.reset();
  }
}

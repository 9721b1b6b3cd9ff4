/**
 * The audio a live link brings a session: chunks of LSB16K frames, each the mix and, with the
 * sources kept apart, each source's sample by its index in `start`'s list (source-frames.ts).
 * Checked as they arrive (the window is not trusted), and held, up to 30 s, while the realtime
 * session opens.
 */
import { LIVE_AUDIO } from '../../shared/ipc/live';
import { splitFrames } from './source-frames';

/** Audio received after `start` but before the realtime session opened, at most this much (30 s). */
const EARLY_AUDIO_MAX_BYTES = 30 * LIVE_AUDIO.sampleRate * LIVE_AUDIO.bytesPerSample;

export class SessionAudio {
  private early: Uint8Array[] = [];
  private earlyBytes = 0;

  constructor(
    /** How many sources each frame also carries apart, 0: the mix only. */
    readonly apart = 0,
  ) {}

  /** Why a chunk breaks the protocol (too large, or not whole frames), if it does. */
  refused(chunk: Uint8Array): string | undefined {
    // With the sources apart, a frame is the mix's sample and each source's.
    const width = 1 + this.apart;
    if (chunk.byteLength > LIVE_AUDIO.maxChunkBytes * width || chunk.byteLength % (2 * width) !== 0)
      return `an audio chunk of ${chunk.byteLength} bytes`;
    return undefined;
  }

  /** Keeps a chunk that came while the session opens (beyond 30 s, it is dropped). */
  hold(chunk: Uint8Array): void {
    if (this.earlyBytes + chunk.byteLength > EARLY_AUDIO_MAX_BYTES * (1 + this.apart)) return;
    this.early.push(chunk);
    this.earlyBytes += chunk.byteLength;
  }

  /** The chunks held, in order, once; none are held after. */
  takeHeld(): Uint8Array[] {
    const early = this.early;
    this.early = [];
    this.earlyBytes = 0;
    return early;
  }

  /** A chunk as the mix (recognized and recorded) and, when kept apart, the sources. */
  split(chunk: Uint8Array): { mix: Uint8Array; sources?: Uint8Array } {
    return this.apart > 0 ? splitFrames(chunk, this.apart) : { mix: chunk };
  }
}

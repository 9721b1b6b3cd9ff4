/**
 * When the microphone has gone quiet for too long (a muted input, the wrong device, a cable
 * pulled: an ended track reads as zeros): counted in audio, chunk by chunk, so a busy window or
 * a pause never makes silence out of nothing.
 */

/** A chunk whose peak is under this reads as silence (a quiet room is around −50 to −40 dBFS). */
export const SILENCE_PEAK_DB = -60;

export class SilenceWatch {
  private quietMs = 0;
  private saidSilent = false;

  constructor(private readonly limitMs: number) {}

  /**
   * Counts one chunk of `ms` at `peakDb`. True once when the quiet reaches the limit; again only
   * after sound came back and the input went quiet for the limit once more.
   */
  add(peakDb: number, ms: number): boolean {
    if (peakDb >= SILENCE_PEAK_DB) {
      this.reset();
      return false;
    }
    this.quietMs += ms;
    if (this.saidSilent || this.quietMs < this.limitMs) return false;
    this.saidSilent = true;
    return true;
  }

  /** Whether the silence was told and has not ended since. */
  get told(): boolean {
    return this.saidSilent;
  }

  /** Starts counting afresh (sound, or a pause: the quiet before it does not add to after). */
  reset(): void {
    this.quietMs = 0;
    this.saidSilent = false;
  }
}

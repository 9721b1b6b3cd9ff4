/**
 * Ducking the microphone while the computer plays: with both sources and no
 * headphones, the microphone also hears the speakers, so the same words reach the mix twice, the
 * second time late and muffled. No echo canceller of our own: while the computer's sound is above
 * a threshold, the microphone's gain is lowered by a set amount, falling fast (attack) and coming
 * back slowly after a hold (release), so the gaps between the computer's words do not make it
 * chatter. What the person says while the computer plays is lowered too: that is the trade.
 *
 * Runs on the audio thread at 16 kHz, on the resampled sources (pipeline.ts), sample by sample:
 * a few multiplications each. Pure and import-free: bundled into the worklet's own file.
 */

export interface DuckSettings {
  /** The computer's level (peak envelope, dBFS) above which the microphone is lowered. */
  thresholdDb: number;
  /** Below threshold − this the computer counts as quiet again (hysteresis). */
  hysteresisDb: number;
  /** How much the microphone is lowered, dB (negative). */
  depthDb: number;
  /** Time constant of the gain falling, ms. */
  attackMs: number;
  /** How long the computer must stay quiet before the gain comes back, ms. */
  holdMs: number;
  /** Time constant of the gain coming back, ms. */
  releaseMs: number;
  /** Time constant of the computer's peak envelope decaying, ms. */
  envelopeMs: number;
}

/** The set amounts: measured on speech (tests/unit/renderer/live-duck.test.ts). */
export const DUCK: DuckSettings = {
  thresholdDb: -45,
  hysteresisDb: 6,
  depthDb: -15,
  attackMs: 10,
  holdMs: 300,
  releaseMs: 200,
  envelopeMs: 50,
};

/** A gain this close to 1 (0.01 dB) is 1. */
const SNAP = 0.9989;
const amplitudeOf = (db: number) => 10 ** (db / 20);
/** A one-pole filter's coefficient for a time constant of `ms` at `rate`. */
const coefficientOf = (ms: number, rate: number) => 1 - Math.exp(-1000 / (ms * rate));

export class Ducker {
  private readonly open: number;
  private readonly close: number;
  private readonly depth: number;
  private readonly attack: number;
  private readonly release: number;
  private readonly decay: number;
  private readonly holdSamples: number;
  private envelope = 0;
  private held = 0;
  private ducking = false;
  private current = 1;

  constructor(rate: number, settings: DuckSettings = DUCK) {
    this.open = amplitudeOf(settings.thresholdDb);
    this.close = amplitudeOf(settings.thresholdDb - settings.hysteresisDb);
    this.depth = amplitudeOf(settings.depthDb);
    this.attack = coefficientOf(settings.attackMs, rate);
    this.release = coefficientOf(settings.releaseMs, rate);
    this.decay = 1 - coefficientOf(settings.envelopeMs, rate);
    this.holdSamples = Math.round((settings.holdMs * rate) / 1000);
  }

  /** The microphone's duck gain now, a factor (1: not lowered). */
  get gain(): number {
    return this.current;
  }

  /**
   * Lowers `microphone` in place while `computer` plays (the same instants; the shorter length
   * counts). `gains`, when given, receives each sample's duck gain (for tests and the bench).
   */
  process(microphone: Float32Array, computer: Float32Array, gains?: Float32Array): void {
    const n = Math.min(microphone.length, computer.length);
    let envelope = this.envelope;
    let held = this.held;
    let ducking = this.ducking;
    let gain = this.current;
    for (let i = 0; i < n; i++) {
      const a = Math.abs(computer[i]!);
      envelope = a > envelope ? a : envelope * this.decay;
      if (envelope >= this.open || (ducking && envelope >= this.close)) {
        ducking = true;
        held = this.holdSamples;
      } else if (held > 0) held -= 1;
      else ducking = false;
      if (ducking) gain += (this.depth - gain) * this.attack;
      // Back within 0.01 dB: exactly 1 again, the microphone as it comes.
      else gain = gain > SNAP ? 1 : gain + (1 - gain) * this.release;
      microphone[i]! *= gain;
      if (gains) gains[i] = gain;
    }
    this.envelope = envelope;
    this.held = held;
    this.ducking = ducking;
    this.current = gain;
  }

  /** Forgets what it heard (a pause): the microphone starts again at its own level. */
  reset(): void {
    this.envelope = 0;
    this.held = 0;
    this.ducking = false;
    this.current = 1;
  }
}

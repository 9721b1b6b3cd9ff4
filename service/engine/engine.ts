/** The engine interface (docs/architecture.md §6): 16 kHz mono PCM in, timed words with confidence out. */

export interface EngineWord {
  /** The engine's own word, as its dictionary spells it (no alternate-pronunciation marks). */
  readonly word: string;
  readonly startMs: number;
  readonly endMs: number;
  /** Word posterior probability, 0–1. */
  readonly confidence: number;
  /** Silence and sentence markers (`<s>`, `</s>`, `<sil>`). */
  readonly silence: boolean;
  /** Non-speech fillers (`[NOISE]`, `[SPEECH]`, …). */
  readonly filler: boolean;
}

export interface EngineResult {
  readonly words: readonly EngineWord[];
  /** Time spent decoding inside the engine, in ms. */
  readonly decodeMs: number;
}

/**
 * One live utterance on a decoder of its own, decoded as its audio arrives. After `finish` or
 * `abandon` the decoder is back in the pool and the stream is spent. If the decoder dies, every
 * pending and later call but `abandon` rejects with an EngineUnavailableError.
 */
export interface EngineStream {
  /**
   * Feeds 16 kHz mono signed 16-bit PCM (copied: the caller may reuse its buffer). Resolves once
   * the audio fed but not yet decoded is at most `maxLagMs`, so a caller that awaits each feed
   * holds at most that much plus one chunk in flight.
   */
  feed(pcm: Int16Array): Promise<void>;
  /**
   * The words of the best path so far, over all audio fed: engine spellings without
   * pronunciation marks, no fillers, silences or sentence markers. Empty during the prime.
   */
  partial(): Promise<readonly string[]>;
  /** Ends the utterance: its words as `recognize` gives them, times from its first fed sample. */
  finish(): Promise<EngineResult>;
  /** Gives the decoder back with no result (the client vanished). Idempotent, never throws. */
  abandon(): void;
}

export interface StreamOptions {
  /** How far decoding may fall behind the audio fed before `feed` waits; default 500 ms. */
  readonly maxLagMs?: number;
  /**
   * Audio held back at the utterance's start: its mean cepstrum starts the live normalisation
   * (the batch decode uses the whole utterance's), and an utterance no longer than it is decoded
   * exactly as `recognize` would. Longer means closer to `recognize` but a later first partial;
   * default 2000 ms. Open the stream at speech: a prime of silence alone normalises the speech
   * after it badly (2 s of faint noise before a clip lost its words; with 0 they were right).
   */
  readonly primeMs?: number;
}

export interface Engine {
  readonly name: string;
  readonly language: string;
  /** Recognises one utterance of 16 kHz mono signed 16-bit PCM. */
  recognize(pcm: Int16Array): Promise<EngineResult>;
  /** A decoder for one live utterance; waits fairly with `recognize` calls for a free one. */
  openStream(options?: StreamOptions): Promise<EngineStream>;
  close(): Promise<void>;
}

/** Thrown when the engine cannot run at all (packages missing, model unreadable). */
export class EngineUnavailableError extends Error {
  override readonly name = 'EngineUnavailableError';
}

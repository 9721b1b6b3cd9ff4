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

export interface Engine {
  readonly name: string;
  readonly language: string;
  /** Recognises one utterance of 16 kHz mono signed 16-bit PCM. */
  recognize(pcm: Int16Array): Promise<EngineResult>;
  close(): Promise<void>;
}

/** Thrown when the engine cannot run at all (packages missing, model unreadable). */
export class EngineUnavailableError extends Error {
  override readonly name = 'EngineUnavailableError';
}

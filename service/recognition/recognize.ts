/**
 * Recognition of decoded audio: split at silences, decode the pieces (in parallel across the
 * engine's workers, or one after another), and lay the words out as API utterances with times
 * on the original timeline. A recognition nobody waits for any more (its client went away, its
 * job was cancelled) stops taking pieces: those being decoded finish (at most 30 s of audio each,
 * ./segment.ts), and it ends with RecognitionAborted.
 */
import type { ProfileWord, Token, Utterance } from '../../shared/api';
import { applyDictionary, round3 } from '../dictionary/apply';
import type { Engine, EngineWord } from '../engine/engine';
import { englishText, isNonSpeech, writeEnglish } from './english-text';
import { type Span, splitAtSilences } from './segment';

export interface RecognizeOptions {
  readonly keepFillerToken: boolean;
  /** Dictionary words in effect (request words take precedence over the profile's). */
  readonly words: readonly ProfileWord[];
  /** v1 async decodes serially; sync and v2 spread the pieces over the workers. */
  readonly parallel: boolean;
  readonly sampleRate?: number;
  /** Ends the recognition early: no further piece is decoded. */
  readonly signal?: AbortSignal;
  /** Pieces decoded at once when parallel (default: all of them, queued at the engine). */
  readonly lanes?: number;
}

/** A recognition abandoned through its signal. */
export class RecognitionAborted extends Error {
  override readonly name = 'RecognitionAborted';
  constructor() {
    super('the recognition was abandoned');
  }
}

export interface Recognition {
  readonly utterances: Utterance[];
  /** Engine decode time summed over pieces. */
  readonly decodeMs: number;
}

const MARKERS = new Set(['<s>', '</s>']);

function keepWord(word: EngineWord, keepFillers: boolean): boolean {
  if (MARKERS.has(word.word)) return false;
  if (word.silence || word.filler) return keepFillers;
  return true;
}

export function utteranceOf(
  words: readonly EngineWord[],
  offsetMs: number,
  options: RecognizeOptions,
): Utterance | undefined {
  const raw: Token[] = words
    .filter((w) => keepWord(w, options.keepFillerToken))
    .map((w) => ({
      written: w.word,
      confidence: round3(w.confidence),
      starttime: w.startMs + offsetMs,
      endtime: w.endMs + offsetMs,
      spoken: w.word,
    }));
  const found = applyDictionary(raw, options.words);
  if (found.length === 0) return undefined;
  const speech = found.filter((t) => !isNonSpeech(t.written));
  const scored = speech.length > 0 ? speech : found;
  const tokens = writeEnglish(found, { final: true });
  return {
    tokens,
    confidence: round3(scored.reduce((sum, t) => sum + (t.confidence ?? 0), 0) / scored.length),
    starttime: tokens[0]!.starttime!,
    endtime: tokens.at(-1)!.endtime!,
    tags: [],
    rulename: '',
    text: englishText(tokens),
  };
}

/**
 * Decodes spans whose PCM `read` supplies, `concurrency` at a time (1 = serially), keeping at
 * most that many pieces in memory; utterances come back in timeline order, one per span (or
 * undefined where nothing was recognised).
 */
export async function recognizeSpans(
  engine: Engine,
  spans: readonly Span[],
  read: (span: Span) => Promise<Int16Array> | Int16Array,
  options: RecognizeOptions & { concurrency: number },
): Promise<{ perSpan: Array<Utterance | undefined>; decodeMs: number }> {
  const rate = options.sampleRate ?? 16_000;
  const perSpan = new Array<Utterance | undefined>(spans.length);
  let decodeMs = 0;
  let next = 0;
  const lane = async () => {
    while (next < spans.length && !options.signal?.aborted) {
      const index = next++;
      const span = spans[index]!;
      const result = await engine.recognize(await read(span));
      decodeMs += result.decodeMs;
      perSpan[index] = utteranceOf(result.words, Math.round((span.start * 1000) / rate), options);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(options.concurrency, spans.length)) }, lane),
  );
  if (options.signal?.aborted) throw new RecognitionAborted();
  return { perSpan, decodeMs };
}

/** Recognises audio held in memory (sync requests). */
export async function recognize(
  engine: Engine,
  pcm: Int16Array,
  options: RecognizeOptions,
): Promise<Recognition> {
  const spans: Span[] = splitAtSilences(pcm, { sampleRate: options.sampleRate ?? 16_000 });
  const { perSpan, decodeMs } = await recognizeSpans(
    engine,
    spans,
    (span) => pcm.subarray(span.start, span.end),
    {
      ...options,
      concurrency: options.parallel ? (options.lanes ?? spans.length) : 1,
    },
  );
  return { utterances: perSpan.filter((u): u is Utterance => u !== undefined), decodeMs };
}

/** Text of a whole recognition: the utterances' texts joined. */
export const textOf = (utterances: readonly Utterance[]) => utterances.map((u) => u.text).join(' ');

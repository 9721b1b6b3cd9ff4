/** A transcript's words in time order, and which one is playing at a moment. */
import type { EditedToken, EditedTranscript } from '../../../../shared/domain/edits';
import { blocksOf } from '../../../../shared/format/speakers';

export interface Word extends EditedToken {
  readonly index: number;
  readonly utterance: number;
  /** Its place among its utterance's tokens (punctuation counted), as edits name it. */
  readonly position: number;
  /** The block (blocksOf: one speaker's part of an utterance) the word is in. */
  readonly block: number;
  /** The block's speaker label, with speaker labels. */
  readonly speaker?: string;
}

/** Below this the word is shown as uncertain. */
export const LOW_CONFIDENCE = 0.5;

export function wordsOf(transcript: EditedTranscript): Word[] {
  const words: Word[] = [];
  let seen = { utterance: -1, tokens: 0 };
  blocksOf(transcript).forEach(({ tokens, utterance, label }, block) => {
    if (seen.utterance !== utterance) seen = { utterance, tokens: 0 };
    for (const token of tokens) {
      const position = seen.tokens++;
      if (token.spoken === '_') continue;
      const speaker = label === undefined ? {} : { speaker: label };
      words.push({ ...token, index: words.length, utterance, position, block, ...speaker });
    }
  });
  return words;
}

/** The last word that started at or before `ms`, while it is still sounding; else -1. */
export function wordAt(words: readonly Word[], ms: number): number {
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if ((words[mid]!.starttime ?? Infinity) <= ms) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (found < 0) return -1;
  const word = words[found]!;
  return word.endtime === undefined || ms <= word.endtime + 150 ? found : -1;
}

/** Case-insensitive occurrences of `query` in `text`, as [start, end) pairs. */
export function matchesIn(text: string, query: string): Array<[number, number]> {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [];
  const hay = text.toLocaleLowerCase();
  const found: Array<[number, number]> = [];
  for (let at = hay.indexOf(q); at >= 0; at = hay.indexOf(q, at + q.length))
    found.push([at, at + q.length]);
  return found;
}

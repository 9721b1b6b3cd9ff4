/**
 * What the search index keeps of a transcript: the transcript's text as the viewer joins it, one
 * line per utterance, with where each word starts (and when it begins), so a match lands on a
 * word.
 *
 * Words are counted as the viewer counts them (renderer/src/features/viewer/words.ts): every token
 * but punctuation, in order.
 *
 * The text is stored on its own, deflated, and where its words start and when they begin beside
 * it (packWords), read only for a hit: a search unpacks every job it checks, and a text with
 * its word starts marked inside it (as the index kept it before) had to be unmarked byte by byte,
 * which cost as much as inflating it (tests/bench/search.ts).
 *
 * The tokens of the index are made in tokens.ts, what a hit shows of a text in matches.ts.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Transcript } from '../../shared/domain/job';
import { isPunctuation, joinerOf } from '../../shared/format/speakers';

export interface Body {
  /** The utterances' text, one line each (line breaks inside a word become spaces). */
  readonly text: string;
  /** Where each word starts in `text` (UTF-16 offsets), in order. */
  readonly starts: readonly number[];
}

/** A transcript's body with the time each word begins. */
export interface TimedBody extends Body {
  /**
   * When each word (of `starts`) begins in the recording, in milliseconds: the service's time,
   * or the word before's where it gave none.
   */
  readonly times: readonly number[];
}

/** A token's text with its line breaks made spaces (a line is an utterance). */
const spaced = (written: string) => written.replace(/[\r\n]/g, ' ');

/** A transcript as one text, an utterance a line, and where its words start. */
export function bodyOf(transcript: Transcript): TimedBody {
  const starts: number[] = [];
  const times: number[] = [];
  let text = '';
  transcript.utterances.forEach((utterance, index) => {
    if (index > 0) text += '\n';
    const joiner = joinerOf(utterance);
    let line = '';
    for (const token of utterance.tokens) {
      const punctuation = isPunctuation(token);
      if (line !== '' && !punctuation) line += joiner;
      if (!punctuation) {
        starts.push(text.length + line.length);
        times.push(token.starttime ?? times.at(-1) ?? 0);
      }
      line += spaced(token.written);
    }
    text += line;
  });
  return { text, starts, times };
}

/**
 * Where each word starts and when it begins, as the index stores them beside the text: for each
 * word, the step from the start before (UTF-16 units) and the step from the time before
 * (hundredths of a second, zigzag, so a time earlier than the one before costs no more), each a
 * LEB128 varint: two bytes a word, mostly. A hit reads only as far as the last word it needs,
 * and only a hit reads them.
 */
export function packWords(starts: readonly number[], times: readonly number[]): Buffer {
  const bytes: number[] = [];
  const push = (value: number) => {
    let rest = value;
    while (rest >= 0x80) {
      bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    bytes.push(rest);
  };
  let start = 0;
  let time = 0;
  starts.forEach((at, word) => {
    push(at - start);
    start = at;
    const now = Math.round((times[word] ?? 0) / 10);
    const step = now - time;
    time = now;
    push(step >= 0 ? step * 2 : -step * 2 - 1);
  });
  return Buffer.from(bytes);
}

/**
 * The word each offset of the text falls in (the last word starting at or before it; the
 * first word for an offset before every start) and when that word begins (seconds; undefined
 * when the text has no words), from packed words (packWords), read up to the last offset asked
 * for.
 */
export function wordsAt(
  packed: Uint8Array,
  offsets: readonly number[],
): { words: number[]; times: Array<number | undefined> } {
  const order = offsets.map((offset, i) => ({ offset, i })).sort((a, b) => a.offset - b.offset);
  const words = new Array<number>(offsets.length).fill(0);
  const times = new Array<number | undefined>(offsets.length).fill(undefined);
  let next = 0;
  let at = 0;
  const read = () => {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = packed[at++]!;
      value += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte & 0x80 && at < packed.length);
    return value;
  };
  let start = 0;
  let time = 0;
  let before: number | undefined;
  let word = 0;
  for (; at < packed.length && next < order.length; word++) {
    start += read();
    const step = read();
    time += step % 2 === 0 ? step / 2 : -(step + 1) / 2;
    // The offsets before this word's start are in the word before it (the first: in it).
    for (; next < order.length && order[next]!.offset < start; next++) {
      words[order[next]!.i] = Math.max(0, word - 1);
      times[order[next]!.i] = (word === 0 ? time : before!) / 100;
    }
    before = time;
  }
  for (; next < order.length; next++) {
    words[order[next]!.i] = Math.max(0, word - 1);
    times[order[next]!.i] = before === undefined ? undefined : before / 100;
  }
  return { words, times };
}

/**
 * A text as the index stores it: UTF-8, deflated (level 6: level 9 or a dictionary of common
 * words saved at most 2 %, brotli's best 6 % but took 40 times as long to write).
 */
export function packBody(text: string): Buffer {
  return deflateRawSync(Buffer.from(text, 'utf8'));
}

/** A stored text (packBody). */
export function unpackBody(packed: Uint8Array): string {
  return inflateRawSync(packed).toString('utf8');
}

export {
  piecesOf,
  piecesQuery,
  termsOf,
  TOKENIZER,
  tokenable,
  tokenQuery,
  tokensOf,
  WORD_CHARS,
} from './tokens';
export {
  containsAll,
  type LineHolding,
  linesHolding,
  rangesIn,
  type Snippet,
  snippetOf,
} from './matches';

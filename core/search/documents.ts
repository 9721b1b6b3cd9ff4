/**
 * What the search index keeps of a transcript: the transcript's text as the viewer joins it, one
 * line per utterance, with where each word starts (and when it begins), so a match lands on a
 * word.
 *
 * Words are counted as the viewer counts them (renderer/src/features/viewer/words.ts): every token
 * but punctuation, in order.
 *
 * Where words start is kept inside the stored text, as two control characters (markWords): the
 * space before a word becomes SPACE_WORD, and a word with no space before it (the first of a
 * line, Japanese words joined without spaces) gets WORD in front. English costs nothing that way,
 * and the marks compress with the words around them: the deflated body is about 0.50× the text,
 * where the text with varint word starts beside it was 0.60× (tests/bench/search.ts).
 *
 * The tokens of the index are made in tokens.ts, what a hit shows of a text in matches.ts.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Transcript } from '../../shared/domain/job';
import { isPunctuation, joinerOf } from '../../shared/format/speakers';

export interface Body {
  /**
   * The utterances' text, one line each (line breaks and the two word marks inside a word become
   * spaces).
   */
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

/** In a stored text: a space, and a word starting after it. */
const SPACE_WORD = '\u0001';
/** In a stored text: a word starting here, with no space before it. */
const WORD = '\u0002';

/** A token's text with its line breaks and the two marks made spaces. */
const spaced = (written: string) =>
  written
    .replace(/[\r\n]/g, ' ')
    .replaceAll(SPACE_WORD, ' ')
    .replaceAll(WORD, ' ');

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
 * Word times as the index stores them: each word's start in hundredths of a second, as the
 * difference from the word before (zigzag, so a time earlier than the one before costs no more),
 * in LEB128 varints: a word a byte, mostly. A hit reads only as far as the word it needs, so a
 * search never reads a transcript for the times of its passages.
 */
export function packTimes(times: readonly number[]): Buffer {
  const bytes: number[] = [];
  let before = 0;
  for (const ms of times) {
    const now = Math.round(ms / 10);
    const step = now - before;
    before = now;
    let rest = step >= 0 ? step * 2 : -step * 2 - 1;
    while (rest >= 0x80) {
      bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    bytes.push(rest);
  }
  return Buffer.from(bytes);
}

/** The start (seconds) of each of the words asked for, from packed times (packTimes). */
export function timesAt(packed: Uint8Array, words: readonly number[]): Array<number | undefined> {
  const last = Math.max(-1, ...words);
  const found = new Map<number, number>();
  let at = 0;
  let now = 0;
  for (let word = 0; word <= last && at < packed.length; word++) {
    let rest = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = packed[at++]!;
      rest += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte & 0x80 && at < packed.length);
    now += rest % 2 === 0 ? rest / 2 : -(rest + 1) / 2;
    found.set(word, now / 100);
  }
  return words.map((word) => found.get(word));
}

/**
 * A body as one string, its word starts marked in it: the space before a start becomes
 * SPACE_WORD, else WORD goes in front of it (a second word at the same place gets WORD too).
 */
export function markWords({ text, starts }: Body): string {
  let marked = '';
  let at = 0;
  for (const start of starts) {
    if (start > at && text[start - 1] === ' ') {
      marked += text.slice(at, start - 1) + SPACE_WORD;
    } else {
      marked += text.slice(at, start) + WORD;
    }
    at = start;
  }
  return marked + text.slice(at);
}

/** A marked body's text, and where its words start. */
export function unmarkWords(marked: string): Body {
  const bytes = plainBytes(Buffer.from(marked, 'utf8'));
  return { text: unmarkedText(bytes), starts: startsOf(bytes) };
}

/*
 * A stored body is read as UTF-8 bytes, where each mark is one byte that is never part of a
 * character's bytes: stripping them there (through a plain Uint8Array: a Buffer's bytes are
 * slower to index) costs a third of decoding them, replacing them in the string twice as much;
 * word starts are counted in UTF-16 units as they go.
 */
const SPACE_WORD_BYTE = 1;
const WORD_BYTE = 2;
const SPACE_BYTE = 0x20;

/** A marked body's text without its marks. */
function unmarkedText(marked: Uint8Array): string {
  const bytes = new Uint8Array(marked.length);
  let length = 0;
  for (let at = 0; at < marked.length; at++) {
    const byte = marked[at]!;
    if (byte === SPACE_WORD_BYTE) bytes[length++] = SPACE_BYTE;
    else if (byte !== WORD_BYTE) bytes[length++] = byte;
  }
  return Buffer.from(bytes.buffer, 0, length).toString('utf8');
}

const plainBytes = (buffer: Buffer) =>
  new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/** Where the words of a marked body start in its text (UTF-16 offsets). */
function startsOf(marked: Uint8Array): number[] {
  const starts: number[] = [];
  let units = 0;
  for (let at = 0; at < marked.length; at++) {
    const byte = marked[at]!;
    if (byte === SPACE_WORD_BYTE) starts.push(++units);
    else if (byte === WORD_BYTE) starts.push(units);
    // A character's first byte: four-byte characters are two UTF-16 units.
    else if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
  }
  return starts;
}

/**
 * The index of the word each offset of a marked body's text falls in, as `wordAtOffset` finds
 * it in its starts: counted up to the last offset, with no list of every start (a hit needs
 * three, near the top of a text of thousands).
 */
function wordsAt(marked: Uint8Array, offsets: readonly number[]): number[] {
  const order = offsets.map((offset, i) => ({ offset, i })).sort((a, b) => a.offset - b.offset);
  const words = new Array<number>(offsets.length).fill(0);
  let next = 0;
  let seen = 0;
  let units = 0;
  for (let at = 0; at < marked.length && next < order.length; at++) {
    const byte = marked[at]!;
    if (byte === SPACE_WORD_BYTE || byte === WORD_BYTE) {
      if (byte === SPACE_WORD_BYTE) units += 1;
      // The offsets before this start are in the word before it.
      for (; next < order.length && order[next]!.offset < units; next++)
        words[order[next]!.i] = Math.max(0, seen - 1);
      seen += 1;
    } else if ((byte & 0xc0) !== 0x80) {
      units += byte >= 0xf0 ? 2 : 1;
    }
  }
  for (; next < order.length; next++) words[order[next]!.i] = Math.max(0, seen - 1);
  return words;
}

/** The index of the word (of `starts`) a character offset falls in. */
export function wordAtOffset(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (starts[mid]! <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * A body as the index stores it: its text with its word starts marked (markWords), UTF-8,
 * deflated (level 6: level 9 or a dictionary of common words saved at most 2 %, brotli's best
 * 6 % but took 40 times as long to write).
 */
export function packBody(body: Body): Buffer {
  return deflateRawSync(Buffer.from(markWords(body), 'utf8'));
}

/**
 * A stored body: its text, and its word starts found when asked for (only a hit needs them), all
 * of them or the word each of a few offsets falls in (wordsAt).
 */
export function unpackBody(packed: Uint8Array): {
  text: string;
  starts: () => readonly number[];
  wordsAt: (offsets: readonly number[]) => number[];
} {
  const marked = plainBytes(inflateRawSync(packed));
  return {
    text: unmarkedText(marked),
    starts: () => startsOf(marked),
    wordsAt: (offsets) => wordsAt(marked, offsets),
  };
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

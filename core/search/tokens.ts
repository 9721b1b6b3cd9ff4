/**
 * The tokens of the full-text tables and the terms of a query. A run of text between spaces up
 * to WORD_CHARS long is a word, indexed whole; a longer one (Japanese written without spaces) is
 * indexed as its pieces: its trigrams, and its one- and two-character pieces of non-ASCII
 * letters. Every token is made here, so SQLite's tokenizer only splits at spaces.
 */

/**
 * The full-text tables' tokenizer. Their tokens are made here (tokensOf, piecesOf), a space
 * between two, so it only has to split at spaces: every character but a space is a token
 * character, folded to lower case as the trigram tokenizer folds it, diacritics kept.
 */
export const TOKENIZER = "unicode61 remove_diacritics 0 categories 'L* M* N* P* S* C*'";

/**
 * The characters SQLite's tokenizer splits at or drops though they are not spaces (U+180E, once
 * a space, and NUL and two non-characters; tests/unit/core/search/documents.test.ts looks at every
 * character): in a token they are made U+FFFD, in the text and in a query's terms alike.
 */
const UNTOKENIZABLE = /[\0\u180e\ufffe\uffff]/gu;
export const tokenable = (text: string) => text.replace(UNTOKENIZABLE, '\ufffd');

/** Runs of text between spaces up to this many characters are indexed whole, as words. */
export const WORD_CHARS = 16;

/** Letters and digits outside ASCII: the scripts written without spaces (kana, kanji, hangul…). */
const SHORT_GRAM = /^[\p{L}\p{N}]+$/u;
const isGramChar = (char: string) => char > '\u007f' && SHORT_GRAM.test(char);

/**
 * The pieces a term inside a run (or a word) is found by: its trigrams, and the one- and
 * two-character pieces of its non-ASCII letters and digits (for the Japanese words of one or two
 * characters that trigrams cannot hold: 会議).
 */
export function piecesOf(run: string): string[] {
  const pieces = new Set<string>();
  const chars = [...run];
  chars.forEach((char, i) => {
    if (i + 3 <= chars.length) pieces.add(char + chars[i + 1]! + chars[i + 2]!);
    if (!isGramChar(char)) return;
    pieces.add(char);
    const next = chars[i + 1];
    if (next !== undefined && isGramChar(next)) pieces.add(char + next);
  });
  return [...pieces];
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * A term (lower case, tokenable) as an FTS5 query of pieces: the AND of its trigrams, or its
 * one- or two-character piece; undefined for a shorter term of other characters (ASCII), which
 * no piece holds.
 */
export function piecesQuery(term: string): string | undefined {
  const chars = [...term];
  if (chars.length >= 3) {
    const trigrams = new Set<string>();
    for (let i = 0; i + 3 <= chars.length; i++) trigrams.add(chars.slice(i, i + 3).join(''));
    return [...trigrams].map(quoted).join(' AND ');
  }
  return chars.every(isGramChar) ? quoted(term) : undefined;
}

/** A word (or any token) as an FTS5 query. */
export const tokenQuery = quoted;

/**
 * What the index holds of a job's texts (its transcript, title and file name): their runs
 * between spaces, lower case, each short one whole (a word) and the pieces of each long one,
 * distinct, a space between two; and the words alone, for the vocabulary. A term holds no space,
 * so it is always inside one run: inside a word (found through the vocabulary) or a long run
 * (found by its pieces).
 */
export function tokensOf(texts: readonly string[]): { tokens: string; words: string[] } {
  const words = new Set<string>();
  const pieces = new Set<string>();
  for (const text of texts) {
    for (const run of tokenable(text.toLowerCase()).split(/\s+/u)) {
      if (run === '') continue;
      if ([...run].length <= WORD_CHARS) words.add(run);
      else for (const piece of piecesOf(run)) pieces.add(piece);
    }
  }
  return { tokens: [...words, ...pieces].join(' '), words: [...words] };
}

/** The terms of a query: pieces between spaces (ASCII or ideographic), each at most once. */
export function termsOf(query: string): string[] {
  const terms = query
    .toLowerCase()
    .split(/\s+/u)
    .filter((term) => term !== '');
  return [...new Set(terms)];
}

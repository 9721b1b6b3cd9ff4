/** What the index keeps of a transcript and what a hit shows, as pure functions. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  linesHolding,
  packBody,
  packWords,
  piecesOf,
  piecesQuery,
  snippetOf,
  rangesIn,
  tokensOf,
  unpackBody,
  wordsAt,
} from '../../../../core/search/documents';

/** The word an offset falls in, found by a binary search over every start: what wordsAt must give. */
function wordAtOffset(starts: readonly number[], offset: number): number {
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

const utterance = (tokens: Array<{ written: string; spoken?: string }>, text: string) => ({
  text,
  tags: [],
  rulename: '',
  tokens,
});

describe('a transcript as a body', () => {
  const body = bodyOf({
    text: '',
    utterances: [
      utterance(
        [{ written: 'Hello' }, { written: ',', spoken: '_' }, { written: 'you' }],
        'Hello, you',
      ),
      utterance(
        [{ written: '会議' }, { written: 'です' }, { written: '。', spoken: '_' }],
        '会議です。',
      ),
    ],
  });

  it('is the text as the viewer joins it, a line an utterance, words counted without punctuation', () => {
    expect(body.text).toBe('Hello, you\n会議です。');
    expect(body.starts).toEqual([0, 7, 11, 13]);
    expect(unpackBody(packBody(body.text))).toBe(body.text);
    expect(wordAtOffset(body.starts, body.text.indexOf('です'))).toBe(3);
    expect(wordAtOffset(body.starts, body.text.indexOf('llo'))).toBe(0);
  });

  it('takes line breaks inside a word as spaces', () => {
    const odd = bodyOf({
      text: '',
      utterances: [utterance([{ written: 'a\u0001b' }, { written: 'c\u0002d\ne' }], 'a b c d e')],
    });
    // Words the service gave no time begin at 0.
    expect(odd).toEqual({ text: 'a\u0001b c\u0002d e', starts: [0, 4], times: [0, 0] });
    expect(unpackBody(packBody(odd.text))).toBe(odd.text);
  });

  it('gives back any text, and the word any offset falls in, even with two words at one place', () => {
    const char = fc.constantFrom('a', 'é', ' ', ' ', '会', '\n', '😀', '。');
    const bodies = fc
      .tuple(fc.array(char, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 20 }))
      .map(([chars, picks]) => {
        const text = chars.join('');
        // Words start between characters (never inside a surrogate pair).
        const places = chars.map((_, i) => chars.slice(0, i).join('').length).concat(text.length);
        const starts = picks.map((pick) => places[pick % places.length]!).sort((a, b) => a - b);
        return { text, starts, times: starts.map((_, i) => 1_000 + i * 300) };
      });
    fc.assert(
      fc.property(bodies, fc.array(fc.nat({ max: 50 }), { maxLength: 5 }), (body, asked) => {
        expect(unpackBody(packBody(body.text))).toBe(body.text);
        // The word a few offsets fall in, and when it begins, read without the list of starts.
        const offsets = [body.text.length, 0, 3, Math.floor(body.text.length / 2), 3, ...asked];
        const words = offsets.map((offset) => wordAtOffset(body.starts, offset));
        expect(wordsAt(packWords(body.starts, body.times), offsets)).toEqual({
          words,
          times: words.map((word) => (body.starts.length ? body.times[word]! / 1000 : undefined)),
        });
      }),
    );
    const twice = packWords([2, 2, 3, 4], [0, 100, 200, 300]);
    expect(wordsAt(twice, [2, 1, 5])).toEqual({ words: [1, 0, 3], times: [0.1, 0, 0.3] });
  });

  it('packs word starts and times two bytes a word mostly, and reads back those asked for', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 48 * 3_600_000 }), { maxLength: 300 }),
        fc.array(fc.nat({ max: 320 }), { maxLength: 5 }),
        (times, asked) => {
          // A word every 6 characters: the word asked for starts at 6 × its place.
          const starts = times.map((_, i) => i * 6);
          const { words, times: found } = wordsAt(
            packWords(starts, times),
            asked.map((word) => word * 6),
          );
          const last = times.length - 1;
          expect(words).toEqual(asked.map((word) => Math.max(0, Math.min(word, last))));
          // Hundredths of a second: a time comes back within 5 ms, in seconds.
          expect(found).toEqual(
            words.map((word) => (times.length ? Math.round(times[word]! / 10) / 100 : undefined)),
          );
        },
      ),
    );
    // Words 300 ms and 6 characters apart (as speech is): two bytes each, the first (5 s in) three.
    const speech = Array.from({ length: 1_000 }, (_, i) => 5_000 + i * 300);
    const starts = speech.map((_, i) => i * 6);
    expect(packWords(starts, speech).length).toBe(2 * 1_000 + 1);
    // Times out of order cost no more than in order.
    expect(packWords([0, 6, 12], [5_000, 4_700, 5_000]).length).toBe(
      packWords([0, 6, 12], [5_000, 5_300, 5_600]).length,
    );
  });

  it("gives a run's trigrams, and one- and two-character pieces of non-ASCII letters only", () => {
    expect(piecesOf('会議です。').sort()).toEqual(
      ['会議で', '議です', 'です。', '会', '会議', '議', '議で', 'で', 'です', 'す'].sort(),
    );
    expect(piecesOf('ab1')).toEqual(['ab1']);
    expect(piecesQuery('budget')).toBe('"bud" AND "udg" AND "dge" AND "get"');
    expect(piecesQuery('会議')).toBe('"会議"');
    expect(piecesQuery('"a')).toBeUndefined();
    expect(piecesQuery('a"b')).toBe('"a""b"');
  });
});

describe("a job's tokens", () => {
  it('are its short runs whole, in lower case, and the pieces of its long runs, each once', () => {
    const long = '今日の会議は来年度の予算についての確認です';
    const { tokens, words } = tokensOf([`The budget, the\nBudget ${long}`, '', 'Standup.wav']);
    expect(words).toEqual(['the', 'budget,', 'budget', 'standup.wav']);
    const all = tokens.split(' ');
    expect(all.slice(0, 4)).toEqual(words);
    expect(all.slice(4).sort()).toEqual(piecesOf(long).sort());
    expect(new Set(all).size).toBe(all.length);
  });

  it('never split by the tokenizer: characters it would split at are made U+FFFD', () => {
    expect(tokensOf(['a\u180eb\u0000c']).words).toEqual(['a\ufffdb\ufffdc']);
  });
});

describe('the lines holding the terms', () => {
  /** As a hit found them before: every range, and each line of one lower-cased on its own. */
  function byRanges(text: string, terms: string[]) {
    const ranges = rangesIn(text, terms);
    const lines: Array<{ from: number; to: number; at: number; count: number }> = [];
    for (const [start] of ranges) {
      const last = lines.at(-1);
      if (last && start < last.to) continue;
      const from = text.lastIndexOf('\n', start - 1) + 1;
      const end = text.indexOf('\n', start);
      const to = end < 0 ? text.length : end;
      const lower = text.slice(from, to).toLowerCase();
      lines.push({ from, to, at: start, count: terms.filter((t) => lower.includes(t)).length });
    }
    return { matches: ranges.length, lines };
  }

  it('are each line holding some, with how many of them, and every match counted', () => {
    const text = 'The budget\nno match here\nbudget the BUDGET\nthe';
    expect(linesHolding(text, text.toLowerCase(), ['the', 'budget'])).toEqual({
      matches: 6,
      lines: [
        { from: 0, to: 10, at: 0, count: 2 },
        { from: 25, to: 42, at: 25, count: 2 },
        { from: 43, to: 46, at: 43, count: 1 },
      ],
    });
  });

  it('are what every range and each line lower-cased on its own give, for any text and terms', () => {
    const char = fc.constantFrom('a', 'b', 'A', ' ', '\n', '会', 'é', 'É');
    const term = fc
      .array(fc.constantFrom('a', 'b', 'ab', 'ba', '会', 'é', 'aa'), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 60 }),
        fc.uniqueArray(term, { minLength: 1, maxLength: 4 }),
        (chars, terms) => {
          const text = chars.join('');
          const all = byRanges(text, terms);
          expect(linesHolding(text, text.toLowerCase(), terms)).toEqual(all);
          // Up to the second line holding every term: what a hit's two best lines need.
          const whole = all.lines.flatMap((l, i) => (l.count === terms.length ? [i] : []));
          const enough = whole.length >= 2 ? all.lines.slice(0, whole[1]! + 1) : all.lines;
          expect(linesHolding(text, text.toLowerCase(), terms, 2)).toEqual({
            matches: all.matches,
            lines: enough,
          });
        },
      ),
    );
  });
});

describe('a snippet', () => {
  it('cuts a long line at spaces around its first match, and marks every match inside', () => {
    const line = `${'lead '.repeat(20)}the budget is the budget ${'tail '.repeat(40)}`;
    const snippet = snippetOf(line, rangesIn(line, ['budget']));
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.marks).toHaveLength(2);
    for (const [from, to] of snippet.marks) expect(snippet.text.slice(from, to)).toBe('budget');
  });

  it('merges overlapping matches into one mark', () => {
    expect(snippetOf('abcdef', rangesIn('abcdef', ['bcd', 'cde'])).marks).toEqual([[1, 5]]);
  });
});

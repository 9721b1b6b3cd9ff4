/** What the index keeps of a transcript and what a hit shows, as pure functions. */
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  packBody,
  shortGramsOf,
  snippetOf,
  rangesIn,
  unpackBody,
  wordAtOffset,
} from '../../../../core/search/documents';

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
    const { text, starts } = unpackBody(packBody(body));
    expect(text).toBe(body.text);
    expect(starts()).toEqual([0, 7, 11, 13]);
    expect(wordAtOffset(starts(), text.indexOf('です'))).toBe(3);
    expect(wordAtOffset(starts(), text.indexOf('llo'))).toBe(0);
  });

  it('gives the short pieces of non-ASCII letters only', () => {
    expect(shortGramsOf('Ab 会議です。')).toBe('会 会議 議 議で で です す');
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

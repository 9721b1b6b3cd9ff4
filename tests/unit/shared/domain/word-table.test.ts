import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseValidity } from '../../../../shared/api';
import type { ProfileWord } from '../../../../shared/api/profile-words';
import { VALIDITY_PRESETS } from '../../../../shared/domain/validity-presets';
import {
  detectWordTableFormat,
  formatWordTable,
  parseWordTable,
} from '../../../../shared/domain/word-table';
import { wordRejectionText } from '../../../../shared/domain/error-text';

const badCharacters = { field: 'written', problem: 'bad-characters' };
const tooLong = { field: 'written', problem: 'too-long', max: 256 };

describe('word tables (dictionary import and export)', () => {
  it('reads TSV with and without a header, keeping optional columns optional', () => {
    const text =
      'written\tspoken\tclass\nKikitori\tkiki tori\tPRODUCT\nSQLite\tsequel light\n\nGNOME\n';
    expect(parseWordTable(text)).toEqual({
      format: 'tsv',
      words: [
        { written: 'Kikitori', spoken: 'kiki tori', classname: 'PRODUCT' },
        { written: 'SQLite', spoken: 'sequel light' },
        { written: 'GNOME' },
      ],
      rejected: [],
    });
  });

  it('reads CSV with RFC 4180 quoting, CRLF line ends and a byte-order mark', () => {
    const text =
      '\uFEFFwritten,spoken,class\r\n"Smith, Jones",smith jones,\r\n"say ""hi""",say hi,GREETING\r\n';
    expect(parseWordTable(text)).toEqual({
      format: 'csv',
      words: [
        { written: 'Smith, Jones', spoken: 'smith jones' },
        { written: 'say "hi"', spoken: 'say hi', classname: 'GREETING' },
      ],
      rejected: [],
    });
  });

  it('keeps every good line and reports each bad one with its line number and a reason', () => {
    const text = [
      'alpha,al fa',
      ',no written form',
      'beta,be ta,CLASS,extra',
      'alpha,again',
      'gam"ma,gamma',
      'pipe|word,pipe word',
      `${'x'.repeat(257)},long`,
      'delta,del ta',
      '"never closed,oops',
    ].join('\n');
    const result = parseWordTable(text);
    expect(result.words).toEqual([
      { written: 'alpha', spoken: 'al fa' },
      { written: 'delta', spoken: 'del ta' },
    ]);
    expect(result.rejected.map((r) => [r.line, r.reason])).toEqual([
      [2, { code: 'empty-written', params: {} }],
      [3, { code: 'too-many-columns', params: { columns: 4, separator: 'comma' } }],
      [4, { code: 'duplicate', params: { written: 'alpha', line: 1 } }],
      [5, { code: 'quote-inside-field', params: {} }],
      [6, { code: 'invalid-field', params: expect.objectContaining(badCharacters) }],
      [7, { code: 'invalid-field', params: expect.objectContaining(tooLong) }],
      [9, { code: 'unclosed-quote', params: {} }],
    ]);
    expect(result.rejected[1]!.text).toBe('beta,be ta,CLASS,extra');
    const [columns, , , , long] = result.rejected.slice(1).map((r) => r.reason);
    expect(wordRejectionText(columns!, 'en')).toBe(
      'The line has 4 columns, separated by commas (quote a field that holds a comma): a line is written, spoken and an optional class.',
    );
    expect(wordRejectionText(long!, 'ja')).toBe('表記が 256 文字を超えています。');
  });

  it('names the column a word check refused', () => {
    const spoken = parseWordTable(`w,${'y'.repeat(257)}\n`).rejected[0]!.reason;
    expect(spoken).toMatchObject({ params: { field: 'spoken', problem: 'too-long' } });
    expect(wordRejectionText(spoken, 'en')).toBe('The spoken form is longer than 256 characters.');
  });

  it('detects the format from the first line with content, and honours an explicit one', () => {
    expect(detectWordTableFormat('\n\na\tb\n')).toBe('tsv');
    expect(detectWordTableFormat('a,b\n')).toBe('csv');
    expect(parseWordTable('a,b\tc\n', 'tsv').words).toEqual([{ written: 'a,b', spoken: 'c' }]);
  });

  it('takes a header named like the window’s columns as a header, and # lines as comments', () => {
    for (const text of [
      'Written form\tReading (spoken)\nKikitori\tkey key tory\n',
      'written,reading\n# my words\nKikitori,key key tory\n',
      '表記\t読み\n  # 社内用語\nKikitori\tkey key tory\n',
    ])
      expect(parseWordTable(text)).toMatchObject({
        words: [{ written: 'Kikitori', spoken: 'key key tory' }],
        rejected: [],
      });
  });

  it('writes a field a spreadsheet would run with a leading quote mark, and reads it back as it was', () => {
    const words: ProfileWord[] = [
      { written: '=cmd', spoken: '+1', classname: '-x' },
      { written: '@SUM(A1)', spoken: 'at' },
      { written: "'quoted", spoken: 'quoted' },
    ];
    for (const format of ['tsv', 'csv'] as const) {
      const text = formatWordTable(words, format);
      const lines = text.split('\n').slice(1, -1);
      for (const line of lines) expect(line, format).not.toMatch(/(^|[\t,])"?[=+\-@]/);
      expect(parseWordTable(text, format)).toMatchObject({ words, rejected: [] });
    }
  });

  it('reads back exactly what it writes, in both formats (fast-check, 300 runs each)', () => {
    const field = fc
      .tuple(
        fc.constantFrom('', '=', '+', '-', '@', "'", '#', "'#"),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
      )
      .map(([lead, rest]) => lead + rest)
      .filter((s) => s.trim() === s && !/[\t\n\r|]/.test(s) && !s.startsWith('\uFEFF'));
    const word = fc.record(
      { written: field, spoken: field, classname: field },
      { requiredKeys: ['written'] },
    );
    const words = fc.uniqueArray(word, { selector: (w) => w.written, maxLength: 30 });
    for (const format of ['tsv', 'csv'] as const) {
      fc.assert(
        fc.property(words, (list: ProfileWord[]) => {
          const back = parseWordTable(formatWordTable(list, format), format);
          expect(back.rejected).toEqual([]);
          expect(back.words).toEqual(list);
        }),
        { numRuns: 300 },
      );
    }
  });
});

describe('key validity presets', () => {
  it('each parses as an epi and lies in the future, shortest first', () => {
    const now = new Date('2026-11-22T09:00:00Z');
    const expiries = VALIDITY_PRESETS.map((preset) => {
      const result = parseValidity(preset.epi, { now, utcOffsetMinutes: 0 });
      if (!result.ok) throw new Error(result.error);
      return result.data.getTime() - now.getTime();
    });
    expect(expiries[0]).toBe(30_000);
    expect(expiries).toEqual([...expiries].sort((a, b) => a - b));
    expect(new Set(VALIDITY_PRESETS.map((p) => p.id)).size).toBe(VALIDITY_PRESETS.length);
    for (const preset of VALIDITY_PRESETS) expect(preset.label.ja).not.toBe(preset.label.en);
  });
});

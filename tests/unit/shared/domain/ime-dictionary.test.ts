/**
 * Dictionaries exported by input methods (shared/domain/ime-dictionary/), read from fixture files
 * written as each writes them (tests/fixtures/ime/: Microsoft IME's UTF-16 word list with its `!`
 * header, Google Japanese Input's UTF-8 four columns, ATOK's word list as Unicode and as
 * Shift_JIS with its `!!` header and `*`/`$` marks), and written back in each format.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_ENGINE } from '../../../../shared/api/engines';
import { wordRejectionText } from '../../../../shared/domain/error-text';
import { formatImeFile, utf16le } from '../../../../shared/domain/ime-dictionary/ime-export';
import {
  importImeWords,
  normalReading,
  wordsAfterImport,
} from '../../../../shared/domain/ime-dictionary/ime-import';
import { readImeFile } from '../../../../shared/domain/ime-dictionary/ime-file';
import { engineRules } from '../../../../shared/domain/word-rows';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(__dirname, '../../../fixtures/ime', name)));
/** A Japanese engine whose class list names the kinds of names (as the local service's does). */
const JAPANESE = engineRules('-a-general', ['PERSON', 'PLACE', 'ORGANIZATION', 'PRODUCT', 'TERM']);
/** A Japanese engine whose classes are not known: no class is guessed. */
const NO_CLASSES = engineRules('-a-general', []);

const reasons = (result: ReturnType<typeof importImeWords>) =>
  result!.rejected.map((r) => [r.line, r.reason.code, r.reason.params] as const);

describe('Microsoft IME’s word list', () => {
  const bytes = fixture('ms-ime.txt');

  it('is recognised by its header, in UTF-16 LE', () => {
    expect(readImeFile(bytes)).toMatchObject({ format: 'ms-ime', encoding: 'utf-16le' });
  });

  it('gives its words with hiragana readings and the engine’s classes, merging repeats', () => {
    const result = importImeWords(bytes, JAPANESE)!;
    expect(result.words).toEqual([
      { written: '聞き取り', spoken: 'ききとり' },
      { written: '佐藤花子', spoken: 'さとうはなこ', classname: 'PERSON' },
      { written: '品川', spoken: 'しながわ', classname: 'PLACE' },
      { written: 'AmiVoice', spoken: 'あみぼいす' },
      { written: '株式会社', spoken: 'かぶしきがいしゃ' },
      { written: '聞取り', spoken: 'ききとり' },
      { written: '議事録', spoken: 'ぎじろく' },
      { written: '東京', spoken: 'とうきょう', classname: 'PLACE' },
      { written: '関西', spoken: 'かんさい', classname: 'PLACE' },
    ]);
    // 聞き取り and 議事録 came twice with the same reading.
    expect(result.merged).toBe(2);
    expect(reasons(result)).toEqual([
      [13, 'not-a-word', { pos: '短縮よみ', kind: 'shortcut' }],
      [14, 'not-a-word', { pos: '顔文字', kind: 'emoticon' }],
      [20, 'other-reading', { written: '東京', line: 19, reading: 'とうきょう' }],
    ]);
    expect(wordRejectionText(result.rejected[0]!.reason, 'en')).toBe(
      '“短縮よみ” is a shortcut (a short reading for a longer text), not a word said aloud.',
    );
    expect(wordRejectionText(result.rejected[2]!.reason, 'ja')).toBe(
      '「東京」は 19 行目に読み「とうきょう」で登録済みです。1 つの単語に付けられる読みは 1 つです。',
    );
  });

  it('guesses no class an engine does not list', () => {
    const result = importImeWords(bytes, NO_CLASSES)!;
    expect(result.words.some((w) => w.classname !== undefined)).toBe(false);
  });

  it('leaves out every kana reading for the local English engine, saying why', () => {
    const result = importImeWords(bytes, engineRules(LOCAL_ENGINE, []))!;
    expect(result.words).toEqual([]);
    expect(result.rejected[0]!.reason).toEqual({
      code: 'reading-not-english',
      params: { reading: 'ききとり' },
    });
  });
});

describe('Google Japanese Input’s export', () => {
  const result = importImeWords(fixture('google.txt'), JAPANESE)!;

  it('is recognised by its lines (no header), in UTF-8', () => {
    expect(result).toMatchObject({ format: 'google', encoding: 'utf-8' });
  });

  it('maps Mozc’s parts of speech, and leaves out what is not said aloud', () => {
    expect(result.words).toEqual([
      { written: '聞き取り', spoken: 'ききとり' },
      { written: '佐藤', spoken: 'さとう', classname: 'PERSON' },
      { written: '花子', spoken: 'はなこ', classname: 'PERSON' },
      { written: 'アドバンスト・メディア', spoken: 'あみふぃあ', classname: 'ORGANIZATION' },
      { written: '品川', spoken: 'しながわ', classname: 'PLACE' },
      { written: 'AmiVoice', spoken: 'あみぼいす' },
      { written: '議事録', spoken: 'ぎじろく' },
      { written: '企画', spoken: 'きかく' },
      { written: 'ヴァイオリン', spoken: 'ゔぁいおりん' },
    ]);
    expect(result.merged).toBe(1);
    expect(result.rejected.map((r) => r.reason.params.kind)).toEqual([
      'shortcut',
      'suggest',
      'suppressed',
      'emoticon',
    ]);
  });
});

describe('ATOK’s word list', () => {
  const unicode = importImeWords(fixture('atok-unicode.txt'), JAPANESE)!;
  const sjis = importImeWords(fixture('atok-sjis.txt'), JAPANESE)!;

  it('is recognised by its header, in UTF-16 LE and in Shift_JIS', () => {
    expect(unicode).toMatchObject({ format: 'atok', encoding: 'utf-16le' });
    expect(sjis).toMatchObject({ format: 'atok', encoding: 'shift_jis' });
  });

  it('reads the same words either way, its marks and separate voicing mark understood', () => {
    expect(sjis.words).toEqual(unicode.words);
    expect(unicode.words).toEqual([
      { written: '聞き取り', spoken: 'ききとり' },
      { written: '佐藤', spoken: 'さとう', classname: 'PERSON' },
      { written: '花子', spoken: 'はなこ', classname: 'PERSON' },
      { written: '佐藤花子', spoken: 'さとうはなこ', classname: 'PERSON' },
      { written: '品川', spoken: 'しながわ', classname: 'PLACE' },
      {
        written: 'アドバンスト・メディア',
        spoken: 'あどばんすとめでぃあ',
        classname: 'ORGANIZATION',
      },
      { written: 'AmiVoice', spoken: 'あみぼいす', classname: 'PRODUCT' },
      { written: '議事録', spoken: 'ぎじろく' },
      { written: 'ヴァイオリン', spoken: 'ゔぁいおりん' },
      { written: 'ナウ', spoken: 'なう' },
    ]);
    expect(unicode.merged).toBe(1);
    expect(reasons(unicode)).toEqual([[18, 'not-a-word', { pos: '顔文字', kind: 'emoticon' }]]);
  });
});

describe('what is not an input method’s export', () => {
  it('is left to the word table: Kikitori’s own TSV and CSV', () => {
    const tsv = new TextEncoder().encode('written\tspoken\tclass\nKikitori\tkiki tori\tPRODUCT\n');
    expect(readImeFile(tsv)).toBeUndefined();
    expect(readImeFile(new TextEncoder().encode('Kikitori,kiki tori\n'))).toBeUndefined();
  });
});

describe('readings', () => {
  it('are hiragana, whatever form the input method wrote them in', () => {
    expect(normalReading('カブシキガイシャ')).toBe('かぶしきがいしゃ');
    expect(normalReading('ｶﾞｲｼｬ')).toBe('がいしゃ');
    expect(normalReading('う゛ぁいおりん')).toBe('ゔぁいおりん');
    expect(normalReading('ヴァイオリン')).toBe('ゔぁいおりん');
    expect(normalReading('コーヒー')).toBe('こーひー');
  });
});

describe('export', () => {
  const words = [
    { written: '聞き取り', spoken: 'ききとり' },
    { written: '佐藤花子', spoken: 'さとうはなこ', classname: 'PERSON' },
    { written: '品川', spoken: 'しながわ', classname: 'PLACE' },
    {
      written: 'アドバンスト・メディア',
      spoken: 'あどばんすとめでぃあ',
      classname: 'ORGANIZATION',
    },
    { written: 'Kikitori', spoken: 'kiki tori' },
    { written: '無読' },
  ];
  const now = new Date(2025, 1, 14, 9, 5, 7);

  it('writes Microsoft IME’s word list: UTF-16 LE, BOM, its header, CRLF', () => {
    const file = formatImeFile(words, 'ms-ime', 'customer-a', now);
    const bytes = utf16le(file.text);
    expect([...bytes.subarray(0, 4)]).toEqual([0xff, 0xfe, 0x21, 0x00]);
    expect(file.text).toBe(
      '\uFEFF!Microsoft IME Dictionary Tool\r\n!Version:\r\n!Format:WORDLIST\r\n' +
        '!User Dictionary Name: customer-a\r\n!Output File Name:\r\n!DateTime: 2025/02/14 09:05:07\r\n\r\n' +
        'ききとり\t聞き取り\t名詞\r\nさとうはなこ\t佐藤花子\t人名\r\nしながわ\t品川\t地名その他\r\n' +
        'あどばんすとめでぃあ\tアドバンスト・メディア\t固有名詞\r\n',
    );
    // No kana reading: an input method would refuse it.
    expect(file.left).toBe(2);
  });

  it('writes ATOK’s word list and Google’s export as each writes them', () => {
    const atok = formatImeFile(words, 'atok', 'customer-a', now).text;
    expect(atok.startsWith('\uFEFF!!ATOK_TANGO_TEXT_HEADER_1\r\n!!一覧出力\r\n')).toBe(true);
    expect(atok).toContain('!!出力日時;25/02/14 09:05\r\n\r\nききとり\t聞き取り\t名詞*\r\n');
    expect(atok).toContain('さとうはなこ\t佐藤花子\t固有人他*\r\n');
    const google = formatImeFile(words, 'google', 'customer-a', now).text;
    expect(google).toBe(
      'ききとり\t聞き取り\t名詞\t\nさとうはなこ\t佐藤花子\t人名\t\nしながわ\t品川\t地名\t\n' +
        'あどばんすとめでぃあ\tアドバンスト・メディア\t組織\t\n',
    );
  });

  it('reads back what it wrote, in every format', () => {
    for (const format of ['ms-ime', 'google', 'atok'] as const) {
      const file = formatImeFile(words, format, 'p', now);
      const bytes =
        file.encoding === 'utf-16le' ? utf16le(file.text) : new TextEncoder().encode(file.text);
      const back = importImeWords(bytes, JAPANESE)!;
      expect(back.format).toBe(format);
      // Microsoft IME's word list has no part of speech for an organization: a proper noun.
      const expected =
        format === 'ms-ime'
          ? [
              ...words.slice(0, 3),
              { written: 'アドバンスト・メディア', spoken: 'あどばんすとめでぃあ' },
            ]
          : words.slice(0, 4);
      expect(back.words).toEqual(expected);
      expect(back.rejected).toEqual([]);
    }
  });

  it('lays imported words over a profile’s as the screen merges them', () => {
    expect(
      wordsAfterImport(
        [{ written: 'A', spoken: 'a' }, { written: 'B' }],
        [{ written: 'B', spoken: 'b' }, { written: 'C' }],
      ),
    ).toEqual([{ written: 'A', spoken: 'a' }, { written: 'B', spoken: 'b' }, { written: 'C' }]);
  });
});

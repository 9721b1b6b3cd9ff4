/**
 * Japanese phrases for subtitles (core/export/phrases.ts): BudouX's model and scoring without its
 * per-character look-ups by name, so the phrases must be exactly BudouX's own, on sentences of
 * every kind of character, at every length (windows clamped at both ends), and the same when
 * remembered for one export.
 */
import { loadDefaultJapaneseParser } from 'budoux';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { japanesePhrases, remembering } from '../../../core/export/phrases';
import { JA_MEETING } from '../../support/ja-meeting';

const budoux = loadDefaultJapaneseParser();

/** Characters of Japanese speech as written, and a few others (Latin, digits, an emoji). */
const CHARACTERS = [
  ...'本日はお忙しいところ会議を始めさせていただきます第三四半期売上増えました質問',
  ...'アドバンスト・メディアデータベースっゃー「」（）、。？！',
  ...'AIab3%％ 😀',
];

describe('Japanese phrases', () => {
  it('are BudouX’s own on any sentence', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 60 }).map((c) => c.join('')),
        (text) => {
          expect(japanesePhrases(text)).toEqual(budoux.parse(text));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('are BudouX’s own on a meeting, and keep every character in order', () => {
    for (const utterance of JA_MEETING.utterances) {
      const phrases = japanesePhrases(utterance.text);
      expect(phrases).toEqual(budoux.parse(utterance.text));
      expect(phrases.join('')).toBe(utterance.text);
    }
    expect(japanesePhrases('本日はお忙しいところお集まりいただき、ありがとうございます。')).toEqual(
      ['本日は', 'お忙しい', 'ところ', 'お集まりいただき、', 'ありがとう', 'ございます。'],
    );
    expect(japanesePhrases('')).toEqual([]);
  });

  it('remembered for one export, cuts each text once', () => {
    const texts: string[] = [];
    const phrases = remembering((text) => {
      texts.push(text);
      return japanesePhrases(text);
    });
    const first = phrases('売上は12%増えました。');
    expect(phrases('売上は12%増えました。')).toBe(first);
    expect(texts).toEqual(['売上は12%増えました。']);
  });
});

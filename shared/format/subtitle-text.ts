/**
 * How a subtitle's text is measured and where it may break: the script a transcript is written
 * in, a text's width by that script's rule (a half-width character counts half in Japanese and
 * Chinese), the line-breaking rules (kinsoku: no line starts with closing punctuation, a
 * prolonged sound mark or a small kana, and none ends with an opening bracket), and where
 * Japanese phrases end when no segmenter is given.
 */
import type { Transcript } from '../domain/job';
import { CJK } from './speakers';

/** How a transcript is written: without spaces (Japanese, Chinese) or with them. */
export type Script = 'cjk' | 'spaced';

const LETTER = /\p{L}/u;

const CJK_LETTER = 1;
const OTHER_LETTER = 2;
const NO_LETTER = 3;
/** A character's kind for `scriptOf`: a Japanese or Chinese letter, another letter, neither. */
const letterKind = (ch: string) =>
  CJK.test(ch) && LETTER.test(ch) ? CJK_LETTER : LETTER.test(ch) ? OTHER_LETTER : NO_LETTER;
/** The same for a single UTF-16 unit, remembered by unit (0: not asked yet). */
const kindsByUnit = new Uint8Array(0x10000);
const letterKindOf = (code: number) =>
  kindsByUnit[code] || (kindsByUnit[code] = letterKind(String.fromCharCode(code)));

/** Japanese or Chinese when most of its letters are (a few English words inside change nothing). */
export function scriptOf(transcript: Pick<Transcript, 'text' | 'utterances'>): Script {
  const text = transcript.text || transcript.utterances.map((u) => u.text).join(' ');
  let cjk = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const low = code >= 0xd800 && code <= 0xdbff ? text.charCodeAt(i + 1) : 0;
    const kind =
      low >= 0xdc00 && low <= 0xdfff ? letterKind(text.slice(i, ++i + 1)) : letterKindOf(code);
    if (kind === CJK_LETTER) cjk++;
    else if (kind === OTHER_LETTER) other++;
  }
  // A Japanese letter carries about a word's meaning in two or three Latin letters.
  return cjk * 3 >= other && cjk > 0 ? 'cjk' : 'spaced';
}

/** East Asian Wide and Fullwidth characters (UAX #11), the ones a subtitle counts as one. */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0x303e) ||
    (code >= 0x3041 && code <= 0x33ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xa000 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/** A text's width by the script's rule (read by code point, a surrogate pair as one). */
export function textWidth(text: string, script: Script): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    const low = code >= 0xd800 && code <= 0xdbff ? text.charCodeAt(i + 1) : 0;
    if (low >= 0xdc00 && low <= 0xdfff) {
      code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      i++;
    }
    width += script === 'spaced' || isWide(code) ? 1 : 0.5;
  }
  return width;
}

/** What no line may start with (closing punctuation, prolonged sound mark, small kana). */
export const NO_LINE_START = new Set([
  ...'、。，．・：；？！ー）」』】〕〉》',
  ...'ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ',
  ...'.,:;!?)]}%’”…',
]);
/** What no line may end with (opening brackets). */
export const NO_LINE_END = new Set([...'（「『【〔〈《([{‘“']);
// The same by code point (every one a single UTF-16 unit), to ask of a word without cutting it.
const codesOf = (chars: ReadonlySet<string>) => new Set([...chars].map((c) => c.codePointAt(0)!));
const NO_LINE_START_CODES = codesOf(NO_LINE_START);
const NO_LINE_END_CODES = codesOf(NO_LINE_END);

/** A segmenter that says where phrases end: the text cut into its phrases, in order. */
export type PhraseSegmenter = (text: string) => readonly string[];

/** Without a segmenter: Japanese phrases end after punctuation and where kana turn to kanji. */
const KANJI = /[\u3400-\u9fff\uf900-\ufaff]/u;
const KANA = /[\u3041-\u30ff]/u;
export const simplePhrases: PhraseSegmenter = (text) => {
  const phrases: string[] = [];
  let current = '';
  let previous = '';
  for (const ch of text) {
    const after = NO_LINE_START.has(previous) && !NO_LINE_START.has(ch);
    const kanaToKanji = KANA.test(previous) && KANJI.test(ch);
    if (current !== '' && (after || kanaToKanji)) {
      phrases.push(current);
      current = '';
    }
    current += ch;
    previous = ch;
  }
  if (current !== '') phrases.push(current);
  return phrases;
};

/** Whether a word may start a line, by its first code point. */
export const mayStartLine = (text: string) => !NO_LINE_START_CODES.has(text.codePointAt(0) ?? 0);
/** Whether a word may end a line, by its last character (the rules' are single units, so a
 *  surrogate pair's low half is never one). */
export function mayEndLine(text: string): boolean {
  const low = text.charCodeAt(text.length - 1);
  if (low >= 0xdc00 && low <= 0xdfff && text.length > 1) return true;
  return !NO_LINE_END_CODES.has(low);
}

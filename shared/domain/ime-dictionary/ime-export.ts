/**
 * A profile's words written as each input method's own export (./ime-file.ts says what each
 * looks like), so that the input method imports them as it imports its own: Microsoft IME's
 * word list (UTF-16 LE with a BOM, its `!` header, CRLF), ATOK's word file (UTF-16 LE with a BOM,
 * its `!!` header, parts of speech marked `*` as registered words are in its lists, CRLF) and
 * Google Japanese Input's (UTF-8, no BOM, four columns with the comment, LF as Mozc writes on
 * Linux and macOS; its importer reads CRLF as well). Input methods take readings in kana only: a
 * word with no reading, or one in other letters, is left out and counted.
 */
import type { ProfileWord } from '../../api/profile-words';
import type { ImeEncoding, ImeFormat } from './ime-file';
import { kindOfClass, POS_OF } from './parts-of-speech';

export const IME_ENCODING: Readonly<Record<ImeFormat, ImeEncoding>> = {
  'ms-ime': 'utf-16le',
  atok: 'utf-16le',
  google: 'utf-8',
};

/** Hiragana, katakana, the long-vowel mark and the iteration marks: what an input method reads. */
const KANA_READING = /^[\u3041-\u3096\u309d\u309e\u30a1-\u30fa\u30fc\u30fd\u30fe]+$/u;

export interface ImeExport {
  /** The file's text, its BOM (U+FEFF) first for the UTF-16 formats, its line ends its own. */
  readonly text: string;
  readonly encoding: ImeEncoding;
  readonly written: number;
  /** Words left out: no reading, or one not in kana. */
  readonly left: number;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The moment of the export as the input method writes it in its header, local time. */
function stamp(format: ImeFormat, now: Date): string {
  const date = `${now.getFullYear()}/${two(now.getMonth() + 1)}/${two(now.getDate())}`;
  const time = `${two(now.getHours())}:${two(now.getMinutes())}`;
  // ATOK writes a two-digit year and minutes; Microsoft IME the whole date and seconds.
  return format === 'atok'
    ? `${date.slice(2)} ${time}`
    : `${date} ${time}:${two(now.getSeconds())}`;
}

function header(format: ImeFormat, name: string, now: Date): string[] {
  if (format === 'ms-ime')
    return [
      '!Microsoft IME Dictionary Tool',
      '!Version:',
      '!Format:WORDLIST',
      `!User Dictionary Name: ${name}`,
      '!Output File Name:',
      `!DateTime: ${stamp(format, now)}`,
      '',
    ];
  if (format === 'atok')
    return [
      '!!ATOK_TANGO_TEXT_HEADER_1',
      '!!一覧出力',
      `!!対象辞書;${name}`,
      '!!単語種類;登録単語(*)',
      `!!出力日時;${stamp(format, now)}`,
      '',
    ];
  return [];
}

/** `name`: what the header says the dictionary is (the profile's id). */
export function formatImeFile(
  words: readonly ProfileWord[],
  format: ImeFormat,
  name: string,
  now: Date,
): ImeExport {
  const lines = header(format, name.replace(/[\r\n]/g, ' '), now);
  let written = 0;
  for (const word of words) {
    const reading = word.spoken?.replace(/\s+/g, '') ?? '';
    if (!KANA_READING.test(reading)) continue;
    const pos = POS_OF[format][kindOfClass(word.classname)];
    const fields =
      format === 'google'
        ? [reading, word.written, pos, '']
        : [reading, word.written, format === 'atok' ? `${pos}*` : pos];
    lines.push(fields.join('\t'));
    written++;
  }
  const end = format === 'google' ? '\n' : '\r\n';
  const body = lines.map((line) => `${line}${end}`).join('');
  const encoding = IME_ENCODING[format];
  return {
    text: encoding === 'utf-16le' ? `\uFEFF${body}` : body,
    encoding,
    written,
    left: words.length - written,
  };
}

/** UTF-16 LE bytes of a text (its BOM, if any, is in the text). */
export function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes[i * 2] = unit & 0xff;
    bytes[i * 2 + 1] = unit >> 8;
  }
  return bytes;
}

/**
 * An input method's dictionary export, recognised by its content (never its name), and its lines.
 *
 * - Microsoft IME ("一覧の出力" of its user dictionary tool): UTF-16 LE with a BOM, CRLF, a header
 *   of `!` lines starting `!Microsoft IME Dictionary Tool` (`!Version:`, `!Format:WORDLIST`,
 *   `!User Dictionary Name:`, `!Output File Name:`, `!DateTime:`), a blank line, then
 *   `reading⇥word⇥part of speech[⇥comment]`.
 * - ATOK (its dictionary utility's word list): `!!ATOK_TANGO_TEXT_HEADER_1` first (older
 *   utilities: `!!DICUT11` and later), more `!!` lines (`!!一覧出力`, `!!対象辞書;…`,
 *   `!!出力日時;…`), then `reading⇥word⇥part of speech[$*][⇥comment…]`; UTF-16 LE with a BOM
 *   (its "Unicode") or Shift_JIS; CRLF.
 * - Google Japanese Input (Mozc): UTF-8 with no header, `reading⇥word⇥part of speech⇥comment`
 *   (the comment column always there, often empty); `#` lines are comments.
 *
 * Shift_JIS is decoded by the platform's WHATWG TextDecoder (ICU in Node and in Chromium), given
 * here as `decode`, since shared/ has no platform of its own.
 */
import { kindOfPos } from './parts-of-speech';

export const IME_FORMATS = ['ms-ime', 'google', 'atok'] as const;
export type ImeFormat = (typeof IME_FORMATS)[number];

export const IME_ENCODINGS = ['utf-16le', 'utf-8', 'shift_jis'] as const;
export type ImeEncoding = (typeof IME_ENCODINGS)[number];

/**
 * Bytes to text in an encoding; throws when they are not valid in it (UTF-8 only: Shift_JIS is
 * what is left, and UTF-16 is known by its BOM). `new TextDecoder(e, { fatal: e === 'utf-8' })`.
 */
export type Decode = (bytes: Uint8Array, encoding: ImeEncoding) => string;

export const platformDecode: Decode = (bytes, encoding) => {
  // The WHATWG TextDecoder of both platforms; shared/ is typed without either.
  const Decoder = (globalThis as unknown as { TextDecoder: TextDecoderClass }).TextDecoder;
  return new Decoder(encoding, { fatal: encoding === 'utf-8' }).decode(bytes);
};
type TextDecoderClass = new (
  label: string,
  options: { fatal: boolean },
) => { decode(bytes: Uint8Array): string };

/** A line of the file that holds an entry: its fields as written. */
export interface ImeLine {
  /** 1-based, as an editor numbers the file's lines. */
  readonly line: number;
  readonly text: string;
  readonly fields: readonly string[];
}

export interface ImeFile {
  readonly format: ImeFormat;
  readonly encoding: ImeEncoding;
  /** Every line that is not blank, a header or a comment. */
  readonly lines: readonly ImeLine[];
}

/** Text of the bytes, and its encoding: a BOM's, else UTF-8 if it is valid, else Shift_JIS. */
function decodeBytes(bytes: Uint8Array, decode: Decode): { text: string; encoding: ImeEncoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: decode(bytes.subarray(2), 'utf-16le'), encoding: 'utf-16le' };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: decode(bytes.subarray(3), 'utf-8'), encoding: 'utf-8' };
  try {
    return { text: decode(bytes, 'utf-8'), encoding: 'utf-8' };
  } catch {
    return { text: decode(bytes, 'shift_jis'), encoding: 'shift_jis' };
  }
}

/** Which input method's header the first line with content is, if any. */
function headerFormat(first: string): ImeFormat | undefined {
  const lower = first.trim().toLowerCase();
  if (lower.startsWith('!microsoft ime')) return 'ms-ime';
  if (lower.startsWith('!!atok_tango_text_header')) return 'atok';
  const dicut = /^!!dicut(\d+)/.exec(lower);
  if (dicut && Number(dicut[1]) >= 11) return 'atok';
  return undefined;
}

/**
 * Google's export has no header: it is known by its lines, tab-separated with a part of speech
 * one of the input methods writes in the third field, for most of them (a Kikitori word table has
 * `written⇥spoken⇥class`, its classes in capitals or none).
 */
function looksLikeGoogle(lines: readonly ImeLine[]): boolean {
  const sample = lines.slice(0, 200);
  const known = sample.filter((l) => l.fields.length >= 3 && kindOfPos(l.fields[2]!) !== undefined);
  return sample.length > 0 && known.length * 2 > sample.length;
}

/**
 * Reads a file an input method exported; undefined when it is none of the three (a word table of
 * Kikitori's own, say), which the caller then reads as such.
 */
export function readImeFile(
  bytes: Uint8Array,
  decode: Decode = platformDecode,
): ImeFile | undefined {
  const { text, encoding } = decodeBytes(bytes, decode);
  const all = text.split(/\r\n|\r|\n/);
  const first = all.find((line) => line.trim() !== '') ?? '';
  const header = headerFormat(first.replace(/^\uFEFF/, ''));
  const lines: ImeLine[] = [];
  for (const [index, raw] of all.entries()) {
    const line = index === 0 ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() === '') continue;
    // Headers and comments: `!` in Microsoft IME's and ATOK's files, `#` in Google's.
    if (header !== undefined && line.startsWith('!')) continue;
    if (header === undefined && line.startsWith('#')) continue;
    lines.push({ line: index + 1, text: line, fields: line.split('\t') });
  }
  const format = header ?? (looksLikeGoogle(lines) ? 'google' : undefined);
  return format ? { format, encoding, lines } : undefined;
}

/**
 * Dictionaries from input methods, for `npm run bench -- --dictionary` (never asserted in tests):
 *
 *   (d1) a 10,000-word Microsoft IME word list (UTF-16 LE, its header, CRLF, as it exports) read   goal <= 1 s
 *        into a profile's words: recognised, decoded, readings normalised, parts of speech mapped,
 *        every word checked as the Dictionary screen checks a row, repeats merged, laid over a
 *        profile of 10,000 words
 *   (d2) the same as an ATOK word list in Shift_JIS                                             goal <= 1 s
 *   (d3) writing 10,000 words as a Microsoft IME word list                                      reported
 */
import { performance } from 'node:perf_hooks';
import { formatImeFile, utf16le } from '../../shared/domain/ime-dictionary/ime-export';
import { importImeWords, wordsAfterImport } from '../../shared/domain/ime-dictionary/ime-import';
import { engineRules } from '../../shared/domain/word-rows';

type Line = (label: string, value: string, goal: string, ok: boolean) => void;

const WORDS = 10_000;
const KANA =
  'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん';
const POS = ['名詞', '人名', '地名その他', '固有名詞', 'さ変名詞', '短縮よみ'];

/** The nth reading: katakana now and then, as people type them. */
function reading(n: number): string {
  let s = '';
  for (let k = n + 1; k > 0; k = Math.floor(k / KANA.length)) s += KANA[k % KANA.length];
  const padded = `${s}ごと`;
  return n % 7 === 0
    ? padded.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    : padded;
}

function msImeBytes(): Uint8Array {
  const lines = [
    '!Microsoft IME Dictionary Tool',
    '!Version:',
    '!Format:WORDLIST',
    '!User Dictionary Name: C:\\Users\\bench\\imjp15cu.dic',
    '!Output File Name: C:\\Users\\bench\\words.txt',
    '!DateTime: 2025/02/14 09:41:27',
    '',
  ];
  for (let i = 0; i < WORDS; i++) lines.push(`${reading(i)}\t語${i}\t${POS[i % POS.length]}`);
  return utf16le(`\uFEFF${lines.join('\r\n')}\r\n`);
}

function atokShiftJis(): Uint8Array {
  // Shift_JIS by hand is not the point: the platform's TextEncoder writes UTF-8 only, so the
  // file is made by decoding nothing: each kana and kanji here has a two-byte code in Shift_JIS.
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder('shift_jis');
  for (let hi = 0x81; hi <= 0x9f; hi++)
    for (let lo = 0x40; lo <= 0xfc; lo++) {
      const ch = decoder.decode(new Uint8Array([hi, lo]));
      if (ch.length === 1 && !table.has(ch)) table.set(ch, [hi, lo]);
    }
  const lines = ['!!ATOK_TANGO_TEXT_HEADER_1', '!!一覧出力', '!!出力日時;25/02/14 09:45', ''];
  for (let i = 0; i < WORDS; i++) lines.push(`${reading(i)}\t語${i % 10}\t固有人他*`);
  const bytes: number[] = [];
  for (const ch of `${lines.join('\r\n')}\r\n`) {
    const code = ch.charCodeAt(0);
    if (code < 0x80) bytes.push(code);
    else bytes.push(...(table.get(ch) ?? [0x81, 0x48]));
  }
  return new Uint8Array(bytes);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function dictionaryBench(line: Line): Promise<void> {
  const rules = engineRules('-a-general', ['PERSON', 'PLACE', 'ORGANIZATION', 'PRODUCT']);
  const profile = Array.from({ length: WORDS }, (_, i) => ({
    written: `既存${i}`,
    spoken: 'きぞん',
  }));
  const time = (bytes: Uint8Array) => {
    const runs: number[] = [];
    let words = 0;
    for (let r = 0; r < 5; r++) {
      const start = performance.now();
      const result = importImeWords(bytes, rules)!;
      words = wordsAfterImport(profile, result.words).length;
      runs.push(performance.now() - start);
    }
    return { ms: median(runs), words };
  };
  const ms = time(msImeBytes());
  line(
    `(d1) ${WORDS} words from a Microsoft IME list (${ms.words} after)`,
    `${(ms.ms / 1000).toFixed(3)} s`,
    '<= 1 s',
    ms.ms <= 1000,
  );
  const atok = time(atokShiftJis());
  line(
    `(d2) ${WORDS} words from an ATOK list in Shift_JIS`,
    `${(atok.ms / 1000).toFixed(3)} s`,
    '<= 1 s',
    atok.ms <= 1000,
  );
  const words = Array.from({ length: WORDS }, (_, i) => ({
    written: `語${i}`,
    spoken: reading(i),
  }));
  const start = performance.now();
  utf16le(formatImeFile(words, 'ms-ime', 'bench', new Date()).text);
  const wrote = performance.now() - start;
  line(
    `(d3) ${WORDS} words written as a Microsoft IME list`,
    `${(wrote / 1000).toFixed(3)} s`,
    'reported',
    true,
  );
}

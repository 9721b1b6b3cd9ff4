/**
 * Every error and word-table rejection renders a whole sentence in each language: every
 * placeholder filled, every sub-code translated, and no English prose inside a Japanese one.
 */
import { describe, expect, it } from 'vitest';
import {
  APP_ERROR_CODES,
  SUB_CODES,
  WORD_REJECTION_CODES,
  WORD_REJECTION_SUB_CODES,
  appError,
  appErrorSchema,
  langOf,
  type AppErrorCode,
  type WordRejectionCode,
} from '../../../../shared/domain/errors';
import { errorText, wordRejectionText } from '../../../../shared/domain/error-text';

/** Values a caller passes: names, hosts, paths, numbers; sub-codes are added from their lists. */
const VALUES: Readonly<Record<string, string | number>> = {
  host: 'api.example.com',
  seconds: 120,
  id: '0123456789abcdef01234567',
  connection: 'Cloud',
  path: '/home/me/talk.wav',
  name: 'talk.wav',
  columns: 7,
  written: 'Kikitori',
  line: 12,
  max: 1000,
  length: 1200,
  url: 'https://speech.example.net/',
  value: 'PERSON',
  port: 8800,
  device: 'USB Microphone',
  message: 'authorization failed',
  pid: 4242,
  used: '8:05:00',
  budget: '10:00:00',
  adding: '2:42:10',
  pos: '短縮よみ',
  reading: 'ききとり',
};

/** Names of things and technical tokens that a Japanese sentence may carry as they are. */
const ALLOWED_LATIN = new Set([
  'serve',
  'API',
  'URL',
  'WAV',
  'FLAC',
  'Ogg',
  'MP3',
  'M4A',
  'MP4',
  'WebM',
  'AAC',
  'AIFF',
  'WMA',
  'AMR',
  'GiB',
  'PCM',
  'kHz',
  'MB',
  'ffmpeg',
  'Kikitori',
  'libsecret',
  'apt-get',
  'install',
  'libsecret-1-0',
  'GNOME',
  'Keyring',
  'KWallet',
  // Sound servers, named as they are in every language.
  'PulseAudio',
  'PipeWire',
  'Secret',
  'Service',
  // Address schemes and the command-line option that names the data folder.
  'https',
  'http',
  'localhost',
  'data',
  'port',
  // The command that watches folders, and its option naming where transcripts go.
  'kikitori',
  'watch',
  'out',
  // The commands and options for programs, and the protocol an assistant speaks.
  'program-key',
  'list',
  'mcp',
  'MCP',
  'allow-transcribe',
  'allow',
  'FOLDER',
]);

/** Every combination of a code's sub-codes, each with the plain values. */
function paramSets(subCodes: Readonly<Record<string, readonly string[]>> | undefined) {
  let sets: Array<Record<string, string | number>> = [{ ...VALUES }];
  for (const [param, values] of Object.entries(subCodes ?? {})) {
    sets = sets.flatMap((set) => values.map((value) => ({ ...set, [param]: value })));
  }
  return sets;
}

function englishLeaks(text: string): string[] {
  const stripped = Object.values(VALUES).reduce<string>(
    (rest, value) => rest.split(String(value)).join(' '),
    text,
  );
  return (stripped.match(/[A-Za-z][A-Za-z0-9-]*/g) ?? []).filter((w) => !ALLOWED_LATIN.has(w));
}

const errorCases = APP_ERROR_CODES.flatMap((code: AppErrorCode) =>
  paramSets(
    (SUB_CODES as Partial<Record<AppErrorCode, Record<string, readonly string[]>>>)[code],
  ).map((params) => ({ code, params })),
);
const rejectionCases = WORD_REJECTION_CODES.flatMap((code: WordRejectionCode) =>
  paramSets(
    (
      WORD_REJECTION_SUB_CODES as Partial<
        Record<WordRejectionCode, Record<string, readonly string[]>>
      >
    )[code],
  ).map((params) => ({ code, params })),
);

/** Both texts are filled-in sentences, and the Japanese one carries no English. */
function expectWholeSentences(en: string, ja: string): void {
  for (const text of [en, ja]) {
    expect(text).not.toMatch(/[{}]/);
    expect(text).toMatch(/[.。]$/);
  }
  expect(englishLeaks(ja)).toEqual([]);
  // One style of quote marks per language, as the window uses: en “…”, ja 「…」.
  expect(en).not.toMatch(/"[\p{L}\p{N}/]/u);
  expect(ja).not.toMatch(/[“”]|"[\p{L}\p{N}/]/u);
}

describe('error sentences', () => {
  it.each(errorCases)('$code $params renders whole sentences in English and Japanese', (error) => {
    const ja = errorText(error, 'ja');
    expectWholeSentences(errorText(error, 'en'), ja);
    expect(ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it.each(rejectionCases)('word-table rejection $code $params renders in both languages', (r) => {
    expectWholeSentences(wordRejectionText(r, 'en'), wordRejectionText(r, 'ja'));
  });

  it('translates every sub-code value, so a reason is never shown as its code', () => {
    const reasons = SUB_CODES.network.reason.map((reason) =>
      errorText(appError('network', { host: 'h', reason }), 'ja'),
    );
    for (const [i, text] of reasons.entries())
      expect(text).not.toContain(SUB_CODES.network.reason[i]!);
    expect(new Set(reasons).size).toBe(reasons.length);
  });

  it('takes only a listed sub-code where one is expected', () => {
    // @ts-expect-error a reason is a sub-code, never prose
    const prose = appError('network', { host: 'h', reason: 'it is not running' });
    expect(prose.params.reason).toBe('it is not running');
    expect(appError('network', { host: 'h', reason: 'refused' }).params.reason).toBe('refused');
  });

  it('finds English left in a Japanese sentence', () => {
    expect(englishLeaks('The job 42 が見つかりませんでした。')).toEqual(['The', 'job']);
    expect(englishLeaks('the local service に接続できませんでした（it is not running）。')).toEqual(
      ['the', 'local', 'service', 'it', 'is', 'not', 'running'],
    );
  });

  it('keeps the raw detail apart from the sentence, and reads errors journalled before params', () => {
    const error = appError('server', {}, 'unexpected exception occurred (disk full)');
    expect(errorText(error, 'ja')).not.toContain('disk full');
    expect(appErrorSchema.parse({ code: 'server', message: 'old', messageJa: '古い' })).toEqual({
      code: 'server',
      params: {},
    });
  });
});

describe('the language of a locale', () => {
  it.each([
    ['ja_JP.UTF-8', 'ja'],
    ['ja-JP', 'ja'],
    ['ja', 'ja'],
    ['JA_jp', 'ja'],
    ['en-US', 'en'],
    ['en_GB.UTF-8', 'en'],
    ['jav', 'en'],
    ['C.UTF-8', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (locale, lang) => {
    expect(langOf(locale)).toBe(lang);
  });
});

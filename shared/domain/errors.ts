/**
 * Errors a person sees. An error crosses every boundary (IPC, journal, HTTP) as data: a code a
 * program can branch on, params that are values (names, numbers, hosts, paths, or sub-codes
 * listed in SUB_CODES), and the raw text the system said. Each language writes the whole
 * sentence where it is shown (errorText, in ./error-text/), so no language ever carries another's
 * fragments. This module carries no sentence: the window uses it from its first screen, and
 * loads the sentences' tables later.
 */
import { z } from 'zod';

export const APP_ERROR_CODES = [
  'network',
  'timeout',
  'auth',
  'unsupported-audio',
  'nothing-recognised',
  'bad-request',
  'too-large',
  'busy',
  'engine-unavailable',
  'server',
  'bad-response',
  'not-found',
  'no-key',
  'no-connection',
  'file',
  'ffmpeg-missing',
  'conversion-failed',
  'keychain',
  'invalid-input',
  'interrupted',
  'forbidden',
  'internal',
  'job-failed',
  'keychain-library-missing',
  'keychain-unavailable',
  'local-service',
  'disk-full',
  'insecure-url',
  'service-starting',
  'service-not-started',
  'data-corrupt',
  'data-newer',
  'data-read-only',
  'app-running',
  'data-held-by-command',
  'link-used',
  'export-failed',
  'export-no-transcript',
  'file-refused',
  'upload-failed',
  'handover-refused',
  'port-in-use',
  'cancelled',
  'word-rejected',
  'mic-none',
  'mic-denied',
  'mic-silent',
  'mic-failed',
  'computer-sound-unavailable',
  'live-refused',
  'live-dropped',
  'live-running',
  'live-protocol',
  'recording-failed',
  'live-disk-full',
  'live-no-retry',
  'job-title',
  'edit-refused',
  'edit-control',
  'edit-too-long',
  'edit-history-full',
  'program-unreachable',
  'watch-folder',
  'watch-refused',
  'watch-output',
  'watch-held',
  'watch-waiting',
  'data-not-own',
  'watch-output-page',
  'over-budget',
  'calls-unavailable',
  'call-gone',
  'program-key',
  'program-folder',
  'program-refused',
  'speech-detection-failed',
  'no-speech',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/**
 * Failures the same file would meet again: the file itself is what the service or ffmpeg could
 * not read, or holds no speech the engine recognizes. A Retry is not offered for them; the sentence says what helps (convert the file).
 */
const RETRY_CANNOT_HELP: ReadonlySet<AppErrorCode> = new Set([
  'conversion-failed',
  // Silence (or speech in another language) is recognised as nothing again.
  'nothing-recognised',
  'unsupported-audio',
  'file-refused',
  // The detector finds no speech in the same file again; the sentence says what helps.
  'no-speech',
]);

export const retryCanHelp = (error: { code: AppErrorCode } | undefined): boolean =>
  error === undefined || !RETRY_CANNOT_HELP.has(error.code);

/**
 * Params whose value is one of a closed set: each language translates every value, so a reason
 * or a kind of thing is never prose in a sentence of another language.
 */
export const SUB_CODES = {
  'computer-sound-unavailable': {
    reason: ['platform', 'no-server', 'no-sink', 'not-listed', 'no-audio', 'denied'],
  },
  network: {
    reason: ['not-running', 'refused', 'dns', 'reset', 'unreachable', 'tls', 'other'],
  },
  file: { reason: ['missing', 'not-a-file', 'empty', 'denied', 'unreadable'] },
  'not-found': { what: ['job', 'key', 'endpoint', 'resource'] },
  'local-service': {
    reason: ['engine-unavailable', 'stopped-answering', 'exited', 'health-check', 'key-not-stored'],
  },
  cancelled: { service: ['none', 'may-finish'] },
  'export-no-transcript': { state: ['running', 'cancelled', 'failed'] },
  'upload-failed': { reason: ['disk-full', 'denied', 'read-only', 'not-a-folder', 'other'] },
  'file-refused': { reason: ['not-media', 'too-large', 'not-chosen', 'changed', 'link'] },
  'export-failed': { reason: ['denied', 'missing-folder', 'read-only', 'is-folder', 'other'] },
  'word-rejected': { reason: ['class', 'reading-missing', 'unknown-word'] },
  'live-dropped': { reason: ['closed', 'timeout', 'service-ended', 'refused', 'other'] },
  'recording-failed': { reason: ['ffmpeg-missing', 'encoder-ended', 'too-slow'] },
  'job-title': { reason: ['too-long', 'control'] },
  'program-unreachable': { reason: ['stale', 'refused', 'no-answer', 'gone', 'not-served'] },
  'watch-folder': { reason: ['missing', 'not-folder', 'unreadable'] },
  'watch-refused': { reason: ['missing', 'not-folder', 'unreadable', 'not-absolute'] },
  'watch-output': { reason: ['missing', 'not-folder', 'denied', 'not-absolute'] },
  'watch-held': { holder: ['app', 'command-line', 'other'] },
  'data-not-own': { reason: ['owner', 'link', 'not-folder', 'open', 'socket'] },
  'over-budget': { what: ['files', 'live'] },
  'calls-unavailable': { reason: ['platform', 'no-server', 'helper'] },
  'program-key': { reason: ['name-taken', 'unknown'] },
  'program-folder': { reason: ['missing', 'not-folder', 'unreadable', 'not-absolute'] },
  'program-refused': { reason: ['read-only', 'not-allowed'] },
} as const satisfies Partial<Record<AppErrorCode, Record<string, readonly string[]>>>;
export type SubCodes = typeof SUB_CODES;
export type SubCode<
  C extends keyof SubCodes,
  P extends keyof SubCodes[C],
> = SubCodes[C][P] extends readonly (infer V)[] ? V : never;

export type ErrorParams = Readonly<Record<string, string | number>>;

export const appErrorSchema = z.object({
  code: z.enum(APP_ERROR_CODES),
  // Errors journalled before params existed read back with none.
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  /** What the server or the system said, verbatim, shown apart from the sentence. */
  detail: z.string().optional(),
});
export type AppError = z.infer<typeof appErrorSchema>;

/** A code's params: values, with each sub-code param typed to its list so prose cannot slip in. */
export type ParamsOf<C extends AppErrorCode> = ErrorParams &
  (C extends keyof SubCodes ? { readonly [P in keyof SubCodes[C]]?: SubCode<C, P> } : unknown);

export function appError<C extends AppErrorCode>(
  code: C,
  params?: ParamsOf<C>,
  detail?: string,
): AppError {
  return { code, params: { ...params }, ...(detail === undefined ? {} : { detail }) };
}

export type Lang = 'en' | 'ja';

/** The language for a locale name such as `ja_JP.UTF-8`, `ja-JP` or `en-US`: Japanese or English. */
export function langOf(locale: string | undefined): Lang {
  return /^ja([_.-]|$)/i.test(locale ?? '') ? 'ja' : 'en';
}

/**
 * An AppError as a throwable, so it can cross async code and be turned back into a Result. Its
 * message is for a log or a stack trace, in no language: the code, the params and the detail
 * (`file {"name":"a.wav","reason":"missing"} (ENOENT …)`). What a person reads is the error's
 * sentence, made where it is shown (errorText), never this message.
 */
export class AppFailure extends Error {
  constructor(readonly error: AppError) {
    const params = Object.keys(error.params).length > 0 ? ` ${JSON.stringify(error.params)}` : '';
    super(`${error.code}${params}${error.detail ? ` (${error.detail})` : ''}`);
  }
}

/** Why a line of a word table was not imported: a code and values, rendered per language. */
export const WORD_REJECTION_CODES = [
  'quote-inside-field',
  'unclosed-quote',
  'too-many-columns',
  'empty-written',
  'invalid-field',
  'duplicate',
  'too-many-words',
  'too-few-columns',
  'not-a-word',
  'no-reading',
  'reading-not-english',
  'other-reading',
] as const;
export type WordRejectionCode = (typeof WORD_REJECTION_CODES)[number];

export const WORD_REJECTION_SUB_CODES = {
  'too-many-columns': { separator: ['tab', 'comma'] },
  'invalid-field': {
    field: ['written', 'spoken', 'classname'],
    problem: ['empty', 'too-long', 'bad-characters'],
  },
  'not-a-word': { kind: ['shortcut', 'emoticon', 'symbol', 'suppressed', 'suggest'] },
} as const satisfies Partial<Record<WordRejectionCode, Record<string, readonly string[]>>>;
export type WordRejectionSubCodes = typeof WORD_REJECTION_SUB_CODES;

export const wordRejectionSchema = z.object({
  code: z.enum(WORD_REJECTION_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type WordRejection = z.infer<typeof wordRejectionSchema>;

/** A file-system error as a reason each language can say. */
export function fileReason(error: { code?: string | undefined }): SubCode<'file', 'reason'> {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return 'missing';
  if (error.code === 'EISDIR') return 'not-a-file';
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'denied';
  if (error.code === 'EMPTY') return 'empty';
  return 'unreadable';
}

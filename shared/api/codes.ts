/**
 * Result codes of the speech recognition API (docs/api.md §5). The sync body carries one
 * of these in `code`; REST endpoints use HTTP status plus `{code, message}`.
 */
export const RESULT_CODES = {
  success: '',
  illegalAuthorization: '-',
  unsupportedAudio: '+',
  belowConfidence: 'o',
  illegalRequest: '>',
  tooLargeAudio: '%',
  recognizerUnavailable: '!',
  serverError: '?',
} as const;

export type ResultCodeName = keyof typeof RESULT_CODES;
export type ResultCode = (typeof RESULT_CODES)[ResultCodeName];

/** The standard message for each code; a specific message may replace it where §5 allows. */
export const RESULT_MESSAGES: Readonly<Record<ResultCode, string>> = {
  '': '',
  '-': 'received illegal service authorization',
  '+': 'received unsupported audio format',
  o: 'recognition result is rejected because confidence is below the threshold',
  '>': 'received illegal request',
  '%': 'received too large audio data',
  '!': 'failed to connect to recognizer server',
  '?': 'unexpected exception occurred',
};

const codeSet: ReadonlySet<string> = new Set(Object.values(RESULT_CODES));

export function isResultCode(value: string): value is ResultCode {
  return codeSet.has(value);
}

/** `?` with detail, as the cloud words it: `unexpected exception occurred (<detail>)`. */
export function unexpectedExceptionMessage(detail: string): string {
  return `${RESULT_MESSAGES['?']} (${detail})`;
}

/** REST error messages (docs/api.md §5). */
export const REST_MESSAGES = {
  cannotVerify: "can't verify service authorization",
  expired: (when: string) => `service authorization has expired: ${when}`,
  methodNotAllowed: (method: string) => `${method} method is not allowed`,
} as const;

/** Limits of docs/api.md §8. */
export const LIMITS = {
  syncAudioBytes: 16_777_215,
  requestLineBytes: 8_192,
  asyncAudioBytes: 2 * 1024 * 1024 * 1024,
  maxConcurrentPerKey: 8,
  maxDiarizationSpeakers: 20,
  profileMaxWords: 100_000,
  wordMaxChars: 256,
  /**
   * Longest audio, once decoded, of a sync request and of a job [ours]: what the byte limit
   * holds as 16 kHz 16-bit mono PCM, rounded up (525 s; 18.6 h), so a small compressed file of
   * long silence costs no more than the largest plain one.
   */
  syncAudioSeconds: Math.ceil(16_777_215 / 32_000),
  asyncAudioSeconds: Math.ceil((2 * 1024 * 1024 * 1024) / 32_000),
} as const;

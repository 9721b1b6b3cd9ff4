/**
 * The `d` settings string (docs/api.md §2): space-separated `key=value` pairs whose values
 * are percent-encoded UTF-8. A bare token with no `=` is the engine name. This module is the
 * syntax only; recognition-settings.ts gives the values their meaning.
 */
import { type Parsed, parsed, rejected } from './result';

/** Decoded `d`: key → value. The engine is always under `grammarFileNames`. */
export type DParams = Readonly<Record<string, string>>;

/** Keys docs/api.md §2 documents for async jobs only: a sync request leaves them out. */
export const ASYNC_ONLY_D_KEYS = [
  'loggingOptOut',
  'contentId',
  'compatibleWithSync',
  'speakerDiarization',
  'diarizationMinSpeaker',
  'diarizationMaxSpeaker',
] as const;

/** Documented keys in the order the encoder writes them; unknown keys follow, sorted. */
export const D_KEYS = [
  'grammarFileNames',
  'authorization',
  'profileId',
  'profileWords',
  'keepFillerToken',
  'segmenterProperties',
  'extension',
  'resultUpdatedInterval',
  ...ASYNC_ONLY_D_KEYS,
] as const;

export type DKey = (typeof D_KEYS)[number];

const KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const keyRank = new Map<string, number>(D_KEYS.map((key, index) => [key, index]));

export function isValidDKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

function compareKeys(a: string, b: string): number {
  const rankA = keyRank.get(a) ?? D_KEYS.length;
  const rankB = keyRank.get(b) ?? D_KEYS.length;
  if (rankA !== rankB) return rankA - rankB;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Encodes settings as a `d` string: every value percent-encoded, keys in a stable order (the
 * documented ones first, in documentation order, then the rest sorted), so equal settings
 * always give equal strings. Throws on a key that no server could parse: that is a bug.
 */
export function encodeD(params: DParams): string {
  return Object.keys(params)
    .sort(compareKeys)
    .map((key) => {
      if (!isValidDKey(key)) throw new TypeError(`invalid d key ${JSON.stringify(key)}`);
      const value = params[key] as string;
      if (!value.isWellFormed()) {
        throw new TypeError(`the value of d key ${key} is not well-formed Unicode`);
      }
      return `${key}=${encodeURIComponent(value)}`;
    })
    .join(' ');
}

const isSpace = (ch: string | undefined) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';

function percentDecode(raw: string, what: string): Parsed<string> {
  try {
    return parsed(decodeURIComponent(raw));
  } catch {
    const bad = /%(?![0-9A-Fa-f]{2})|(%[0-9A-Fa-f]{2})+/.exec(raw)?.[0] ?? raw;
    return rejected(
      `${what} is not valid percent-encoded UTF-8 (near "${bad}"): encode the value with encodeURIComponent`,
    );
  }
}

/** Decodes a `d` string. Unknown keys are kept; every malformed part is named in the message. */
export function decodeD(text: string): Parsed<DParams> {
  const out: Record<string, string> = {};
  let engineFromBareToken = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && isSpace(text[i])) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(text[i]) && text[i] !== '=') i++;
    const rawKey = text.slice(start, i);

    if (i >= n || isSpace(text[i])) {
      // A bare token: the engine name.
      const engine = percentDecode(rawKey, `the engine name "${rawKey}"`);
      if (!engine.ok) return engine;
      if ('grammarFileNames' in out) {
        return rejected(
          `d names the engine twice ("${out.grammarFileNames}" and "${engine.data}")`,
        );
      }
      out.grammarFileNames = engine.data;
      engineFromBareToken = true;
      continue;
    }

    // text[i] === '='
    if (rawKey === '') return rejected(`d has a value with no key at position ${start + 1}`);
    if (!isValidDKey(rawKey)) {
      return rejected(`d has an invalid key "${rawKey}": keys are letters, digits, _ . and -`);
    }
    i++; // past '='
    let rawValue: string;
    if (text[i] === '"') {
      const close = text.indexOf('"', i + 1);
      if (close < 0) return rejected(`the quoted value of ${rawKey} in d has no closing quote`);
      rawValue = text.slice(i + 1, close);
      i = close + 1;
      if (i < n && !isSpace(text[i])) {
        return rejected(
          `the quoted value of ${rawKey} in d is followed by "${text[i]}" instead of a space`,
        );
      }
    } else {
      const valueStart = i;
      while (i < n && !isSpace(text[i])) i++;
      rawValue = text.slice(valueStart, i);
    }
    const value = percentDecode(rawValue, `the value of ${rawKey} in d`);
    if (!value.ok) return value;
    if (Object.hasOwn(out, rawKey)) {
      return rejected(
        rawKey === 'grammarFileNames' && engineFromBareToken
          ? `d names the engine twice ("${out.grammarFileNames}" and "${value.data}")`
          : `d has the key ${rawKey} twice`,
      );
    }
    // Defined, not assigned: a key named __proto__ would otherwise be dropped silently.
    Object.defineProperty(out, rawKey, {
      value: value.data,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return parsed(out);
}

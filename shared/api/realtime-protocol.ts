/**
 * The realtime WebSocket interface ("Wrp", docs/api.md §9): the packet grammar only. The
 * client sends text commands `s …` and `e` and binary audio packets `p<audio>`; the server
 * answers `s`, `p …`, `e` and sends the events `S`, `E`, `C`, `U`, `A`. Pure: no sockets, no
 * timers, no platform APIs; the service and a client build on it.
 *
 * Each rule says where it comes from, as docs/api.md does: [public] the manual, [client: …]
 * an official client library (advanced-media-inc/amivoice-api-client-library, Wrp/), [ours]
 * this project's choice where both are silent.
 *
 * This file holds the client's commands; the server's responses and events are in
 * realtime-events.ts (re-exported here).
 */
import { isValidDKey } from './d-codec';
import { parseAudioFormatName, type AudioFormatName } from './audio-formats';
import { type Result, failure, success } from './result';

// ---------------------------------------------------------------------------------------------
// Messages and limits

/**
 * The texts of the server's error responses, without the leading command letter (a response is
 * `<letter> <message>`, see {@link reply}). Where the manual gives the text it is quoted
 * exactly; the rest are ours and say so.
 */
export const REALTIME_MESSAGES = {
  /** [public: p command response] audio the stated format cannot decode. */
  unsupportedAudioFormat: 'received unsupported audio format',
  /**
   * [public: p command response, limitations] audio sent while the server takes none: before
   * `s` succeeded, after `e`, or after the no-speech limit ended the session.
   */
  cantFeed: "can't feed audio data to recognizer server",
  /** [public: the older ACP manual's p response table] the session's time is up. */
  sessionTimeout: 'session timeout occurred',
  /** [public: limitations, e response] no data for 60 s before recognition began. */
  noDataTimeout: 'timeout occurred',
  /** [public: limitations, e response] no data for 60 s while recognising. */
  noDataTimeoutWhileRecognizing: 'timeout occurred while recognizing audio data from client',
  /** [public for the HTTP interface (code `-`); ours for `s`] missing or unknown APPKEY. */
  illegalAuthorization: 'received illegal service authorization',
  /** [ours] a command the grammar refuses; the detail follows after a colon. */
  illegalCommand: 'received illegal command',
} as const;

/** The limits of the interface [public: limitations], with the response each one ends in. */
export const REALTIME_LIMITS = {
  /** A connection lasts at most this long, whatever it is doing. */
  sessionMaxMs: 24 * 60 * 60 * 1000,
  /** No speech detected for this long ends the connection; audio after it gets `p` + message. */
  noSpeechMs: 600_000,
  noSpeechReply: `p ${REALTIME_MESSAGES.cantFeed}`,
  /** No data received for this long ends the connection with an unsolicited `e` response. */
  noDataMs: 60_000,
  noDataReplyBeforeRecognition: `e ${REALTIME_MESSAGES.noDataTimeout}`,
  noDataReplyWhileRecognizing: `e ${REALTIME_MESSAGES.noDataTimeoutWhileRecognizing}`,
  /** An utterance longer than this is cut there; the rest is a new utterance (no message). */
  utteranceMaxMs: 30_000,
  /** [client: every Wrp tester] audio bytes per `p` packet the official testers send. */
  clientPacketAudioBytes: 4096,
  /**
   * [ours] the largest message the local service takes, `p` byte included: 1 MiB, 32 s of
   * 16 kHz PCM, far above the packets any client sends (4,096 bytes, or one 128-sample quantum),
   * and small enough that many sessions cannot make the service hold much. The manual states no
   * packet size limit.
   */
  maxMessageBytes: 1_048_576,
} as const;

/** The first byte of an audio packet, `p` [public: p command packet]. */
export const AUDIO_PACKET_PREFIX = 0x70;

// ---------------------------------------------------------------------------------------------
// Commands (client → server)

/** Parameters of `s`, key → value, values unquoted. */
export type RealtimeParams = Readonly<Record<string, string>>;

export type RealtimeCommand =
  | {
      readonly kind: 's';
      /** `<audio_format>` as sent (e.g. `16K`, `LSB16K`, `MSB16K`, `MULAW`). */
      readonly audioFormat: string;
      /** `<grammar_file_names>`: the engine names, usually one. */
      readonly grammars: readonly string[];
      readonly params: RealtimeParams;
    }
  | { readonly kind: 'e' };

export type StartCommand = Extract<RealtimeCommand, { kind: 's' }>;

/**
 * Why a frame was refused: the message the server answers with, and the command letter to
 * answer under (`s <message>` for a bad `s`). `reply` is null when the frame names no command
 * the server answers: the manual defines no response for it (see docs/api.md §9, open points).
 */
export interface RealtimeRefusal {
  readonly reply: 's' | 'p' | 'e' | null;
  readonly message: string;
}

export type RealtimeParsed<T> = Result<T, RealtimeRefusal>;

const refuse = (reply: RealtimeRefusal['reply'], detail?: string): RealtimeParsed<never> =>
  failure({
    reply,
    message:
      detail === undefined
        ? REALTIME_MESSAGES.illegalCommand
        : `${REALTIME_MESSAGES.illegalCommand}: ${detail}`,
  });

/**
 * Documented `s` keys, in the order the official Python client writes them [client:
 * Wrp/python/src/com/amivoice/wrp/Wrp.py]; the Java client adds `mode` and `segmenterType`.
 * Other keys are kept, and ignored by the service [ours].
 */
export const REALTIME_KEYS = [
  'profileId',
  'profileWords',
  'segmenterProperties',
  'keepFillerToken',
  'resultUpdatedInterval',
  'extension',
  'authorization',
  'resultType',
] as const;

/**
 * Separates several engine names in `<grammar_file_names>`; a list holding it ends with it,
 * and `\x01` alone is the empty list [client: every Wrp library sends ` \x01` when no engine
 * is set and appends `\x01` to a list that contains one]. The manual does not mention it.
 */
export const GRAMMAR_SEPARATOR = '\x01';

const SPACE = ' ';
const QUOTE = '"';
const keyRank = new Map<string, number>(REALTIME_KEYS.map((key, index) => [key, index]));

function compareKeys(a: string, b: string): number {
  const rankA = keyRank.get(a) ?? REALTIME_KEYS.length;
  const rankB = keyRank.get(b) ?? REALTIME_KEYS.length;
  if (rankA !== rankB) return rankA - rankB;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A value needs quotes when it holds the delimiter or a quote [public: "if <value> contains
 * spaces, enclose the value in double quotes"; the `""` escape: client: Wrp.py, wrp.js]. */
function formatValue(value: string): string {
  if (!value.includes(SPACE) && !value.includes(QUOTE)) return value;
  return QUOTE + value.replaceAll(QUOTE, QUOTE + QUOTE) + QUOTE;
}

/** A positional token of `s` (format, engine name): no spaces, no `=`, not empty. */
function checkToken(token: string, what: string): void {
  if (
    token === '' ||
    token.includes(SPACE) ||
    token.includes('=') ||
    token.includes(GRAMMAR_SEPARATOR)
  ) {
    throw new TypeError(`invalid ${what} ${JSON.stringify(token)}`);
  }
  if (!token.isWellFormed()) throw new TypeError(`${what} is not well-formed Unicode`);
}

function formatGrammars(grammars: readonly string[]): string {
  for (const grammar of grammars) checkToken(grammar, 'engine name');
  if (grammars.length === 1) return grammars[0] as string;
  return grammars.map((grammar) => grammar + GRAMMAR_SEPARATOR).join('') || GRAMMAR_SEPARATOR;
}

/**
 * The text frame a Wrp-like client sends for a command: `e`, or `s <format> <engines>` and the
 * parameters, documented keys first in the Python client's order, then the rest sorted, values
 * quoted only when they must be. `parseCommand(formatCommand(c))` gives `c` back. Throws on a
 * command no server could read back (a space in the format, a bad key…): that is a bug.
 */
export function formatCommand(command: RealtimeCommand): string {
  if (command.kind === 'e') return 'e';
  checkToken(command.audioFormat, 'audio format');
  const parts = ['s', command.audioFormat, formatGrammars(command.grammars)];
  for (const key of Object.keys(command.params).sort(compareKeys)) {
    if (!isValidDKey(key)) throw new TypeError(`invalid s key ${JSON.stringify(key)}`);
    const value = command.params[key] as string;
    if (!value.isWellFormed())
      throw new TypeError(`the value of ${key} is not well-formed Unicode`);
    parts.push(`${key}=${formatValue(value)}`);
  }
  return parts.join(SPACE);
}

/** Reads the `s` line after `s `. Never throws. */
function parseStart(line: string): RealtimeParsed<StartCommand> {
  let pos = 1;
  const length = line.length;
  // [public] the delimiter is "a single space"; runs of spaces are taken as one [ours: the
  // JavaScript client copies its form fields unchanged, so a trailing space in the engine
  // field gives two spaces in a row, and a space at the end of the line].
  const skipSpaces = () => {
    while (pos < length && line[pos] === SPACE) pos++;
  };
  const readToken = (): string => {
    const start = pos;
    while (pos < length && line[pos] !== SPACE) pos++;
    return line.slice(start, pos);
  };

  skipSpaces();
  const audioFormat = readToken();
  if (audioFormat === '' || audioFormat.includes('=')) {
    return refuse(
      's',
      'the s command needs <audio_format> first (s <audio_format> <grammar_file_names> ...)',
    );
  }
  skipSpaces();
  const grammarField = readToken();
  if (grammarField === '' || grammarField.includes('=')) {
    return refuse('s', 'the s command needs <grammar_file_names> after <audio_format>');
  }
  const grammars = grammarField.includes(GRAMMAR_SEPARATOR)
    ? grammarField.split(GRAMMAR_SEPARATOR).filter((name) => name !== '')
    : [grammarField];

  const params = new Map<string, string>();
  for (let index = 1; ; index++) {
    skipSpaces();
    if (pos >= length) break;
    const start = pos;
    while (pos < length && line[pos] !== SPACE && line[pos] !== '=') pos++;
    if (line[pos] !== '=') {
      // The token is not echoed: it may be a key sent without its name.
      return refuse('s', `parameter ${index} is not <key>=<value>`);
    }
    const key = line.slice(start, pos);
    if (!isValidDKey(key)) {
      return refuse('s', `parameter ${index} has an invalid key (letters, digits, _ . - only)`);
    }
    pos++; // '='
    let value: string;
    if (line[pos] === QUOTE) {
      // [public] a value with spaces is enclosed in double quotes; a quote inside is doubled
      // [client: Wrp.py, Wrp.java, wrp.js write `""`].
      pos++;
      let text = '';
      let closed = false;
      while (pos < length) {
        const ch = line[pos] as string;
        if (ch === QUOTE) {
          if (line[pos + 1] === QUOTE) {
            text += QUOTE;
            pos += 2;
            continue;
          }
          pos++;
          closed = true;
          break;
        }
        text += ch;
        pos++;
      }
      if (!closed) return refuse('s', `the quoted value of ${key} has no closing quote`);
      if (pos < length && line[pos] !== SPACE) {
        return refuse(
          's',
          `the closing quote of ${key} must be followed by a space (write a quote inside as "")`,
        );
      }
      value = text;
    } else {
      // An unquoted value runs to the next space; a quote inside it is an ordinary character
      // [client: Wrp.py and Wrp.java quote profileId, keepFillerToken, resultUpdatedInterval,
      // authorization and resultType only when they hold a space, so `a"b` arrives bare].
      value = readToken();
    }
    // A repeated key: the last one counts [ours].
    params.set(key, value);
  }
  return success({ kind: 's', audioFormat, grammars, params: Object.fromEntries(params) });
}

/**
 * Parses a text frame from a client into a command, or refuses it with the response to send.
 * Never throws. Strict where the manual is, liberal only where an official client needs it
 * (each such rule says which).
 */
export function parseCommand(text: string): RealtimeParsed<RealtimeCommand> {
  const letter = text[0];
  if (letter === 's') {
    if (text.length > 1 && text[1] !== SPACE) return refuse(null, 'unknown command');
    return parseStart(text);
  }
  if (letter === 'e') {
    // [public] the e command is the single letter `e`; trailing spaces are tolerated [ours].
    for (let i = 1; i < text.length; i++) {
      if (text[i] !== SPACE) return refuse('e', 'the e command takes no parameters');
    }
    return success({ kind: 'e' });
  }
  if (letter === 'p') {
    return refuse('p', "audio is sent in a binary frame whose first byte is 'p'");
  }
  return refuse(null, text === '' ? 'empty command' : 'unknown command');
}

/** A binary frame from a client: audio, or a command sent in a binary frame. */
export type RealtimeBinaryFrame =
  | { readonly kind: 'p'; readonly audio: Uint8Array }
  | { readonly kind: 'command'; readonly command: RealtimeCommand };

/**
 * Reads a binary frame. `p<audio>` is audio [public]. A frame starting with `s` or `e` is a
 * command as UTF-8 text [client: the Java javax.websocket implementations, Wrp__.java and
 * Wrp___.java, send every command with sendBinary]. `decodeUtf8` is the platform's strict
 * decoder (null for invalid UTF-8), passed in so that this module stays platform-free.
 */
export function parseBinaryFrame(
  bytes: Uint8Array,
  decodeUtf8: (bytes: Uint8Array) => string | null,
): RealtimeParsed<RealtimeBinaryFrame> {
  const first = bytes[0];
  if (first === AUDIO_PACKET_PREFIX) return success({ kind: 'p', audio: bytes.subarray(1) });
  if (first === 0x73 || first === 0x65) {
    const text = decodeUtf8(bytes);
    if (text === null) return refuse(first === 0x73 ? 's' : 'e', 'the command is not valid UTF-8');
    const command = parseCommand(text);
    return command.ok ? success({ kind: 'command', command: command.data }) : command;
  }
  return refuse(null, bytes.length === 0 ? 'empty frame' : 'unknown command');
}

/** What the service needs from a well-formed `s` before it starts: the format it can decode,
 * at least one engine, and an APPKEY [public: both positional parameters and authorization are
 * "required"]. Semantics beyond that (which engine, whether the key is valid) are the service's. */
export function validateStart(
  command: StartCommand,
): RealtimeParsed<{ format: AudioFormatName; grammar: string; authorization: string }> {
  const format = parseAudioFormatName(command.audioFormat);
  if (!format.ok) return failure({ reply: 's', message: REALTIME_MESSAGES.unsupportedAudioFormat });
  const grammar = command.grammars[0];
  if (grammar === undefined)
    return refuse('s', 'the s command needs <grammar_file_names> after <audio_format>');
  const authorization = command.params['authorization'] ?? '';
  if (authorization === '')
    return failure({ reply: 's', message: REALTIME_MESSAGES.illegalAuthorization });
  return success({ format: format.data, grammar, authorization });
}

// The responses and events (server → client) are in realtime-events.ts.
export * from './realtime-events';

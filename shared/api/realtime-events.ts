/**
 * The realtime WebSocket interface's responses and events, server → client (docs/api.md §9):
 * the responses to commands, the events `S`, `E`, `C`, `U`, `A`, and how a client reads them.
 * The client's commands are in realtime-protocol.ts. Pure, as it is.
 */
import { z } from 'zod';
import { syncResponseSchema, utteranceSchema } from './recognition';
import { type Result, failure, success } from './result';

const SPACE = ' ';

/**
 * A command response: the bare letter on success, `<letter> <message>` on failure [public].
 * `p` has no success response [public]: `reply('p')` is never sent.
 */
export function reply(letter: 's' | 'p' | 'e', message?: string): string {
  return message === undefined || message === '' ? letter : `${letter} ${message}`;
}

/** A token of an interim result: only `written` [public: U event packet]. */
export const interimTokenSchema = z.object({ written: z.string() });

/**
 * The JSON of a `U` event [public: U event packet]: the utterance recognised so far, its last
 * token a dummy `...` and its text ending in `...`.
 */
export const interimResultSchema = z.object({
  results: z.array(z.object({ tokens: z.array(interimTokenSchema), text: z.string() })),
  text: z.string(),
});
export type InterimResult = z.infer<typeof interimResultSchema>;

/** The marker that ends an interim text and its last token [public: U event packet]. */
export const INTERIM_MARKER = '...';

/**
 * The JSON of an `A` event [public: A event packet]: the sync response's shape with exactly one
 * utterance ("although it's an array, it always contains only 1 element"); `utteranceid` names
 * this utterance. Success: code and message empty, text not; failure: the reverse.
 */
export const finalResultSchema = syncResponseSchema.extend({
  results: z.array(utteranceSchema).max(1),
});
export type FinalResult = z.infer<typeof finalResultSchema>;
export type FinalResultInput = z.input<typeof finalResultSchema>;

/**
 * JSON with every non-ASCII character as `\uXXXX`, as the manual's U and A examples are
 * [public]; any JSON parser reads it back unchanged.
 */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function checkMs(ms: number, event: string): number {
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new TypeError(`${event} needs whole milliseconds ≥ 0, not ${ms}`);
  return ms;
}

/** `S <ms>`: an utterance starts, milliseconds from the first audio after `s` [public]. */
export const eventS = (ms: number): string => `S ${checkMs(ms, 'S')}`;
/** `E <ms>`: an utterance ends [public]. */
export const eventE = (ms: number): string => `E ${checkMs(ms, 'E')}`;
/** `C`: recognition of an utterance starts [public: the event list]. */
export const eventC = (): string => 'C';
/** `U <json>`: the interim result [public]. Throws on a result that breaks the schema (a bug). */
export const eventU = (result: InterimResult): string =>
  `U ${asciiJson(interimResultSchema.parse(result))}`;
/** `A <json>`: the final result of one utterance [public]. Throws on a bad result (a bug). */
export const eventA = (result: FinalResultInput): string =>
  `A ${asciiJson(finalResultSchema.parse(result))}`;

/** A message from the server as the official clients read it (client side of §9). */
export type RealtimeServerMessage =
  | { readonly kind: 's' | 'p' | 'e'; readonly error: string | null }
  | { readonly kind: 'S' | 'E'; readonly ms: number }
  | { readonly kind: 'C' }
  | { readonly kind: 'U'; readonly result: InterimResult }
  | { readonly kind: 'A'; readonly result: FinalResult }
  | { readonly kind: 'G'; readonly body: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads a server message as the official clients do [client: Wrp.py onMessage_, wrp.js
 * onmessage]: the first character is the letter, the body starts at the third; for `s`, `p`
 * and `e` any body is an error message. Never throws; refuses what the clients could not use.
 */
export function parseServerMessage(text: string): Result<RealtimeServerMessage, string> {
  const letter = text[0];
  const body = text.slice(2);
  switch (letter) {
    case 's':
    case 'p':
    case 'e':
      return success({ kind: letter, error: text.length > 1 ? body : null });
    case 'S':
    case 'E': {
      if (!/^(0|[1-9][0-9]{0,15})$/.test(body) || text[1] !== SPACE) {
        return failure(`${letter} event without a time in milliseconds`);
      }
      return success({ kind: letter, ms: Number(body) });
    }
    case 'C':
      return success({ kind: 'C' });
    case 'U': {
      const result = interimResultSchema.safeParse(parseJson(body));
      return result.success
        ? success({ kind: 'U', result: result.data })
        : failure('U event with a malformed result');
    }
    case 'A': {
      const result = finalResultSchema.safeParse(parseJson(body));
      return result.success
        ? success({ kind: 'A', result: result.data })
        : failure('A event with a malformed result');
    }
    case 'G':
      return success({ kind: 'G', body });
    default:
      return failure(
        text === '' ? 'empty message' : `unknown message ${JSON.stringify(text.slice(0, 1))}`,
      );
  }
}

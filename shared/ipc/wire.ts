/**
 * Bytes in a channel's output (a rendered export) are bytes: a Uint8Array to whoever shares the
 * core's process or is handed it by structured clone (a program on a link made here, the Electron
 * window), never copied through text there. Only a wire that speaks JSON (the web host, the
 * program endpoint) carries them as base64: its server encodes them (`toWire`) and its client
 * decodes them (`fromWire`), by the channel's own output schema, a zod codec for the bytes.
 *
 * A module of its own, light enough for the window's first screen (the whole contract is not).
 */
import { z } from 'zod';
import type { Result } from './contract';
import { EXPORT_CHOICES } from '../format/export-choices';

/** Bytes: a Uint8Array (a Buffer too, whatever it is a view of); base64 on a JSON wire. */
export const bytesSchema = z.codec(
  z.base64(),
  z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'bytes'),
  {
    decode: (base64) => z.util.base64ToUint8Array(base64),
    encode: (bytes) => z.util.uint8ArrayToBase64(bytes),
  },
);

/** `export:render`'s output: each rendered file, its bytes as bytes. */
export const renderedFilesSchema = z.object({
  files: z.array(
    z.object({
      fileName: z.string(),
      format: z.enum(EXPORT_CHOICES),
      mediaType: z.string(),
      bytes: bytesSchema,
    }),
  ),
});

/** The channels whose outputs carry bytes, by their output schema (the contract's own). */
export const BYTES_ON_WIRE: Readonly<Record<string, z.ZodType>> = {
  'export:render': renderedFilesSchema,
};

/**
 * A Result as a JSON wire carries it: the bytes of a channel's output in base64. Every other
 * channel's output goes as it is (not walked again: a list of 10,000 jobs would cost the time).
 */
export function toWire(channel: string, result: Result<unknown>): Result<unknown> {
  const schema = Object.hasOwn(BYTES_ON_WIRE, channel) ? BYTES_ON_WIRE[channel] : undefined;
  if (!result.ok || !schema) return result;
  return { ok: true, data: z.encode(schema, result.data) };
}

/**
 * A Result taken off a JSON wire, its bytes decoded (`toWire` undone); undefined when its bytes
 * are not base64 (the answer of no Kikitori: the caller says so in its own words).
 */
export function fromWire(channel: string, result: Result<unknown>): Result<unknown> | undefined {
  const schema = Object.hasOwn(BYTES_ON_WIRE, channel) ? BYTES_ON_WIRE[channel] : undefined;
  if (!result.ok || !schema) return result;
  const decoded = schema.safeDecode(result.data);
  return decoded.success ? { ok: true, data: decoded.data } : undefined;
}

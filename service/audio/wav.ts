/** RIFF/WAVE header parsing: 16-bit PCM, µ-law and A-law, plain or WAVE_FORMAT_EXTENSIBLE. */
import type { SampleEncoding } from '../../shared/api';

export interface WavInfo {
  readonly encoding: SampleEncoding;
  readonly sampleRate: number;
  readonly channels: number;
  /** The sample bytes (to the end of the buffer when the header's size is unknown or too large). */
  readonly data: Uint8Array;
}

export type WavParse = { ok: true; value: WavInfo } | { ok: false; message: string };

export function isWav(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE';
}

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

export function parseWav(bytes: Uint8Array): WavParse {
  if (!isWav(bytes)) return { ok: false, message: 'not a RIFF/WAVE file' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: { tag: number; channels: number; sampleRate: number; bits: number } | undefined;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length)
        return { ok: false, message: 'the WAV fmt chunk is truncated' };
      let tag = view.getUint16(body, true);
      if (tag === 0xfffe && size >= 40 && body + 26 <= bytes.length)
        tag = view.getUint16(body + 24, true);
      format = {
        tag,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) return { ok: false, message: 'the WAV data chunk comes before its fmt chunk' };
      const end =
        size === 0 || size === 0xffffffff ? bytes.length : Math.min(bytes.length, body + size);
      const encoding = encodingOf(format.tag, format.bits);
      if (!encoding) {
        return {
          ok: false,
          message: `WAV with format tag ${format.tag} and ${format.bits}-bit samples is not supported (use 16-bit PCM, µ-law or A-law)`,
        };
      }
      if (format.channels < 1 || format.sampleRate < 1)
        return { ok: false, message: 'the WAV header has no channels or no sample rate' };
      return {
        ok: true,
        value: {
          encoding,
          sampleRate: format.sampleRate,
          channels: format.channels,
          data: bytes.subarray(body, end),
        },
      };
    }
    at = body + size + (size % 2);
  }
  return { ok: false, message: 'the WAV file has no data chunk (is it truncated?)' };
}

function encodingOf(tag: number, bits: number): SampleEncoding | undefined {
  if (tag === 1 && bits === 16) return 's16le';
  if (tag === 7 && bits === 8) return 'mulaw';
  if (tag === 6 && bits === 8) return 'alaw';
  return undefined;
}

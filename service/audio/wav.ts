/** RIFF/WAVE header parsing: 16-bit PCM, µ-law and A-law, plain or WAVE_FORMAT_EXTENSIBLE. */
import type { SampleEncoding } from '../../shared/api';

export interface WavHeader {
  readonly encoding: SampleEncoding;
  readonly sampleRate: number;
  readonly channels: number;
  /** Where the samples start. */
  readonly dataOffset: number;
  /** Bytes of samples the header declares, or undefined when unknown (streamed WAV). */
  readonly dataSize: number | undefined;
}

export type WavHeaderParse =
  { state: 'ok'; value: WavHeader } | { state: 'need-more' } | { state: 'error'; message: string };

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

export function isWav(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE';
}

function encodingOf(tag: number, bits: number): SampleEncoding | undefined {
  if (tag === 1 && bits === 16) return 's16le';
  if (tag === 7 && bits === 8) return 'mulaw';
  if (tag === 6 && bits === 8) return 'alaw';
  return undefined;
}

/** Parses the header from the start of a WAV file; `complete` says no more bytes will come. */
export function parseWavHeader(bytes: Uint8Array, complete: boolean): WavHeaderParse {
  if (bytes.length < 12)
    return complete
      ? { state: 'error', message: 'the WAV file is truncated' }
      : { state: 'need-more' };
  if (!isWav(bytes)) return { state: 'error', message: 'not a RIFF/WAVE file' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: { tag: number; channels: number; sampleRate: number; bits: number } | undefined;
  let at = 12;
  const more = (): WavHeaderParse =>
    complete
      ? { state: 'error', message: 'the WAV file has no data chunk (is it truncated?)' }
      : { state: 'need-more' };
  while (true) {
    if (at + 8 > bytes.length) return more();
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'data') {
      if (!format)
        return { state: 'error', message: 'the WAV data chunk comes before its fmt chunk' };
      const encoding = encodingOf(format.tag, format.bits);
      if (!encoding) {
        return {
          state: 'error',
          message: `WAV with format tag ${format.tag} and ${format.bits}-bit samples is not supported (use 16-bit PCM, µ-law or A-law)`,
        };
      }
      if (format.channels < 1 || format.sampleRate < 1)
        return { state: 'error', message: 'the WAV header has no channels or no sample rate' };
      return {
        state: 'ok',
        value: {
          encoding,
          sampleRate: format.sampleRate,
          channels: format.channels,
          dataOffset: body,
          dataSize: size === 0 || size === 0xffffffff ? undefined : size,
        },
      };
    }
    if (body + size > bytes.length) return more();
    if (id === 'fmt ') {
      if (size < 16) return { state: 'error', message: 'the WAV fmt chunk is truncated' };
      let tag = view.getUint16(body, true);
      if (tag === 0xfffe && size >= 40) tag = view.getUint16(body + 24, true);
      format = {
        tag,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    }
    at = body + size + (size % 2);
  }
}

/** Sample decoding: 16-bit PCM either endianness, G.711 µ-law and A-law; first channel only. */
import type { SampleEncoding } from '../../shared/api';

function mulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const sign = u & 0x80;
  const exponent = (u >> 4) & 0x07;
  const mantissa = u & 0x0f;
  const magnitude = (((mantissa << 3) + 0x84) << exponent) - 0x84;
  return sign ? -magnitude : magnitude;
}

function alawToLinear(byte: number): number {
  const a = byte ^ 0x55;
  const sign = a & 0x80;
  const exponent = (a >> 4) & 0x07;
  const mantissa = a & 0x0f;
  const magnitude =
    exponent === 0 ? (mantissa << 4) + 8 : ((mantissa << 4) + 0x108) << (exponent - 1);
  return sign ? magnitude : -magnitude;
}

const MULAW = Float32Array.from({ length: 256 }, (_, i) => mulawToLinear(i) / 32768);
const ALAW = Float32Array.from({ length: 256 }, (_, i) => alawToLinear(i) / 32768);

export const bytesPerSampleOf = (encoding: SampleEncoding): 1 | 2 =>
  encoding === 'mulaw' || encoding === 'alaw' ? 1 : 2;

/** The first channel of interleaved samples, as floats in [-1, 1). Trailing partial frames are dropped. */
export function firstChannel(
  data: Uint8Array,
  encoding: SampleEncoding,
  channels: number,
): Float32Array {
  const width = bytesPerSampleOf(encoding);
  const frame = width * channels;
  const frames = Math.floor(data.length / frame);
  const out = new Float32Array(frames);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < frames; i++) {
    const at = i * frame;
    switch (encoding) {
      case 's16le':
        out[i] = view.getInt16(at, true) / 32768;
        break;
      case 's16be':
        out[i] = view.getInt16(at, false) / 32768;
        break;
      case 'mulaw':
        out[i] = MULAW[data[at]!]!;
        break;
      case 'alaw':
        out[i] = ALAW[data[at]!]!;
        break;
    }
  }
  return out;
}

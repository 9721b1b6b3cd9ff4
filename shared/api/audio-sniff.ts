/**
 * What an audio file is, from its first bytes: one sniffer for the service (which decodes) and
 * the app (which routes and converts). Pure: it takes the header as bytes.
 *
 * An MPEG audio frame header is 11 sync bits, then 2 version bits (00 MPEG 2.5, 01 reserved,
 * 10 MPEG 2, 11 MPEG 1) and 2 layer bits (00 reserved, 01 Layer III, 10 Layer II, 11 Layer I),
 * then the bitrate index (1111 is invalid) and the sample-rate index (11 is reserved). Only
 * Layer III is MP3; Layer I/II (MP2) is another codec, and 0xFFF with layer 00 is AAC (ADTS).
 *
 * Which magic bytes name which container is the formats table's (media-formats.ts); this module
 * reads it, and knows only the frame headers no fixed bytes describe.
 */
import { CONTAINERS, MEDIA_FORMATS, type Container, type MagicBytes } from './media-formats';

/** How many header bytes the sniffer and headerDuration look at, at most. */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  at + length <= bytes.length ? String.fromCharCode(...bytes.subarray(at, at + length)) : '';

export type MpegFrame = { readonly layer: 1 | 2 | 3; readonly version: 1 | 2 | 2.5 };

/** Reads an MPEG audio frame header at `at`, or undefined when the bytes are not one. */
export function mpegFrameAt(bytes: Uint8Array, at = 0): MpegFrame | undefined {
  if (at + 4 > bytes.length) return undefined;
  const [b0, b1, b2] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const versionBits = (b1 >> 3) & 0b11;
  const layerBits = (b1 >> 1) & 0b11;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0b11;
  if (versionBits === 0b01 || layerBits === 0b00 || bitrateIndex === 0b1111 || rateIndex === 0b11)
    return undefined;
  return {
    layer: (4 - layerBits) as 1 | 2 | 3,
    version: versionBits === 0b11 ? 1 : versionBits === 0b10 ? 2 : 2.5,
  };
}

/** Whether one condition of the table's magic holds of `head`. */
function holds(head: Uint8Array, { at, is }: MagicBytes): boolean {
  if (typeof is === 'string') return ascii(head, at, is.length) === is;
  if (is.length > 0 && typeof is[0] === 'string')
    return (is as readonly string[]).some((text) => ascii(head, at, text.length) === text);
  return (is as readonly number[]).every((byte, i) => head[at + i] === byte);
}

/**
 * An AAC ADTS header at `at`: 12 sync bits, layer 00, a valid sampling-frequency index (0–12),
 * and a frame length that covers at least the header; a second header where that frame ends,
 * when the bytes reach that far.
 */
function adtsAt(bytes: Uint8Array, at: number, { again = true } = {}): boolean {
  if (at + 7 > bytes.length) return false;
  if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xf6) !== 0xf0) return false;
  if (((bytes[at + 2]! >> 2) & 0x0f) > 12) return false;
  const length = ((bytes[at + 3]! & 0x03) << 11) | (bytes[at + 4]! << 3) | (bytes[at + 5]! >> 5);
  if (length < 7) return false;
  return !again || at + length + 7 > bytes.length || adtsAt(bytes, at + length, { again: false });
}

/**
 * Recognises a container by its magic bytes. Without `frameSync` a bare MPEG frame header is not
 * taken as one (header-less PCM may begin with the same bits).
 */
export function sniffContainer(
  head: Uint8Array,
  { frameSync = true }: { frameSync?: boolean } = {},
): Container | undefined {
  for (const container of CONTAINERS) {
    if (!MEDIA_FORMATS[container].magic.some((all) => all.every((m) => holds(head, m)))) continue;
    if (container !== 'mp3') return container;
    // An ID3v2 tag (10 bytes, a 28-bit syncsafe size, a footer when flagged) leads MPEG audio;
    // the frame after it tells MP3 from MP2 when the header reaches that far.
    const byte = (at: number) => head[at] ?? 0;
    const size = [6, 7, 8, 9].reduce((sum, at) => (sum << 7) | (byte(at) & 0x7f), 0);
    const end = 10 + size + (byte(5) & 0x10 ? 10 : 0);
    const frame = mpegFrameAt(head, end);
    return frame && frame.layer !== 3 ? 'mp2' : 'mp3';
  }
  if (frameSync) {
    const frame = mpegFrameAt(head);
    if (frame) return frame.layer === 3 ? 'mp3' : 'mp2';
    if (adtsAt(head, 0)) return 'aac';
  }
  return undefined;
}

/**
 * The duration in seconds that a WAV or FLAC header declares, when the given bytes hold it;
 * undefined for other containers, streamed WAV, or a FLAC that does not say its length.
 */
export function headerDuration(head: Uint8Array): number | undefined {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const container = sniffContainer(head);
  if (container === 'wav') {
    let byteRate: number | undefined;
    for (let at = 12; at + 8 <= head.length;) {
      const id = ascii(head, at, 4);
      const size = view.getUint32(at + 4, true);
      if (id === 'fmt ' && at + 20 <= head.length) byteRate = view.getUint32(at + 16, true);
      if (id === 'data')
        return byteRate && size > 0 && size !== 0xffffffff ? size / byteRate : undefined;
      at += 8 + size + (size % 2);
    }
    return undefined;
  }
  if (container === 'flac') {
    // STREAMINFO is the first metadata block: 20-bit sample rate, then 36-bit total samples.
    if (head.length < 8 + 18 || (head[4]! & 0x7f) !== 0) return undefined;
    const at = 8 + 10;
    const rate = (head[at]! << 12) | (head[at + 1]! << 4) | (head[at + 2]! >> 4);
    const total = (head[at + 3]! & 0x0f) * 2 ** 32 + view.getUint32(at + 4, false);
    return rate > 0 && total > 0 ? total / rate : undefined;
  }
  return undefined;
}

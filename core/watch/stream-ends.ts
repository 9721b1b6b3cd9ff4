/**
 * Whether a stream container's last bytes end it: for the containers whose header says nothing
 * of their length, their tail does. Pure: it takes the file's last bytes and its size.
 *
 * - Ogg (Opus, Vorbis, FLAC in Ogg): the last page is whole (its header's segment table says how
 *   long it is) and ends exactly at the end of the file, and it carries the end-of-stream flag a
 *   writer sets on the page it writes last.
 * - MP3: a chain of frames (each header gives its frame's length) ends exactly at the end of the
 *   file, or at an ID3v1 tag's 128 bytes before it; a chain that runs past the end is a frame cut
 *   off.
 * ffmpeg decodes either kind cut off mid-page or mid-frame without an error, so this is what
 * tells them apart.
 */
import { mpegFrameAt } from '../../shared/api/audio-sniff';

export type Tail = 'whole' | 'short' | 'unknown';

/** How many of the file's last bytes are read for this. */
export const TAIL_BYTES = 64 * 1024;

/** The last Ogg page in `tail`: whole, ending the file, and marked the end of the stream. */
export function oggTail(tail: Uint8Array): Tail {
  for (let at = tail.length - 27; at >= 0; at--) {
    if (
      tail[at] !== 0x4f ||
      tail[at + 1] !== 0x67 ||
      tail[at + 2] !== 0x67 ||
      tail[at + 3] !== 0x53
    )
      continue;
    const segments = tail[at + 26]!;
    if (at + 27 + segments > tail.length) return 'short';
    let length = 27 + segments;
    for (let i = 0; i < segments; i++) length += tail[at + 27 + i]!;
    if (at + length > tail.length) return 'short';
    if (at + length < tail.length) return 'unknown';
    return (tail[at + 5]! & 0x04) !== 0 ? 'whole' : 'short';
  }
  return 'unknown';
}

const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 2.5: [11025, 12000, 8000] };

/** The length in bytes of the MP3 (Layer III) frame whose header is at `at`, or undefined. */
export function mp3FrameLength(bytes: Uint8Array, at: number): number | undefined {
  const frame = mpegFrameAt(bytes, at);
  if (!frame || frame.layer !== 3) return undefined;
  const b2 = bytes[at + 2]!;
  const kbps = (frame.version === 1 ? BITRATES_V1_L3 : BITRATES_V2_L3)[b2 >> 4];
  const rate = RATES[frame.version][(b2 >> 2) & 0b11];
  if (!kbps || !rate) return undefined;
  const padding = (b2 >> 1) & 1;
  return Math.floor(((frame.version === 1 ? 144 : 72) * kbps * 1000) / rate) + padding;
}

/** Whether the frames in the tail of an MP3 end at its end (or at an ID3v1 tag's start). */
export function mp3Tail(tail: Uint8Array): Tail {
  const id3v1 =
    tail.length >= 128 &&
    tail[tail.length - 128] === 0x54 &&
    tail[tail.length - 127] === 0x41 &&
    tail[tail.length - 126] === 0x47;
  const end = id3v1 ? tail.length - 128 : tail.length;
  let cutOff = false;
  for (let at = 0; at + 4 <= end; at++) {
    let q = at;
    let frames = 0;
    for (let length = mp3FrameLength(tail, q); length; length = mp3FrameLength(tail, q)) {
      q += length;
      frames++;
      if (q >= end) break;
    }
    // Three frames in a row are no accident of the bytes.
    if (frames < 3) continue;
    if (q === end) return 'whole';
    if (q > end) cutOff = true;
  }
  return cutOff ? 'short' : 'unknown';
}

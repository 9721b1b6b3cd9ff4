/**
 * The audio of a session whose sources are kept apart (shared/ipc/live.ts `apart`): each message
 * is frames of 1 + n 16-bit samples, the mix, then source 0, 1, … n − 1 in the order of `start`'s
 * `sources`. Nothing here knows what a source is: they are indexes, so two microphones are kept
 * apart as a microphone and the computer's sound are, each a channel of the sources' FLAC.
 */

/**
 * A chunk of frames of 1 + `count` samples as the mix (mono) and the sources (interleaved,
 * `count` channels, channel i being source i). A torn last frame is left out.
 */
export function splitFrames(
  chunk: Uint8Array,
  count: number,
): { mix: Uint8Array; sources: Uint8Array } {
  const width = 1 + count;
  const frames = Math.floor(chunk.byteLength / (2 * width));
  const mix = new Uint8Array(frames * 2);
  const sources = new Uint8Array(frames * 2 * count);
  for (let f = 0; f < frames; f++) {
    const at = f * width * 2;
    mix[f * 2] = chunk[at]!;
    mix[f * 2 + 1] = chunk[at + 1]!;
    sources.set(chunk.subarray(at + 2, at + width * 2), f * count * 2);
  }
  return { mix, sources };
}

/**
 * What Chromium's fake microphone plays in the live tests and the live bench: a LibriVox clip
 * followed by silence (the device loops the file, and each loop's silence ends an utterance for
 * the endpointer), and that clip's reference words.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR, LIBRIVOX_DIR } from '../fixtures/build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { pcmOfWav, wavOf } from './wav-header';

export const LIVE_CLIP = 'sense_and_sensibility_01_austen_64kb-0930';
export const MICROPHONE_WAV = join(DEFAULT_FIXTURES_DIR, 'live-microphone.wav');

/** Writes the clip then `silenceSeconds` of silence (16 kHz mono WAV) to `path`; its samples. */
export async function writeMicrophoneFile(
  path: string = MICROPHONE_WAV,
  silenceSeconds = 2,
): Promise<{ path: string; samples: number }> {
  const pcm = pcmOfWav(await readFile(join(DEFAULT_FIXTURES_DIR, 'librivox', `${LIVE_CLIP}.wav`)));
  const data = Buffer.concat([pcm, Buffer.alloc(silenceSeconds * 16_000 * 2)]);
  await writeFile(path, wavOf(data));
  return { path, samples: data.length / 2 };
}

/** The clip's reference words (the LibriVox transcription), lower case. */
export async function liveClipWords(): Promise<string[]> {
  const lines = (await readFile(join(LIBRIVOX_DIR, 'transcription'), 'utf8')).split('\n');
  const line = lines.find((l) => l.includes(`(${LIVE_CLIP})`)) ?? '';
  return line
    .replace(/<\/?s>|\(.*\)/g, '')
    .trim()
    .toLowerCase()
    .split(/\s+/);
}

/** Chromium's launch with its fake microphone playing `MICROPHONE_WAV` (for `test.use`). */
export const FAKE_MICROPHONE_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  args: [
    ...CHROMIUM_ARGS,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${MICROPHONE_WAV}`,
  ],
};

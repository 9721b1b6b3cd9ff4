/**
 * The core's one door to media files and to Debian's ffmpeg: reading a file's first bytes (what
 * the formats table's sniffer and the header's length read), asking ffprobe how long it is, and
 * running ffmpeg (a file converted to FLAC, or cut to the stretches where people speak; a live
 * recording encoded as it arrives, an unfinished recording made whole). Nothing else in the core
 * reads a head or spawns ffmpeg or ffprobe but the speech detector's library, which decodes the
 * file it is given in its worker (core/jobs/speech-detector.ts); the local service decodes with
 * its own (service/audio/decode.ts: the app and the service share only shared/).
 *
 * Every FLAC made here is 16 kHz, 16-bit, mono: at most 32 kB a second of audio, so the size of a
 * converted file follows from its length (core/jobs/routing.ts routes it before it exists).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { open, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { headerDuration, SNIFF_BYTES } from '../../shared/api/audio-sniff';
import { AppFailure, appError } from '../../shared/domain/errors';
import { SPEECH_CUT, type Stretch } from '../../shared/domain/speech-only';
import { LIVE_AUDIO } from '../../shared/ipc/live';

/** ffmpeg's options for every run: no banner, errors only, never reading the terminal. */
const QUIET = ['-hide_banner', '-loglevel', 'error', '-nostdin'];

/** The FLAC every conversion writes: 16 kHz, 16-bit, mono. */
const FLAC_16K_MONO = ['-ac', '1', '-ar', '16000', '-sample_fmt', 's16', '-c:a', 'flac'];

/**
 * The largest a FLAC of `seconds` written here can be: 32,000 bytes a second of 16-bit samples
 * stored verbatim (FLAC's worst case, for noise), its frames' headers and checks (well under 400
 * bytes a second) and the metadata ffmpeg writes before the audio (under 8.5 kB with its padding).
 */
export const flacBytesAtMost = (seconds: number): number => Math.ceil(seconds * 32_400) + 16 * 1024;

/**
 * The first bytes of a file (SNIFF_BYTES at most): of an open descriptor (read from its start,
 * so what is checked is what is then streamed), or of a path, opened and closed here.
 */
export async function readHead(file: string | FileHandle): Promise<Uint8Array> {
  if (typeof file !== 'string') {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  }
  const handle = await open(file, 'r');
  try {
    return await readHead(handle);
  } finally {
    await handle.close();
  }
}

/**
 * A media file as ffmpeg and ffprobe are given it: a path, or a file already opened and checked
 * (core/media/media-file.ts), which they read through their standard input: `/dev/stdin` reopens that
 * very file (seekable, so an MP4 whose index comes last converts), never the path, which may
 * since name something else. Windows has no /dev/stdin: there the path is given.
 */
export type MediaInput = string | { readonly handle: FileHandle; readonly path: string };

function inputOf(input: MediaInput): { readonly name: string; readonly stdin: 'ignore' | number } {
  if (typeof input === 'string') return { name: input, stdin: 'ignore' };
  if (process.platform === 'win32') return { name: input.path, stdin: 'ignore' };
  return { name: '/dev/stdin', stdin: input.handle.fd };
}

const pathOf = (input: MediaInput) => (typeof input === 'string' ? input : input.path);

/** Runs ffmpeg or ffprobe on `input` to its end: what it printed, or the error with its stderr. */
function runOn(
  command: 'ffmpeg' | 'ffprobe',
  input: MediaInput,
  args: (name: string) => string[],
): Promise<{ stdout: string; stderr: string }> {
  const { name, stdin } = inputOf(input);
  return new Promise((settle, fail) => {
    const child: ChildProcess = spawn(command, args(name), { stdio: [stdin, 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code: number | null) =>
      code === 0
        ? settle({ stdout, stderr })
        : fail(Object.assign(new Error(`${command} exited with ${code}`), { stderr })),
    );
  });
}

/** How long the audio is by ffprobe (part of Debian's ffmpeg); undefined when it cannot tell. */
export async function probeSeconds(input: MediaInput): Promise<number | undefined> {
  try {
    const { stdout } = await runOn('ffprobe', input, (name) => [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', name],
    ]);
    const seconds = Number.parseFloat(stdout);
    return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How long the audio is, in seconds: from a WAV or FLAC header when it says, else from ffprobe;
 * undefined when neither can tell.
 */
export async function audioSeconds(
  input: MediaInput,
  probe: (input: MediaInput) => Promise<number | undefined> = probeSeconds,
): Promise<number | undefined> {
  const head = await readHead(typeof input === 'string' ? input : input.handle);
  return headerDuration(head) ?? (await probe(input));
}

/** Converts the first audio stream to FLAC 16 kHz mono; `ffmpeg-missing` or `conversion-failed`. */
export async function convertToFlac(input: MediaInput, output: string): Promise<void> {
  await ffmpegOn(input, (source) => [
    ...['-i', source, '-vn', '-map', '0:a:0'],
    ...FLAC_16K_MONO,
    output,
  ]);
}

/**
 * Writes the `kept` stretches of the first audio stream (ms, in order, each a whole number of
 * SPEECH_CUT.stepMs from the start), one after another, as a FLAC 16 kHz mono. The audio is
 * resampled, numbered by its samples (as the detector counted them, whatever the container's
 * own start time) and cut into frames of exactly that step, and whole frames are kept: the file
 * is exactly the stretches' length, so a time in it maps back exactly. The selection goes to
 * ffmpeg as a filter script beside `output`: a meeting's hundreds of stretches would not fit in
 * one argument.
 */
export async function cutToFlac(
  input: MediaInput,
  kept: readonly Stretch[],
  output: string,
): Promise<void> {
  // A frame is kept when it starts inside a stretch, judged half a frame early: a frame's start
  // (its sample number times 1/16000) is a hair off its round value, either way.
  const seconds = (ms: number) => ((ms - SPEECH_CUT.stepMs / 2) / 1000).toFixed(4);
  const frame = (16_000 * SPEECH_CUT.stepMs) / 1000;
  const select = kept.map(([from, to]) => `gte(t,${seconds(from)})*lt(t,${seconds(to)})`);
  const script = `${output}.filter`;
  await writeFile(
    script,
    `aresample=16000,asetpts=N/SR/TB,asetnsamples=n=${frame}:p=0,` +
      `aselect='${select.join('+') || '0'}',asetpts=N/SR/TB\n`,
  );
  try {
    await ffmpegOn(input, (source) => [
      ...['-i', source, '-vn', '-map', '0:a:0', '-filter_script:a', script],
      ...[...FLAC_16K_MONO, output],
    ]);
  } finally {
    await rm(script, { force: true });
  }
}

/** Runs ffmpeg on `input` to its end; `ffmpeg-missing` or `conversion-failed`. */
async function ffmpegOn(input: MediaInput, args: (source: string) => string[]): Promise<void> {
  const name = basename(pathOf(input));
  try {
    await runOn('ffmpeg', input, (source) => [...QUIET, '-y', ...args(source)]);
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new AppFailure(appError('ffmpeg-missing', { name }));
    const detail = (e.stderr || e.message).trim().split('\n').at(-1) ?? 'ffmpeg failed';
    throw new AppFailure(appError('conversion-failed', { name }, detail));
  }
}

/**
 * Re-encodes what decodes of `input` to a FLAC at `output` whose header says its length (an
 * unfinished live recording made whole); whether ffmpeg succeeded.
 */
export function reencodeFlac(input: string, output: string): Promise<boolean> {
  return new Promise((resolve) => {
    const args = [...QUIET, '-y', '-i', input, '-vn', '-c:a', 'flac', '-f', 'flac', output];
    const child = spawn('ffmpeg', args, { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code: number | null) => resolve(code === 0));
  });
}

/**
 * Starts `command` (ffmpeg) encoding LSB16K audio written to its stdin (interleaved, with several
 * `channels`) into a FLAC at `output`, each frame written out as it is encoded; its stderr is
 * piped for the caller to read.
 */
export function spawnFlacEncoder(command: string, output: string, channels = 1): ChildProcess {
  const args = [
    ...[...QUIET, '-y'],
    ...['-f', 's16le', '-ar', String(LIVE_AUDIO.sampleRate), '-ac', String(channels)],
    ...['-i', 'pipe:0'],
    // Without it ffmpeg keeps about 1 s of frames in its buffer: a crash would lose them.
    ...['-c:a', 'flac', '-flush_packets', '1', '-f', 'flac', output],
  ];
  return spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] });
}

/**
 * Starts ffmpeg decoding the first audio stream of `input` to LSB16K (16 kHz mono 16-bit PCM) on
 * its stdout, read at the reader's pace (a program's stream fed to the realtime interface).
 */
export function spawnPcmDecoder(input: string): ChildProcess {
  const args = [
    ...[...QUIET, '-i', input, '-vn', '-map', '0:a:0'],
    ...['-f', 's16le', '-ar', String(LIVE_AUDIO.sampleRate), '-ac', '1', 'pipe:1'],
  ];
  return spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'ignore'] });
}

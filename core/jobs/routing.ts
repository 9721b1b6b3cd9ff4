/**
 * Where a dropped file goes (issue 4 §3): audio the API takes goes sync when it is at most
 * 16,777,215 bytes and at most the sync length (LIMITS.syncAudioSeconds); larger or longer goes
 * async (v2), so a small file of hours is not refused. Containers the API does not take (M4A,
 * AAC, MP4 and other video, WebM, MP2) are converted first with ffmpeg to FLAC, 16 kHz mono.
 */
import { execFile } from 'node:child_process';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { modeOf, routeOf } from '../../shared/api/route';
import { headerDuration, SNIFF_BYTES, type Container } from '../../shared/api/audio-sniff';
import { AppFailure, appError } from '../../shared/domain/errors';
import { fileReason } from '../errors';

const run = promisify(execFile);

async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Containers the API takes as they are; every other one is converted to FLAC first. */
export const sentAsIs = (container: Container): boolean =>
  container === 'wav' || container === 'flac' || container === 'ogg' || container === 'mp3';

/**
 * How long the audio is, in seconds: from a WAV or FLAC header when it says, else from ffprobe
 * (part of Debian's ffmpeg); undefined when neither can tell.
 */
export async function audioSeconds(
  path: string,
  probe: (path: string) => Promise<number | undefined> = ffprobeSeconds,
): Promise<number | undefined> {
  return headerDuration(await readHead(path)) ?? (await probe(path));
}

export async function ffprobeSeconds(path: string): Promise<number | undefined> {
  try {
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path],
    ]);
    const seconds = Number.parseFloat(stdout);
    return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
  } catch {
    return undefined;
  }
}

export async function checkFile(path: string): Promise<{ size: number }> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
    if (info.size === 0) throw Object.assign(new Error('the file is empty'), { code: 'EMPTY' });
    return { size: info.size };
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    throw new AppFailure(
      appError(
        'file',
        { path, name: basename(path), reason: fileReason(failure) },
        failure.message,
      ),
    );
  }
}

/** Converts to FLAC 16 kHz mono; a clear AppError when ffmpeg is missing or fails. */
export async function convertToFlac(input: string, output: string): Promise<void> {
  try {
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-y',
      '-i',
      input,
      '-vn',
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'flac',
      output,
    ]);
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new AppFailure(appError('ffmpeg-missing', { name: basename(input) }));
    const detail = (e.stderr ?? e.message).trim().split('\n').at(-1) ?? 'ffmpeg failed';
    throw new AppFailure(appError('conversion-failed', { name: basename(input) }, detail));
  }
}

/** Sync when both size and length (if known) are within the sync limits. */
export const route = (size: number, seconds: number | undefined): 'sync' | 'async' =>
  modeOf(routeOf({ size, seconds, speakers: false }));

/**
 * Where the file at `path` goes (shared/api/route.ts), and how long its audio is when that can
 * be told (kept on the job for progress estimates).
 */
export async function routeFile(
  path: string,
  size: number,
  { speakers = false }: { readonly speakers?: boolean } = {},
): Promise<{ mode: 'sync' | 'async'; seconds: number | undefined }> {
  const seconds = await audioSeconds(path);
  return { mode: modeOf(routeOf({ size, seconds, speakers })), seconds };
}

/**
 * Where a dropped file goes (issue 4 §3): audio the API takes, up to 16,777,215 bytes, goes
 * sync; larger goes async (v2). Containers the API does not take (M4A, AAC, MP4 and other video,
 * WebM) are converted first with ffmpeg to FLAC, 16 kHz mono.
 */
import { execFile } from 'node:child_process';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { LIMITS } from '../../shared/api';
import { AppFailure, appError } from '../../shared/domain/errors';
import { fileReason } from '../api-client/reasons';

const run = promisify(execFile);

export type Sniffed = 'wav' | 'flac' | 'ogg' | 'mp3' | 'convert';

/** Looks at a file's first bytes: accepted containers pass as they are; anything else is converted. */
export async function sniffFile(path: string): Promise<Sniffed> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await file.read(head, 0, 12, 0);
    const ascii = (at: number, n: number) => head.subarray(at, at + n).toString('latin1');
    if (bytesRead >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WAVE') return 'wav';
    if (ascii(0, 4) === 'fLaC') return 'flac';
    if (ascii(0, 4) === 'OggS') return 'ogg';
    if (
      ascii(0, 3) === 'ID3' ||
      (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0)
    )
      return 'mp3';
    return 'convert';
  } finally {
    await file.close();
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
    throw new AppFailure(appError('file', { path, reason: fileReason(failure) }, failure.message));
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

export const routeBySize = (size: number): 'sync' | 'async' =>
  size <= LIMITS.syncAudioBytes ? 'sync' : 'async';

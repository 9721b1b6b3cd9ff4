/**
 * The ffmpeg a live recording is encoded by (live-recording.ts): it takes the LSB16K audio on
 * its standard input as it arrives and writes FLAC, with a bounded queue while it catches up.
 * How it stopped says why: a full disk is said as such (`live-disk-full`), anything else as the
 * encoder ending (`recording-failed`).
 */
import type { ChildProcess } from 'node:child_process';
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppFailure, appError, type AppError } from '../../shared/domain/errors';
import { LIVE_AUDIO } from '../../shared/ipc/live';
import { spawnFlacEncoder } from '../media/media-tools';

/** Bytes of LSB16K audio per millisecond (16 kHz, 2 bytes a sample). */
export const BYTES_PER_MS = (LIVE_AUDIO.sampleRate * LIVE_AUDIO.bytesPerSample) / 1000;

/** Audio waiting for ffmpeg, at most: 10 s (320 kB). Beyond it ffmpeg is not keeping up. */
export const MAX_QUEUED_BYTES = 10_000 * BYTES_PER_MS;

/** Less room than this on the disk when ffmpeg stops: it stopped because the disk is full. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/** Whether the disk holding `path` has (almost) no room left for this user. */
function nearlyFull(path: string): boolean {
  try {
    const fs = statfsSync(path);
    return fs.bavail * fs.bsize < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}

/** The error of a live session on a full disk: what is finalized is kept in memory. */
export const liveDiskFull = (dataDir: string, detail?: string): AppError =>
  appError('live-disk-full', { path: dataDir }, detail);

export const isDiskFull = (error: unknown): boolean => {
  const code =
    error instanceof AppFailure ? error.error.code : (error as NodeJS.ErrnoException)?.code;
  return (
    code === 'disk-full' || code === 'live-disk-full' || code === 'ENOSPC' || code === 'EDQUOT'
  );
};

/** How long `finish` waits for ffmpeg to write the end of the file before killing it. */
const ENCODER_EXIT_MS = 30_000;

/** ffmpeg encoding stdin to the recording, and how it ended. */
export class Encoder {
  private stderr = '';
  private readonly exited: Promise<{ code: number | null; signal: string | null }>;
  /** Why it cannot take audio any more. */
  failure: AppError | undefined;
  private closing = false;

  private constructor(
    readonly child: ChildProcess,
    private readonly path: string,
    private readonly onFailure: (error: AppError) => void,
  ) {
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      this.stderr = (this.stderr + text).slice(-2_000);
    });
    // A write after ffmpeg died fails with EPIPE, a late kill may fail: the exit says why, once.
    child.stdin?.on('error', () => undefined);
    child.on('error', () => undefined);
    void this.exited.then(({ code, signal }) => {
      if (this.closing) return;
      const detail = this.lastLine() || `exit ${code ?? signal}`;
      // ffmpeg could not write: the disk is full (said as such, not as ffmpeg stopping).
      if (nearlyFull(dirname(path))) this.failWith(liveDiskFull(dirname(dirname(path)), detail));
      else this.fail('encoder-ended', detail);
    });
  }

  static async start(
    command: string,
    path: string,
    onFailure: (error: AppError) => void,
    channels = 1,
  ): Promise<Encoder> {
    const child = spawnFlacEncoder(command, path, channels);
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new AppFailure(
            appError(
              'recording-failed',
              { path, reason: error.code === 'ENOENT' ? 'ffmpeg-missing' : 'encoder-ended' },
              error.message,
            ),
          ),
        ),
      );
    });
    return new Encoder(child, path, onFailure);
  }

  private lastLine(): string {
    return this.stderr.trim().split('\n').at(-1) ?? '';
  }

  fail(reason: 'encoder-ended' | 'too-slow', detail?: string): void {
    this.failWith(appError('recording-failed', { path: this.path, reason }, detail));
  }

  private failWith(error: AppError): void {
    if (this.failure) return;
    this.failure = error;
    this.onFailure(error);
  }

  /** Bytes written but not yet taken by ffmpeg. */
  get queued(): number {
    return this.child.stdin?.writableLength ?? 0;
  }

  write(pcm: Uint8Array): void {
    // A copy: the caller may reuse its buffer, and the stream keeps it until ffmpeg reads it.
    this.child.stdin!.write(Buffer.from(pcm));
  }

  /**
   * Ends the input and waits for ffmpeg to write the end of the file; whether it did (a killed
   * or failed ffmpeg leaves a file to repair).
   */
  async close(): Promise<boolean> {
    this.closing = true;
    this.child.stdin?.end();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), ENCODER_EXIT_MS);
    });
    const ended = await Promise.race([this.exited, timeout]);
    clearTimeout(timer);
    if (ended === 'timeout') {
      this.child.kill('SIGKILL');
      await this.exited;
      return false;
    }
    return ended.code === 0 && this.failure === undefined;
  }

  kill(): Promise<unknown> {
    this.closing = true;
    this.child.kill('SIGKILL');
    return this.exited;
  }
}

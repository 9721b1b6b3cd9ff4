/**
 * The player's source audio, for both hosts (docs/architecture.md §4): a job's original file with
 * HTTP Range support (a player seeks by asking for byte ranges). Only files a job names are
 * served, never a path taken from a URL. The web host answers `GET /media/<job id>` with it; the
 * Electron host answers `app://kikitori/media/<job id>` with `mediaResponse`.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import type { Job } from '../shared/domain/job';

const AUDIO_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.wave': 'audio/wav',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
};

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` → the inclusive range, or 'bad' when unsatisfiable. */
export function parseRange(
  header: string | null | undefined,
  size: number,
): { start: number; end: number } | 'bad' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'bad';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'bad';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'bad';
  return { start, end };
}

/** What to answer for a job's media: status, headers, and the byte range of the body. */
export interface MediaAnswer {
  readonly status: 200 | 206 | 404 | 416;
  readonly headers: Record<string, string>;
  readonly body?: { readonly path: string; readonly start: number; readonly end: number };
}

export async function mediaAnswer(
  job: Job | undefined,
  rangeHeader: string | null | undefined,
): Promise<MediaAnswer> {
  const path = job?.file.path;
  const info = path ? await stat(path).catch(() => undefined) : undefined;
  if (!path || !info?.isFile()) return { status: 404, headers: { 'Cache-Control': 'no-store' } };
  const headers = {
    'Content-Type': AUDIO_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  const range = parseRange(rangeHeader, info.size);
  if (range === 'bad')
    return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${info.size}` } };
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  return {
    status: range ? 206 : 200,
    headers: {
      ...headers,
      'Content-Length': String(end - start + 1),
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${info.size}` } : {}),
    },
    body: { path, start, end },
  };
}

/** The same answer as a web Response, for a protocol handler (Electron's app://). */
export async function mediaResponse(job: Job | undefined, request: Request): Promise<Response> {
  const answer = await mediaAnswer(job, request.headers.get('range'));
  const body =
    answer.body && request.method !== 'HEAD'
      ? (Readable.toWeb(
          createReadStream(answer.body.path, { start: answer.body.start, end: answer.body.end }),
        ) as ReadableStream<Uint8Array>)
      : null;
  return new Response(body, { status: answer.status, headers: answer.headers });
}

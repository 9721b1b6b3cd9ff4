/**
 * The player's source audio in browser mode (docs/architecture.md §4): `GET /media/<job id>` serves the
 * job's original file with HTTP Range support (the browser seeks by asking for byte ranges).
 * The server checks the token first; only files a job names are served, never a path from the URL.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
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
  header: string | undefined,
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

export async function serveMedia(
  job: Job | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const path = job?.file.path;
  const info = path ? await stat(path).catch(() => undefined) : undefined;
  if (!path || !info?.isFile()) {
    res.writeHead(404, { 'Cache-Control': 'no-store' });
    return void res.end();
  }
  const headers = {
    'Content-Type': AUDIO_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  const range = parseRange(req.headers.range, info.size);
  if (range === 'bad') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${info.size}` });
    return void res.end();
  }
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  res.writeHead(range ? 206 : 200, {
    ...headers,
    'Content-Length': end - start + 1,
    ...(range ? { 'Content-Range': `bytes ${start}-${end}/${info.size}` } : {}),
  });
  if (req.method === 'HEAD') return void res.end();
  await pipeline(createReadStream(path, { start, end }), res).catch(() => {
    // The player moved on (seeked, closed) before the range was sent: nothing to do.
  });
}

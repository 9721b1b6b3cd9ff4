/**
 * The player's source audio, for both hosts (docs/architecture.md §4): a job's original file with
 * HTTP Range support (a player seeks by asking for byte ranges). Only files a job names are
 * served, never a path taken from a URL. The web host answers `GET /media/<job id>` with it; the
 * Electron host answers `app://kikitori/media/<job id>` with `mediaResponse`.
 */
import { Readable } from 'node:stream';
import type { Job } from '../../shared/domain/job';
import { servedType } from '../../shared/api/media-formats';
import { openMedia, type OpenedMedia } from './media-file';

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
  /** The open file to send `start`–`end` of; whoever gets it closes it (streams do on end). */
  readonly body?: {
    readonly file: OpenedMedia['handle'];
    readonly start: number;
    readonly end: number;
  };
}

const NOT_FOUND: MediaAnswer = { status: 404, headers: { 'Cache-Control': 'no-store' } };

/**
 * The answer for a job's file: served only when the job recorded it as accepted media and its
 * first bytes, read now, still are that container (the file may have been replaced since);
 * the type comes from those bytes. Anything else is a 404 with no bytes.
 */
export async function mediaAnswer(
  job: Job | undefined,
  rangeHeader: string | null | undefined,
): Promise<MediaAnswer> {
  const accepted = job?.file.container;
  if (!job || !accepted) return NOT_FOUND;
  const media = await openMedia(job.file.path).catch(() => undefined);
  if (!media) return NOT_FOUND;
  if (media.container !== accepted) {
    await media.handle.close();
    return NOT_FOUND;
  }
  const { size } = media;
  const headers = {
    'Content-Type': servedType(media.container),
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  const range = parseRange(rangeHeader, size);
  if (range === 'bad') {
    await media.handle.close();
    return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } };
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  return {
    status: range ? 206 : 200,
    headers: {
      ...headers,
      'Content-Length': String(end - start + 1),
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
    },
    body: { file: media.handle, start, end },
  };
}

/** The body of an answer as a stream that closes the file when it ends or is destroyed. */
export function mediaStream(body: NonNullable<MediaAnswer['body']>): Readable {
  return body.file.createReadStream({ start: body.start, end: body.end, autoClose: true });
}

/** The same answer as a web Response, for a protocol handler (Electron's app://). */
export async function mediaResponse(job: Job | undefined, request: Request): Promise<Response> {
  const answer = await mediaAnswer(job, request.headers.get('range'));
  let body: ReadableStream<Uint8Array> | null = null;
  if (answer.body && request.method !== 'HEAD')
    body = Readable.toWeb(mediaStream(answer.body)) as ReadableStream<Uint8Array>;
  else await answer.body?.file.close();
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/**
 * The player's source audio in browser mode: `GET /media/<job id>` answers with the core's media
 * answer (core/media/media.ts: the job's own file, HTTP Range). The server checks the token first.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { mediaAnswer, mediaStream } from '../core/media/media';
import type { Job } from '../shared/domain/job';

export async function serveMedia(
  job: Job | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const answer = await mediaAnswer(job, req.headers.range);
  res.writeHead(answer.status, answer.headers);
  if (!answer.body || req.method === 'HEAD') {
    await answer.body?.file.close();
    return void res.end();
  }
  await pipeline(mediaStream(answer.body), res).catch(() => {
    // The player moved on (seeked, closed) before the range was sent: nothing to do.
  });
}

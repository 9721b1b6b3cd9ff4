import type { IncomingMessage } from 'node:http';

/**
 * Reads a small body whole; undefined when it passes `limit` bytes, ends early or takes longer
 * than `deadlineMs` (a sender not yet authenticated must not hold the service for long).
 */
export async function readSmallBody(
  req: IncomingMessage,
  limit: number,
  deadlineMs?: number,
): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  let late = false;
  const timer =
    deadlineMs === undefined
      ? undefined
      : setTimeout(() => {
          late = true;
          req.destroy();
        }, deadlineMs);
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) return undefined;
      chunks.push(chunk);
    }
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
  return req.complete && !late ? Buffer.concat(chunks, size) : undefined;
}

import type { IncomingMessage } from 'node:http';

/** Reads a small body whole; undefined when it passes `limit` bytes or ends early. */
export async function readSmallBody(
  req: IncomingMessage,
  limit: number,
): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) return undefined;
      chunks.push(chunk);
    }
  } catch {
    return undefined;
  }
  return req.complete ? Buffer.concat(chunks, size) : undefined;
}

/**
 * Browser mode's sessions, kept across starts of the app on one data folder (issue #29 §8), so a
 * tab left open keeps working when Kikitori is stopped and started again:
 * `<data>/web-sessions.json` (0600 in the 0700 data folder, written atomically) holds each
 * session's SHA-256 hash and when it ends, never the secret, and the port the host last listened
 * on (a tab's session is kept per origin, so a new start listens there again when it can).
 * A session ends 12 hours after its last use, whichever start saw that use; a session of another
 * data folder is never in this file. The launch token is not involved: it changes every start.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { readJson, writeJsonAtomic } from '../core/storage/atomic-json';

const SCHEMA = 1;
const fileSchema = z.object({
  port: z.number().int().min(1).max(65535).optional(),
  sessions: z.array(z.object({ name: z.string().min(1), expires: z.number() })),
});
export type StoredSessions = z.infer<typeof fileSchema>;

/** How long a session's newer end may wait before it is written (a use slides it). */
const SLIDE_WRITE_MS = 30_000;

export const sessionsFile = (dataDir: string) => join(dataDir, 'web-sessions.json');

/** What the last start left; nothing when there is no file or it cannot be read. */
export async function readStoredSessions(dataDir: string): Promise<StoredSessions> {
  try {
    const parsed = fileSchema.safeParse(await readJson(sessionsFile(dataDir), SCHEMA));
    if (parsed.success) return parsed.data;
  } catch {
    // A torn or newer file: start with no sessions (the person opens the new address).
  }
  return { sessions: [] };
}

/** The port the host last listened on for this data folder, if any. */
export const lastPort = async (dataDir: string): Promise<number | undefined> =>
  (await readStoredSessions(dataDir)).port;

/**
 * Writes the sessions as they change: at once when one is added or ended (a claim is answered
 * only once its session is on disk), within 30 s when a use only slid an end, and on `flush`.
 * Writes never overlap; the newest state wins.
 */
export function sessionWriter(dataDir: string, snapshot: () => StoredSessions) {
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const write = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    chain = chain
      .then(() => writeJsonAtomic(sessionsFile(dataDir), snapshot(), SCHEMA))
      .catch(() => {
        // A disk that refuses leaves sessions in memory: they still end with this start.
      });
    return chain;
  };
  return {
    now: write,
    soon(): void {
      if (timer) return;
      timer = setTimeout(() => void write(), SLIDE_WRITE_MS);
      timer.unref();
    },
    flush: write,
  };
}

/**
 * The log store of logged requests (`/v1/recognize`, async jobs without loggingOptOut=True, live
 * sessions on the `/v1/` WebSocket): the audio and the result, kept for a configurable number of
 * days. Nolog requests and sessions never reach it.
 */
import { copyFile, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../storage/database';

const PART = '.part';
/** A live session lasts at most 24 h (docs/api.md §9); a `.part` older than a day more is a crash's. */
const STALE_PART_MS = 48 * 3_600_000;

/** The log of one live session, written while it runs. */
export interface LiveLog {
  /**
   * Appends audio as the session's decoder takes it; the chunk is the log's until the write
   * settles (never rejects: a write that fails ends the logging of the audio, not the session).
   */
  write(chunk: Uint8Array): Promise<void>;
  /** Ends the audio and writes the row with the session's result. Once; later calls do nothing. */
  finish(result: unknown): Promise<void>;
  /** Ends without a row and removes the audio (nothing worth keeping). */
  discard(): Promise<void>;
}

export class LogStore {
  readonly dir: string;
  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly retentionDays: number,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = join(dataDir, 'logs');
  }

  /** Keeps a request's audio (bytes, or a file to copy) and its result. */
  async record(entry: {
    accountId: number;
    kind: 'sync' | 'async' | 'live';
    sessionId: string;
    audio: Uint8Array | { path: string };
    result: unknown;
  }): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const audioPath = join(this.dir, `${entry.sessionId}.audio`);
    if (entry.audio instanceof Uint8Array) await writeFile(audioPath, entry.audio, { mode: 0o600 });
    else await copyFile(entry.audio.path, audioPath);
    this.insert(entry.accountId, entry.kind, entry.sessionId, audioPath, entry.result);
  }

  /** `.part` files older than the longest session were left by a crash. */
  private async purgeStaleParts(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    for (const name of names.filter((n) => n.endsWith(PART))) {
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info && info.mtimeMs < this.now() - STALE_PART_MS) await rm(path, { force: true });
    }
  }

  /**
   * A live session's log: its audio is appended as it arrives (held in a `.part` file, so a
   * session of hours is never held in memory), and its row is written when it ends. A crash in
   * between leaves only the `.part` file, which `purge` removes once no session can own it.
   */
  async openLive(accountId: number, sessionId: string): Promise<LiveLog> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const audioPath = join(this.dir, `${sessionId}.audio`);
    const partPath = `${audioPath}${PART}`;
    const file = await open(partPath, 'w', 0o600);
    let writing: Promise<unknown> = Promise.resolve();
    let closed = false;
    const close = async () => {
      if (closed) return false;
      closed = true;
      await writing.catch(() => {});
      await file.close();
      return true;
    };
    return {
      write: (chunk) => {
        if (closed) return Promise.resolve();
        const written = writing.then(() => file.write(chunk));
        writing = written;
        return written.then(
          () => undefined,
          () => undefined,
        );
      },
      finish: async (result) => {
        if (!(await close())) return;
        await rename(partPath, audioPath);
        this.insert(accountId, 'live', sessionId, audioPath, result);
      },
      discard: async () => {
        if (await close()) await rm(partPath, { force: true });
      },
    };
  }

  private insert(
    accountId: number,
    kind: string,
    sessionId: string,
    audioPath: string,
    result: unknown,
  ): void {
    this.db
      .prepare(
        'INSERT INTO request_log (account_id, kind, session_id, audio_path, result_json, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(accountId, kind, sessionId, audioPath, JSON.stringify(result), this.now());
  }

  /** Deletes entries older than the retention period. */
  async purge(): Promise<number> {
    await this.purgeStaleParts();
    const cutoff = this.now() - this.retentionDays * 86_400_000;
    const old = this.db
      .prepare('SELECT id, audio_path FROM request_log WHERE created_at < ?')
      .all(cutoff) as Array<{ id: number; audio_path: string | null }>;
    for (const row of old) {
      if (row.audio_path) await rm(row.audio_path, { force: true });
      this.db.prepare('DELETE FROM request_log WHERE id = ?').run(row.id);
    }
    return old.length;
  }
}

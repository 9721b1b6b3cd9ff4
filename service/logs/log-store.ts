/**
 * The log store of logged requests (`/v1/recognize`, async jobs without loggingOptOut=True): the
 * audio and the result, kept for a configurable number of days. Nolog requests never reach it.
 */
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../storage/database';

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
    kind: 'sync' | 'async';
    sessionId: string;
    audio: Uint8Array | { path: string };
    result: unknown;
  }): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const audioPath = join(this.dir, `${entry.sessionId}.audio`);
    if (entry.audio instanceof Uint8Array) await writeFile(audioPath, entry.audio, { mode: 0o600 });
    else await copyFile(entry.audio.path, audioPath);
    this.db
      .prepare(
        'INSERT INTO request_log (account_id, kind, session_id, audio_path, result_json, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        entry.accountId,
        entry.kind,
        entry.sessionId,
        audioPath,
        JSON.stringify(entry.result),
        this.now(),
      );
  }

  /** Deletes entries older than the retention period. */
  async purge(): Promise<number> {
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

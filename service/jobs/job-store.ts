/** Async jobs in SQLite (docs/api.md §4): they outlive the process and resume after a restart. */
import { decodeD, encodeD, type JobStatusName } from '../../shared/api';
import type { Db } from '../storage/database';

export interface JobRow {
  readonly session_id: string;
  readonly account_id: number;
  readonly api_version: 1 | 2;
  readonly status: JobStatusName;
  readonly d: string;
  readonly c: string | null;
  readonly audio_path: string | null;
  readonly audio_size: number;
  readonly audio_md5: string;
  readonly content_id: string | null;
  readonly logging_opt_out: number;
  readonly result_json: string | null;
  readonly error_message: string | null;
  readonly created_at: number;
  readonly updated_at: number;
  readonly finished_at: number | null;
}

export type NewJob = Pick<
  JobRow,
  | 'session_id'
  | 'account_id'
  | 'api_version'
  | 'd'
  | 'c'
  | 'audio_path'
  | 'audio_size'
  | 'audio_md5'
  | 'content_id'
  | 'logging_opt_out'
>;

/**
 * The job's `d` as kept: without `authorization`, so no key sits in the database for the days a
 * job is kept (official client libraries send the key in `d`). Only the settings the runner
 * needs are kept; a `d` that does not decode (already refused at admission) is kept as nothing.
 */
export function storableD(d: string): string {
  const decoded = decodeD(d);
  if (!decoded.ok) return '';
  const { authorization: _key, ...settings } = decoded.data;
  try {
    return encodeD(settings);
  } catch {
    return '';
  }
}

export class JobStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  insert(job: NewJob): void {
    const at = this.now();
    this.db
      .prepare(
        `INSERT INTO jobs (session_id, account_id, api_version, status, d, c, audio_path, audio_size, audio_md5, content_id, logging_opt_out, created_at, updated_at)
         VALUES (@session_id, @account_id, @api_version, 'queued', @d, @c, @audio_path, @audio_size, @audio_md5, @content_id, @logging_opt_out, @at, @at)`,
      )
      .run({ ...job, d: storableD(job.d), at });
  }

  get(sessionId: string): JobRow | undefined {
    return this.db.prepare('SELECT * FROM jobs WHERE session_id = ?').get(sessionId) as
      JobRow | undefined;
  }

  setStatus(sessionId: string, status: 'started' | 'processing'): void {
    this.db
      .prepare('UPDATE jobs SET status = ?, updated_at = ? WHERE session_id = ?')
      .run(status, this.now(), sessionId);
  }

  complete(sessionId: string, result: unknown, audioPath: string | null): void {
    const at = this.now();
    this.db
      .prepare(
        "UPDATE jobs SET status = 'completed', result_json = ?, audio_path = ?, updated_at = ?, finished_at = ? WHERE session_id = ?",
      )
      .run(JSON.stringify(result), audioPath, at, at, sessionId);
  }

  fail(sessionId: string, message: string, audioPath: string | null): void {
    const at = this.now();
    this.db
      .prepare(
        "UPDATE jobs SET status = 'error', error_message = ?, audio_path = ?, updated_at = ?, finished_at = ? WHERE session_id = ?",
      )
      .run(message, audioPath, at, at, sessionId);
  }

  /** Jobs not yet finished, oldest first: after a restart these are run again. */
  unfinished(): JobRow[] {
    return this.db
      .prepare(
        "SELECT * FROM jobs WHERE status IN ('queued', 'started', 'processing') ORDER BY created_at",
      )
      .all() as JobRow[];
  }

  /** Finished jobs older than the retention period. */
  expired(retentionDays: number): JobRow[] {
    return this.db
      .prepare('SELECT * FROM jobs WHERE finished_at IS NOT NULL AND finished_at < ?')
      .all(this.now() - retentionDays * 86_400_000) as JobRow[];
  }

  delete(sessionId: string): void {
    this.db.prepare('DELETE FROM jobs WHERE session_id = ?').run(sessionId);
  }

  audioPaths(): Set<string> {
    const rows = this.db
      .prepare('SELECT audio_path FROM jobs WHERE audio_path IS NOT NULL')
      .all() as Array<{ audio_path: string }>;
    return new Set(rows.map((row) => row.audio_path));
  }
}

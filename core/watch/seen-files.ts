/**
 * What watched folders have seen, kept in the data folder (`watched.sqlite`), so a file is
 * transcribed once across restarts and crashes, whoever watches (the app or `kikitori watch`).
 * A file is known by its path, size and modification time, or (moved or renamed on its disk) by
 * its device, inode, size and time (and its birth time, where its file system keeps one: an inode
 * number freed by a deleted file is soon given to a new one, which is not the old file moved), or (touched, saved again unchanged, copied out and back) by
 * its path or inode and its content (size and SHA-256): a file whose bytes were seen there is not
 * transcribed again, while a copy under another name is a file of its own. The files a folder
 * held when first watched get their content's hash in the background (`unhashed`); until then
 * such a file is known at its path by its size alone. Each row goes `claimed` (before it is sent) → `sent` (its
 * job is known; the outputs written so far are listed, each with its content's hash) → `done` or
 * `failed`; `existing` rows are the files a folder held when it was first watched, which are not
 * transcribed; `skipped` rows are what was said once and not read (a link, a file that is not
 * audio or video, one over the size limit). The unique key makes a claim atomic, so two claims of
 * one file cannot both win. A new version of a file done before (its content changed at its path)
 * is a row of its own that `replaces` the earlier one: its transcripts take the place of the
 * earlier version's where those are still as they were written.
 *
 * The database is the user's alone (0600), whoever creates it: the app, or a command working
 * through the app.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { z } from 'zod';
import { makePrivateFile } from '../storage/private-folder';
import { appErrorSchema, type AppError } from '../../shared/domain/errors';
import { exportSettingsSchema } from '../../shared/format/export-settings';
import { EXPORT_CHOICES } from '../../shared/format/exporters';

/**
 * 2: each file's content hash (`hash`, SHA-256 hex; null for a file not hashed yet).
 * 3: `replaces` (the earlier version's row), `mode` (its permissions), `skipped` rows, and each
 * output's content hash beside its path.
 * 4: `btime`, each file's birth time (ms; null where its file system keeps none).
 */
const SCHEMA = 4;

/** A file as the disk has it now. */
export interface FileId {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly dev: number;
  readonly ino: number;
  /** Its content's SHA-256 (hex), when it was read. */
  readonly hash?: string;
  /** When its inode was made (ms), where its file system keeps that (0 or none: not known). */
  readonly btime?: number;
}

/** What to make of a file once transcribed: fixed when it is claimed, so a restart makes the same. */
export const watchPlanSchema = z.object({
  formats: z.array(z.enum(EXPORT_CHOICES)).min(1),
  /** The output folder; none: next to the source. */
  out: z.string().optional(),
  settings: exportSettingsSchema.partial().default({}),
  connection: z.string().optional(),
});
export type WatchPlan = z.infer<typeof watchPlanSchema>;

export type EntryState = 'claimed' | 'sent' | 'done' | 'failed' | 'gone' | 'skipped' | 'existing';

/** A file written for a watched file, and the SHA-256 of what was written. */
export interface Output {
  readonly path: string;
  /** Undefined for outputs recorded before hashes were kept. */
  readonly hash?: string;
}

/** Outputs as kept: an older Kikitori kept the paths alone. */
const outputsSchema = z.array(
  z.union([
    z.string().transform((path): Output => ({ path })),
    z.object({ path: z.string(), hash: z.string().optional() }),
  ]),
);

export interface SeenEntry {
  readonly id: number;
  readonly folder: string;
  readonly path: string;
  readonly state: EntryState;
  /** Identifies the job the file became (Job.watched.claim), even before its id was recorded. */
  readonly claim: string;
  readonly job: string | undefined;
  readonly plan: WatchPlan;
  /** The files written so far. */
  readonly outputs: readonly Output[];
  /** The version claimed: the core sends the file only while it is that version. */
  readonly version: { dev: number; ino: number; size: number; mtimeMs: number };
  /** The row of the earlier version of this file, whose outputs this one's replace. */
  readonly replaces: number | undefined;
  /** The file's permissions when it was claimed (a transcript is no more readable). */
  readonly mode: number | undefined;
  /** Whether an interrupted job was sent again once already. */
  readonly retried: boolean;
  readonly error: AppError | undefined;
}

interface Row {
  id: number;
  folder: string;
  path: string;
  size: number;
  mtime: number;
  dev: number;
  ino: number;
  state: EntryState;
  claim: string;
  job: string | null;
  plan: string;
  outputs: string;
  retried: number;
  error: string | null;
  replaces: number | null;
  mode: number | null;
}

const entryOf = (row: Row): SeenEntry => ({
  id: row.id,
  folder: row.folder,
  path: row.path,
  state: row.state,
  claim: row.claim,
  version: { dev: row.dev, ino: row.ino, size: row.size, mtimeMs: row.mtime },
  job: row.job ?? undefined,
  plan: watchPlanSchema.parse(JSON.parse(row.plan)),
  outputs: outputsSchema.parse(JSON.parse(row.outputs)),
  replaces: row.replaces ?? undefined,
  mode: row.mode ?? undefined,
  retried: row.retried === 1,
  error: row.error === null ? undefined : appErrorSchema.parse(JSON.parse(row.error)),
});

const mtimeOf = (file: FileId) => Math.trunc(file.mtimeMs);

/** A file's columns as inserted: folder, path, size, mtime, dev, ino, hash. */
const btimeOf = (file: FileId) => (file.btime ? Math.trunc(file.btime) : null);
const fileColumns = (folder: string, file: FileId) =>
  [
    folder,
    file.path,
    file.size,
    mtimeOf(file),
    file.dev,
    file.ino,
    file.hash ?? null,
    btimeOf(file),
  ] as const;
/** The same inode, and (where both birth times are known) the same file, not a new one given its number. */
const SAME_INODE = 'dev = ? AND ino = ? AND (btime IS NULL OR ? IS NULL OR btime = ?)';

export class SeenFiles {
  private constructor(private readonly db: Database.Database) {}

  static open(dataDir: string): SeenFiles {
    const file = join(dataDir, 'watched.sqlite');
    makePrivateFile(file);
    const db = new Database(file);
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      db.exec(`
        CREATE TABLE IF NOT EXISTS folders (folder TEXT PRIMARY KEY, baseline_at INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS files (
          id INTEGER PRIMARY KEY,
          folder TEXT NOT NULL,
          path TEXT NOT NULL,
          size INTEGER NOT NULL,
          mtime INTEGER NOT NULL,
          dev INTEGER NOT NULL,
          ino INTEGER NOT NULL,
          state TEXT NOT NULL,
          claim TEXT NOT NULL DEFAULT '',
          job TEXT,
          plan TEXT NOT NULL DEFAULT '{"formats":["txt"]}',
          outputs TEXT NOT NULL DEFAULT '[]',
          retried INTEGER NOT NULL DEFAULT 0,
          error TEXT,
          updated_at INTEGER NOT NULL,
          UNIQUE (path, size, mtime)
        );
        CREATE INDEX IF NOT EXISTS files_inode ON files (dev, ino, size, mtime);
        CREATE INDEX IF NOT EXISTS files_job ON files (job);
        CREATE INDEX IF NOT EXISTS files_state ON files (folder, state);
      `);
      const columns = new Set(
        (db.prepare('PRAGMA table_info(files)').all() as { name: string }[]).map((c) => c.name),
      );
      if (!columns.has('hash')) db.exec('ALTER TABLE files ADD COLUMN hash TEXT');
      if (!columns.has('replaces')) db.exec('ALTER TABLE files ADD COLUMN replaces INTEGER');
      if (!columns.has('mode')) db.exec('ALTER TABLE files ADD COLUMN mode INTEGER');
      if (!columns.has('btime')) db.exec('ALTER TABLE files ADD COLUMN btime INTEGER');
      db.exec(`
        CREATE INDEX IF NOT EXISTS files_path ON files (path, state);
        CREATE TABLE IF NOT EXISTS outputs (path TEXT PRIMARY KEY, file INTEGER NOT NULL);
      `);
      db.pragma(`user_version = ${SCHEMA}`);
    } catch (error) {
      db.close();
      throw error;
    }
    return new SeenFiles(db);
  }

  close(): void {
    this.db.close();
  }

  hasBaseline(folder: string): boolean {
    return this.db.prepare('SELECT 1 FROM folders WHERE folder = ?').get(folder) !== undefined;
  }

  /** The files `folder` holds as it starts being watched: they are not transcribed. */
  recordBaseline(folder: string, files: readonly FileId[]): void {
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO files
         (folder, path, size, mtime, dev, ino, hash, btime, state, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'existing', ?)`,
    );
    const now = Date.now();
    this.db.transaction(() => {
      for (const file of files) insert.run(...fileColumns(folder, file), now);
      this.db
        .prepare('INSERT OR REPLACE INTO folders (folder, baseline_at) VALUES (?, ?)')
        .run(folder, now);
    })();
  }

  /**
   * Forgets which files `folder` held when it was first watched (it is no longer watched): when
   * it is watched again, what it holds then is its new starting point. Files transcribed stay seen.
   */
  forgetBaseline(folder: string): void {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM files WHERE folder = ? AND state = 'existing'").run(folder);
      this.db.prepare('DELETE FROM folders WHERE folder = ?').run(folder);
    })();
  }

  /**
   * Whether this file (here, or moved here on its disk) was seen before; with its hash, also
   * whether its content was seen at its path or inode (touched, or saved again as it was): the same
   * bytes, or at its path a file of its size not hashed yet.
   */
  seen(file: FileId): boolean {
    const mtime = mtimeOf(file);
    const inode = [file.dev, file.ino, btimeOf(file), btimeOf(file)] as const;
    const found = this.db
      .prepare(
        `SELECT 1 FROM files WHERE (path = ? AND size = ? AND mtime = ?)
           OR (${SAME_INODE} AND size = ? AND mtime = ?) LIMIT 1`,
      )
      .get(file.path, file.size, mtime, ...inode, file.size, mtime);
    if (found !== undefined || file.hash === undefined) return found !== undefined;
    // A file the folder held when first watched, not hashed yet, is known by its size there.
    return (
      this.db
        .prepare(
          `SELECT 1 FROM files WHERE (path = ? AND size = ? AND (hash = ?
               OR (hash IS NULL AND state = 'existing')))
             OR (${SAME_INODE} AND size = ? AND hash = ?) LIMIT 1`,
        )
        .get(file.path, file.size, file.hash, ...inode, file.size, file.hash) !== undefined
    );
  }

  /** Files of `folder` seen before their content was hashed (at most `limit`). */
  unhashed(folder: string, limit: number): { id: number; file: FileId }[] {
    const rows = this.db
      .prepare(
        'SELECT id, path, size, mtime, dev, ino FROM files WHERE folder = ? AND hash IS NULL LIMIT ?',
      )
      .all(folder, limit) as {
      id: number;
      path: string;
      size: number;
      mtime: number;
      dev: number;
      ino: number;
    }[];
    return rows.map(({ id, mtime, ...file }) => ({ id, file: { ...file, mtimeMs: mtime } }));
  }

  /** Records the content of a file seen before its hash: `hash`, or '' when it is not there as seen. */
  setHash(id: number, hash: string): void {
    this.db.prepare('UPDATE files SET hash = ? WHERE id = ?').run(hash, id);
  }

  /**
   * Claims a file not seen before for transcription; undefined when it was seen (or claimed).
   * `replaces`: the row of the version of this file done before, when there is one.
   */
  claim(
    folder: string,
    file: FileId & { readonly mode: number },
    claim: string,
    plan: WatchPlan,
  ): SeenEntry | undefined {
    if (this.seen(file)) return undefined;
    const replaces = this.db
      .prepare("SELECT id FROM files WHERE path = ? AND state = 'done' ORDER BY id DESC LIMIT 1")
      .get(file.path) as { id: number } | undefined;
    const added = this.db
      .prepare(
        `INSERT OR IGNORE INTO files
           (folder, path, size, mtime, dev, ino, hash, btime, state, claim, plan, replaces,
            mode, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'claimed', ?, ?, ?, ?, ?)`,
      )
      .run(
        ...fileColumns(folder, file),
        claim,
        JSON.stringify(plan),
        replaces?.id ?? null,
        file.mode,
        Date.now(),
      );
    return added.changes === 1 ? this.get(Number(added.lastInsertRowid)) : undefined;
  }

  /**
   * Records a file that is not read (a link, not audio or video, too large…), so it is passed over
   * quietly from now on: whether its reason is new for its path (said once, not at each save of a
   * text file beside the recordings, nor at each start).
   */
  skip(folder: string, file: FileId, error: AppError): boolean {
    const said = this.db
      .prepare("SELECT error FROM files WHERE path = ? AND state = 'skipped'")
      .all(file.path) as { error: string }[];
    const reason = (e: AppError) => `${e.code}:${String(e.params.reason)}`;
    const before = said.some((row) => reason(JSON.parse(row.error) as AppError) === reason(error));
    this.db
      .prepare(
        `INSERT OR IGNORE INTO files
           (folder, path, size, mtime, dev, ino, hash, btime, state, error, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'skipped', ?, ?)`,
      )
      .run(...fileColumns(folder, file), JSON.stringify(error), Date.now());
    return !before;
  }

  /** Whether `path` is a file Kikitori wrote (a transcript), not one to transcribe. */
  isOutput(path: string): boolean {
    return this.db.prepare('SELECT 1 FROM outputs WHERE path = ?').get(path) !== undefined;
  }

  get(id: number): SeenEntry | undefined {
    const row = this.db.prepare('SELECT * FROM files WHERE id = ?').get(id) as Row | undefined;
    return row && entryOf(row);
  }

  byJob(job: string): SeenEntry | undefined {
    const row = this.db.prepare('SELECT * FROM files WHERE job = ?').get(job) as Row | undefined;
    return row && entryOf(row);
  }

  /** A folder's files whose work is not over: claimed, or sent and not yet written. */
  unfinished(folder: string): SeenEntry[] {
    const rows = this.db
      .prepare("SELECT * FROM files WHERE folder = ? AND state IN ('claimed', 'sent') ORDER BY id")
      .all(folder) as Row[];
    return rows.map(entryOf);
  }

  private set(id: number, fields: Record<string, string | number | null>): SeenEntry {
    const names = Object.keys(fields);
    this.db
      .prepare(
        `UPDATE files SET ${names.map((n) => `${n} = @${n}`).join(', ')}, updated_at = @now WHERE id = @id`,
      )
      .run({ ...fields, now: Date.now(), id });
    return this.get(id)!;
  }

  sent(id: number, job: string, retried = false): SeenEntry {
    return this.set(id, { state: 'sent', job, retried: retried ? 1 : 0, error: null });
  }

  wrote(id: number, outputs: readonly Output[]): SeenEntry {
    const known = this.db.prepare('INSERT OR REPLACE INTO outputs (path, file) VALUES (?, ?)');
    return this.db.transaction(() => {
      for (const output of outputs) known.run(output.path, id);
      return this.set(id, { outputs: JSON.stringify(outputs) });
    })();
  }

  finish(id: number, state: 'done' | 'failed' | 'gone', error?: AppError): SeenEntry {
    return this.set(id, { state, error: error ? JSON.stringify(error) : null });
  }
}

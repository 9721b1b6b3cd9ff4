/**
 * The index's file, `<data>/search.sqlite`: its schema, made new, or opened as it is when it is
 * whole and of this schema. It is only ever a copy of the journal, so a file that is not is
 * deleted and made again.
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { TOKENIZER } from './tokens';

/** The schema of the index file; a file of another version is made again. */
/*
 * 5: deleted content is overwritten (secure_delete, FTS5's secure-delete) and a removed job's
 * words leave the vocabulary; a file of 4 is made again, so words of jobs removed before are gone.
 */
/*
 * 6: each job's word times (packTimes), so a hit says when each of its passages begins; a file of
 * 5 is made again.
 */
/*
 * 7: the text is stored plain (deflated) and each job's word starts go beside its word times in
 * `job_words` (packWords), where the text held its word starts as marks; a file of 6 is made again.
 */
export const SEARCH_SCHEMA = 7;
export const SEARCH_FILE = 'search.sqlite';

/*
 * Contentless tables keep no copy of the text: a row is deleted with the tokens it was made of
 * (FTS5's 'delete' command), which the job's stored row gives again; with FTS5's secure-delete
 * (set at creation) its entries leave the index's pages at once, where a tombstone
 * (`contentless_delete`) would leave its words in the file until the next merge.
 */
const SCHEMA_SQL = `
  CREATE TABLE jobs (no INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
                     title TEXT, stamp INTEGER NOT NULL, body BLOB NOT NULL);
  CREATE TABLE job_words (no INTEGER PRIMARY KEY, words BLOB NOT NULL);
  CREATE TABLE words (no INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE);
  CREATE VIRTUAL TABLE job_tokens USING fts5(tokens, content='', columnsize=0, detail='none',
                                             tokenize="${TOKENIZER}");
  CREATE VIRTUAL TABLE word_pieces USING fts5(pieces, content='', columnsize=0, detail='none',
                                              tokenize="${TOKENIZER}");
`;

export interface JobRow {
  readonly no: number;
  readonly id: string;
  readonly name: string;
  readonly title: string | null;
  /** The text, packed (packBody). */
  readonly body: Uint8Array;
}

/** SQLite's answer when the file is not a database, or is damaged. */
export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    code === 'SQLITE_NOTADB' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'))
  );
}

/** A new, empty index file (whatever was at its place is deleted: it is only ever a copy). */
export function freshFile(path: string): Database.Database {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
  return create(path);
}

function create(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('secure_delete = ON');
  // A job's body is a few KB: 4 KB pages hold one each, a quarter left empty (0.17x the text);
  // 16 KB pages hold five (64 KB pages gained nothing: the small tables waste more of theirs).
  db.pragma('page_size = 16384');
  db.pragma('auto_vacuum = INCREMENTAL');
  db.pragma('journal_mode = WAL');
  // A copy of the journal: losing its last writes to a power cut only means indexing them again.
  db.pragma('synchronous = NORMAL');
  db.exec(SCHEMA_SQL);
  for (const table of ['job_tokens', 'word_pieces'])
    db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('secure-delete', 1)`).run();
  db.pragma(`user_version = ${SEARCH_SCHEMA}`);
  return db;
}

/** The index file as it is, if it is whole and of this schema; else a new one. */
export async function openFile(path: string): Promise<Database.Database> {
  let db: Database.Database | undefined;
  try {
    db = new Database(path);
    const version = db.pragma('user_version', { simple: true });
    if (version === SEARCH_SCHEMA) {
      db.pragma('secure_delete = ON');
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      // Touch every table: a damaged header or schema fails here.
      db.prepare('SELECT no FROM jobs LIMIT 1').get();
      db.prepare('SELECT no FROM job_words LIMIT 1').get();
      db.prepare('SELECT no FROM words LIMIT 1').get();
      db.prepare("SELECT rowid FROM job_tokens WHERE job_tokens MATCH 'abc' LIMIT 1").get();
      db.prepare("SELECT rowid FROM word_pieces WHERE word_pieces MATCH 'abc' LIMIT 1").get();
      return db;
    }
  } catch (error) {
    if (!isDamage(error)) {
      db?.close();
      throw error;
    }
  }
  db?.close();
  for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(path + suffix, { force: true });
  return create(path);
}

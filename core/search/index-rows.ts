/**
 * A job's rows in the index: written (its stored text, its word starts and times, its tokens, the
 * words it adds to the vocabulary and their pieces) and dropped (with the words only it held), and
 * the full-text tables merged after many writes.
 */
import type Database from 'better-sqlite3';
import type { Job, Transcript } from '../../shared/domain/job';
import { bodyOf, packBody, packWords, unpackBody } from './documents';
import type { JobRow } from './index-file';
import { piecesOf, tokenQuery, tokensOf } from './tokens';

/** What the index reads of a job: its title (if it has one) and its current transcript. */
export interface Indexable {
  readonly title?: string;
  readonly transcript: Transcript | undefined;
}

export function optimize(db: Database.Database): void {
  for (const table of ['job_tokens', 'word_pieces'])
    db.prepare(`INSERT INTO ${table} (${table}) VALUES ('optimize')`).run();
  // The merged segments' old pages go back to the file system.
  db.pragma('incremental_vacuum');
}

/**
 * Drops a job's rows, and the words only it held from the vocabulary (`keep`: those its new
 * text still holds, when it is indexed again). Deleted content is overwritten where it was
 * (secure_delete, FTS5's secure-delete), so none of its words stays in the file.
 */
export function dropJob(
  db: Database.Database,
  id: string,
  keep: ReadonlySet<string> = new Set(),
): void {
  db.transaction(() => {
    const row = db
      .prepare<[string], JobRow>('SELECT no, id, name, title, body FROM jobs WHERE id = ?')
      .get(id);
    if (row === undefined) return;
    // The tokens the row was made of (write): the same texts give the same tokens.
    const { tokens, words } = tokensOf([unpackBody(row.body), row.title ?? '', row.name]);
    db.prepare("INSERT INTO job_tokens (job_tokens, rowid, tokens) VALUES ('delete', ?, ?)").run(
      row.no,
      tokens,
    );
    db.prepare('DELETE FROM jobs WHERE no = ?').run(row.no);
    db.prepare('DELETE FROM job_words WHERE no = ?').run(row.no);
    const held = db
      .prepare<[string], number>('SELECT rowid FROM job_tokens WHERE job_tokens MATCH ? LIMIT 1')
      .pluck();
    const wordNo = db.prepare<[string], number>('SELECT no FROM words WHERE word = ?').pluck();
    const dropWord = db.prepare('DELETE FROM words WHERE no = ?');
    const dropPieces = db.prepare(
      "INSERT INTO word_pieces (word_pieces, rowid, pieces) VALUES ('delete', ?, ?)",
    );
    for (const word of words) {
      if (keep.has(word) || held.get(tokenQuery(word)) !== undefined) continue;
      const no = wordNo.get(word);
      if (no === undefined) continue;
      dropWord.run(no);
      dropPieces.run(no, piecesOf(word).join(' '));
    }
  })();
}

/**
 * A removed job's words are overwritten in the file; the write-ahead log still holds the pages
 * as they were, so it is written into the file and emptied.
 */
export function forgetJob(db: Database.Database, id: string): void {
  dropJob(db, id);
  db.pragma('wal_checkpoint(TRUNCATE)');
}

/** Writes a job's rows: its body, its tokens, and the words it adds to the vocabulary. */
export function writeJob(db: Database.Database, job: Job, { title, transcript }: Indexable): void {
  const body = transcript ? bodyOf(transcript) : { text: '', starts: [], times: [] };
  const name = job.file.name;
  const { tokens, words } = tokensOf([body.text, title ?? '', name]);
  db.transaction(() => {
    // A job indexed again gets a new number: the newest indexed comes first.
    dropJob(db, job.id, new Set(words));
    const no = Number(
      db
        .prepare('INSERT INTO jobs (id, name, title, stamp, body) VALUES (?, ?, ?, ?, ?)')
        .run(job.id, name, title ?? null, job.updatedAt, packBody(body.text)).lastInsertRowid,
    );
    db.prepare('INSERT INTO job_words (no, words) VALUES (?, ?)').run(
      no,
      packWords(body.starts, body.times),
    );
    db.prepare('INSERT INTO job_tokens (rowid, tokens) VALUES (?, ?)').run(no, tokens);
    const addWord = db.prepare('INSERT OR IGNORE INTO words (word) VALUES (?)');
    const addPieces = db.prepare('INSERT INTO word_pieces (rowid, pieces) VALUES (?, ?)');
    for (const word of words) {
      const added = addWord.run(word);
      if (added.changes > 0) addPieces.run(added.lastInsertRowid, piecesOf(word).join(' '));
    }
  })();
}

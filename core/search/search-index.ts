/**
 * Finding anything ever transcribed: a full-text index of every completed job's file name, title
 * and (current, possibly edited) transcript, in `<data>/search.sqlite` (SQLite FTS5 with the
 * trigram tokenizer, so text without spaces, as Japanese is written, is found as well as English).
 *
 * The index is never the only copy of anything: it is made from the journal, through one function
 * (`textOf`) that gives a job's current text, and it can always be deleted. A file that is
 * missing, damaged or of another schema is made again from the journal in the background; searches
 * meanwhile answer from what is indexed so far and say that indexing is incomplete.
 *
 * Layout (chosen to keep the index small, see tests/bench/search.ts): `docs` holds one row per
 * utterance (and one for the file name, one for a title), its rowid the job's number times 2^20
 * plus the row's part, so a job's rows are one rowid range; `docs_fts` is an external-content
 * FTS5 table over `docs.text` with `detail=none` (rowids only). A query term of three characters
 * or more is looked up as the AND of its trigrams, a shorter one (会議) by a scan of the text; every
 * candidate row is then checked against the terms, so the answers are exact.
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job, Transcript } from '../../shared/domain/job';
import {
  containsAll,
  decodeStarts,
  passagesOf,
  rangesIn,
  snippetOf,
  termsOf,
  wordAtOffset,
  type Snippet,
} from './documents';

/** The schema of the index file; a file of another version is made again. */
export const SEARCH_SCHEMA = 1;
export const SEARCH_FILE = 'search.sqlite';

/** What the index reads of a job: its title (if it has one) and its current transcript. */
export interface Indexable {
  readonly title?: string;
  readonly transcript: Transcript | undefined;
}
/** The seam the transcript's current text comes through (today the stored result; later with edits). */
export type TextOf = (job: Job) => Promise<Indexable>;

export interface SearchDeps {
  readonly dataDir: string;
  /** The journal's jobs, and one of them by id. */
  readonly jobs: () => readonly Job[];
  readonly job: (id: string) => Job | undefined;
  readonly textOf: TextOf;
  /** Told of a failure the index recovered from (or could not): the host may log it. */
  readonly onProblem?: (error: unknown) => void;
}

export interface SearchHit {
  readonly jobId: string;
  readonly fileName: string;
  readonly title?: string;
  /** Where the first match is: the transcript's text, the file name or the title. */
  readonly field: 'text' | 'name' | 'title';
  readonly snippet: Snippet;
  /** The transcript-wide index of the word the first match is in (for text matches). */
  readonly wordIndex?: number;
}

export interface SearchResults {
  readonly hits: SearchHit[];
  /** More jobs match than the limit let through. */
  readonly more: boolean;
  /** False while the index is still being made from the journal: some jobs may be missing. */
  readonly complete: boolean;
}

const PART_BITS = 2 ** 20;
const NAME_PART = PART_BITS - 1;
const TITLE_PART = PART_BITS - 2;
/** A query's terms beyond this many are ignored. */
const MAX_TERMS = 8;

const SCHEMA_SQL = `
  CREATE TABLE jobs (no INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
                     title TEXT, stamp INTEGER NOT NULL);
  CREATE TABLE docs (rowid INTEGER PRIMARY KEY, text TEXT NOT NULL, first_word INTEGER,
                     starts BLOB);
  CREATE VIRTUAL TABLE docs_fts USING fts5(text, content='docs', content_rowid='rowid',
                                           tokenize='trigram', detail='none');
`;

interface Row {
  readonly id: number;
  readonly text: string;
  readonly first_word: number | null;
  readonly starts: Uint8Array | null;
}

/** SQLite's answer when the file is not a database, or is damaged. */
function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    code === 'SQLITE_NOTADB' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'))
  );
}

/** Code points of a term; trigrams are made of code points, not UTF-16 units. */
const charsOf = (term: string) => [...term];

/** A term as an FTS5 query: the AND of its trigrams, each quoted. */
function trigramQuery(term: string): string {
  const chars = charsOf(term);
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(''));
  return [...grams].map((gram) => `"${gram.replaceAll('"', '""')}"`).join(' AND ');
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class SearchIndex {
  private db: Database.Database;
  /** Work on the index, one piece after another (reads of the journal are async). */
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private closed = false;
  private readonly path: string;

  private constructor(
    private readonly deps: SearchDeps,
    db: Database.Database,
  ) {
    this.db = db;
    this.path = join(deps.dataDir, SEARCH_FILE);
  }

  /**
   * Opens the index (made again when missing, damaged or of another schema) and starts bringing
   * it up to date with the journal in the background; `ready()` says when that is done.
   */
  static async open(deps: SearchDeps): Promise<SearchIndex> {
    const index = new SearchIndex(deps, await openFile(join(deps.dataDir, SEARCH_FILE)));
    index.catchUp();
    return index;
  }

  /** Whether the index holds every completed job's current text (no work waiting). */
  get complete(): boolean {
    return this.pending === 0;
  }

  /** Resolves once no work is waiting (catching up queues more work as it runs). */
  async ready(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  /** Indexes a job again from its current text (or drops it if it is gone or not completed). */
  reindex(jobId: string): Promise<void> {
    return this.enqueue(async () => {
      const job = this.deps.job(jobId);
      if (!job || job.status !== 'completed') {
        this.dropJob(jobId);
        return;
      }
      const indexable = await this.deps.textOf(job);
      if (this.closed) return;
      this.write(job, indexable);
    });
  }

  /** Drops a removed job from the index. */
  remove(jobId: string): Promise<void> {
    return this.enqueue(() => {
      this.dropJob(jobId);
      return Promise.resolve();
    });
  }

  /** Stops the work still waiting and closes the file. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    this.db.close();
  }

  /**
   * The jobs whose text, file name or title holds every term of `query` (in one utterance), newest
   * indexed first, one hit per job: its first match in the transcript, else in its name.
   */
  search(query: string, limit: number): SearchResults {
    const terms = termsOf(query).slice(0, MAX_TERMS);
    if (terms.length === 0 || this.closed)
      return { hits: [], more: false, complete: this.complete };
    try {
      return this.find(terms, limit);
    } catch (error) {
      if (!isDamage(error)) throw error;
      this.recreate(error);
      return { hits: [], more: false, complete: false };
    }
  }

  private find(terms: readonly string[], limit: number): SearchResults {
    const long = terms.filter((term) => charsOf(term).length >= 3);
    const short = terms.filter((term) => charsOf(term).length < 3);
    const rows = long.length
      ? this.db
          .prepare<unknown[], Row>(
            `SELECT d.rowid AS id, d.text, d.first_word, d.starts FROM docs_fts f
             CROSS JOIN docs d ON d.rowid = f.rowid
             WHERE docs_fts MATCH ? ORDER BY f.rowid DESC`,
          )
          .iterate(long.map(trigramQuery).join(' AND '))
      : this.db
          .prepare<unknown[], Row>(
            `SELECT rowid AS id, text, first_word, starts FROM docs
             WHERE ${short.map(() => `text LIKE ? ESCAPE '\\'`).join(' AND ')}
             ORDER BY rowid DESC`,
          )
          .iterate(...short.map(likePattern));
    // The connection is busy while rows are read: the jobs are looked up after.
    const groups: Array<{ no: number; best: Row }> = [];
    let more = false;
    for (const row of rows) {
      if (!containsAll(row.text, terms)) continue;
      const no = Math.floor(row.id / PART_BITS);
      const current = groups.at(-1);
      if (current?.no === no) {
        // Rows come last part first: the earliest match in the job wins, text before name.
        current.best = row;
        continue;
      }
      if (groups.length >= limit) {
        more = true;
        break;
      }
      groups.push({ no, best: row });
    }
    const jobOf = this.db.prepare<[number], { id: string; name: string; title: string | null }>(
      'SELECT id, name, title FROM jobs WHERE no = ?',
    );
    const hits: SearchHit[] = [];
    for (const { no, best } of groups) {
      const job = jobOf.get(no);
      if (job) hits.push(hitOf(job, best, terms));
    }
    return { hits, more, complete: this.complete };
  }

  /** Brings the index up to date with the journal: completed jobs missing or changed, jobs gone. */
  private catchUp(): void {
    void this.enqueue(async () => {
      const indexed = new Map(
        this.db
          .prepare<[], { id: string; stamp: number }>('SELECT id, stamp FROM jobs')
          .all()
          .map((row) => [row.id, row.stamp]),
      );
      const completed = this.deps.jobs().filter((job) => job.status === 'completed');
      const live = new Set(completed.map((job) => job.id));
      for (const id of indexed.keys()) if (!live.has(id)) this.dropJob(id);
      for (const job of completed) {
        if (indexed.get(job.id) === job.updatedAt) continue;
        // Each job is its own piece of work, so a search or an update gets in between.
        void this.reindex(job.id);
      }
      await Promise.resolve();
    });
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.pending += 1;
    const run = async () => {
      try {
        if (!this.closed) await work();
      } catch (error) {
        if (isDamage(error)) this.recreate(error);
        else this.deps.onProblem?.(error);
      } finally {
        this.pending -= 1;
      }
    };
    const next = this.queue.then(run);
    this.queue = next;
    return next;
  }

  /** The file turned out damaged while in use: made again from the journal. */
  private recreate(error: unknown): void {
    this.deps.onProblem?.(error);
    if (this.closed) return;
    try {
      this.db.close();
    } catch {
      // Already unusable: it is being replaced.
    }
    this.db = freshFile(this.path);
    this.catchUp();
  }

  private jobNo(id: string): number | undefined {
    return this.db.prepare<[string], { no: number }>('SELECT no FROM jobs WHERE id = ?').get(id)
      ?.no;
  }

  private dropRows(no: number): void {
    const from = no * PART_BITS;
    const rows = this.db
      .prepare<[number, number], { id: number; text: string }>(
        'SELECT rowid AS id, text FROM docs WHERE rowid >= ? AND rowid < ?',
      )
      .all(from, from + PART_BITS);
    const unindex = this.db.prepare(
      "INSERT INTO docs_fts (docs_fts, rowid, text) VALUES ('delete', ?, ?)",
    );
    for (const row of rows) unindex.run(row.id, row.text);
    this.db.prepare('DELETE FROM docs WHERE rowid >= ? AND rowid < ?').run(from, from + PART_BITS);
  }

  private dropJob(id: string): void {
    this.db.transaction(() => {
      const no = this.jobNo(id);
      if (no === undefined) return;
      this.dropRows(no);
      this.db.prepare('DELETE FROM jobs WHERE no = ?').run(no);
    })();
  }

  private write(job: Job, { title, transcript }: Indexable): void {
    this.db.transaction(() => {
      let no = this.jobNo(job.id);
      if (no === undefined) {
        no = Number(
          this.db
            .prepare('INSERT INTO jobs (id, name, title, stamp) VALUES (?, ?, ?, ?)')
            .run(job.id, job.file.name, title ?? null, job.updatedAt).lastInsertRowid,
        );
      } else {
        this.dropRows(no);
        this.db
          .prepare('UPDATE jobs SET name = ?, title = ?, stamp = ? WHERE no = ?')
          .run(job.file.name, title ?? null, job.updatedAt, no);
      }
      const insert = this.db.prepare(
        'INSERT INTO docs (rowid, text, first_word, starts) VALUES (?, ?, ?, ?)',
      );
      const index = this.db.prepare('INSERT INTO docs_fts (rowid, text) VALUES (?, ?)');
      const add = (part: number, text: string, firstWord: number | null, starts: Buffer | null) => {
        const rowid = no * PART_BITS + part;
        insert.run(rowid, text, firstWord, starts);
        index.run(rowid, text);
      };
      const passages = transcript ? passagesOf(transcript) : [];
      for (const passage of passages.slice(0, TITLE_PART)) {
        add(passage.utterance, passage.text, passage.firstWord, Buffer.from(passage.starts));
      }
      if (title) add(TITLE_PART, title, null, null);
      add(NAME_PART, job.file.name, null, null);
    })();
  }
}

function hitOf(
  job: { id: string; name: string; title: string | null },
  row: Row,
  terms: readonly string[],
): SearchHit {
  const ranges = rangesIn(row.text, terms);
  const part = row.id % PART_BITS;
  const field = part === NAME_PART ? 'name' : part === TITLE_PART ? 'title' : 'text';
  const base = {
    jobId: job.id,
    fileName: job.name,
    ...(job.title ? { title: job.title } : {}),
    field,
    snippet: snippetOf(row.text, ranges),
  } as const;
  if (field !== 'text' || row.first_word === null || !row.starts) return base;
  const starts = decodeStarts(row.starts);
  const word = wordAtOffset(starts, ranges[0]?.[0] ?? 0);
  return { ...base, wordIndex: row.first_word + word };
}

/** A new, empty index file (whatever was at its place is deleted: it is only ever a copy). */
function freshFile(path: string): Database.Database {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
  return create(path);
}

function create(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // A copy of the journal: losing its last writes to a power cut only means indexing them again.
  db.pragma('synchronous = NORMAL');
  db.exec(SCHEMA_SQL);
  db.pragma(`user_version = ${SEARCH_SCHEMA}`);
  return db;
}

/** The index file as it is, if it is whole and of this schema; else a new one. */
async function openFile(path: string): Promise<Database.Database> {
  let db: Database.Database | undefined;
  try {
    db = new Database(path);
    const version = db.pragma('user_version', { simple: true });
    if (version === SEARCH_SCHEMA) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      // Touch every table: a damaged header or schema fails here.
      db.prepare('SELECT no FROM jobs LIMIT 1').get();
      db.prepare('SELECT rowid FROM docs LIMIT 1').get();
      db.prepare("SELECT rowid FROM docs_fts WHERE docs_fts MATCH 'abc' LIMIT 1").get();
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

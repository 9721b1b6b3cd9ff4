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
 * Layout (chosen to keep the index small and quick, see tests/bench/search.ts): `jobs` holds one
 * row per job with its file name, title and text (an utterance a line) and where its words start,
 * deflated; two contentless FTS5 tables with `detail=none` (rowids only, a row per utterance, and
 * one for the name and one for the title) point at it: `by_trigram` (the trigram tokenizer) and
 * `by_gram` (the one- and two-character pieces of non-ASCII letters, for the short words trigrams
 * cannot hold: 会議). The rarest term is looked up (the AND of its trigrams, or its gram; a query
 * of short ASCII terms only is a scan), and every job it leads to is checked against all terms,
 * so the answers are exact: a job matches when all terms are in it, and its hit is the first
 * utterance holding most of them.
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job, Transcript } from '../../shared/domain/job';
import {
  bodyOf,
  containsAll,
  hasShortGrams,
  packBody,
  unpackBody,
  shortGramsOf,
  rangesIn,
  snippetOf,
  termsOf,
  wordAtOffset,
  type Snippet,
} from './documents';

/** The schema of the index file; a file of another version is made again. */
export const SEARCH_SCHEMA = 3;
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

/** A query's terms beyond this many are ignored. */
const MAX_TERMS = 8;
/**
 * A job's rows in the full-text tables: rowid = job number × 2^16 + the utterance's line (the
 * index keeps a job's first 65,534 utterances; small steps between rowids keep the index small).
 */
const PART_BITS = 2 ** 16;
/** Jobs indexed at once after which the full-text tables are merged. */
const OPTIMIZE_AFTER = 100;
const NAME_PART = PART_BITS - 1;
const TITLE_PART = PART_BITS - 2;
/** Counting a term's rows stops here: enough to tell a rare term from a common one. */
const RARITY_CAP = 5000;
/** Candidate rows read at a time, newest first, until enough jobs are found. */
const BATCH_ROWS = 2000;

const SCHEMA_SQL = `
  CREATE TABLE jobs (no INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
                     title TEXT, stamp INTEGER NOT NULL, body BLOB NOT NULL);
  CREATE VIRTUAL TABLE by_trigram USING fts5(text, content='', columnsize=0, detail='none',
                                             tokenize='trigram');
  CREATE VIRTUAL TABLE by_gram USING fts5(grams, content='', columnsize=0, detail='none',
                                          tokenize='unicode61 remove_diacritics 0');
`;

interface JobRow {
  readonly no: number;
  readonly id: string;
  readonly name: string;
  readonly title: string | null;
  /** The text and word starts, packed (packBody). */
  readonly body: Uint8Array;
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

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** A term as an FTS5 query: the AND of its trigrams, each quoted. */
function trigramQuery(term: string): string {
  const chars = charsOf(term);
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(''));
  return [...grams].map(quoted).join(' AND ');
}

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
   * The jobs whose text, file name or title holds every term of `query`, newest indexed first,
   * one hit per job: the first utterance holding most terms, else the title, else the name.
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

  /** How to look a term up: its trigrams, its gram (short non-ASCII), or no index (short ASCII). */
  private lookup(term: string): { table: string; match: string } | undefined {
    if (charsOf(term).length >= 3) return { table: 'by_trigram', match: trigramQuery(term) };
    if (hasShortGrams(term)) return { table: 'by_gram', match: quoted(term) };
    return undefined;
  }

  /**
   * The jobs that may hold every term, newest first, a batch at a time: those holding the rarest
   * indexed term (whichever term leads, every candidate is checked against them all). Undefined
   * when no term can be looked up (only short ASCII terms): then every job is a candidate.
   */
  private candidates(terms: readonly string[]): Iterable<number[]> | undefined {
    const lookups = terms.flatMap((term) => this.lookup(term) ?? []);
    if (lookups.length === 0) return undefined;
    const counted = lookups.map((lookup) => ({
      ...lookup,
      count: this.db
        .prepare<[string], { n: number }>(
          `SELECT count(*) AS n FROM (SELECT rowid FROM ${lookup.table}
           WHERE ${lookup.table} MATCH ? LIMIT ${RARITY_CAP})`,
        )
        .get(lookup.match)!.n,
    }));
    const lead = counted.reduce((a, b) => (b.count < a.count ? b : a));
    if (lead.count === 0) return [];
    const page = this.db.prepare<[string, number], { rowid: number }>(
      `SELECT rowid FROM ${lead.table} WHERE ${lead.table} MATCH ? AND rowid < ?
       ORDER BY rowid DESC LIMIT ${BATCH_ROWS}`,
    );
    return (function* () {
      let below = Number.MAX_SAFE_INTEGER;
      let last: number | undefined;
      for (;;) {
        const rows = page.all(lead.match, below);
        const batch: number[] = [];
        for (const { rowid } of rows) {
          const no = Math.floor(rowid / PART_BITS);
          if (no !== last) batch.push(no);
          last = no;
        }
        if (batch.length) yield batch;
        if (rows.length < BATCH_ROWS) return;
        below = rows.at(-1)!.rowid;
      }
    })();
  }

  private find(terms: readonly string[], limit: number): SearchResults {
    const candidates = this.candidates(terms);
    const read = this.db.prepare<[number], JobRow>(
      'SELECT no, id, name, title, body FROM jobs WHERE no = ?',
    );
    const rows: Iterable<JobRow> = candidates
      ? (function* () {
          for (const batch of candidates) {
            for (const no of batch) {
              const row = read.get(no);
              if (row) yield row;
            }
          }
        })()
      : this.db
          .prepare<[], JobRow>('SELECT no, id, name, title, body FROM jobs ORDER BY no DESC')
          .all();
    const hits: SearchHit[] = [];
    let more = false;
    for (const row of rows) {
      const body = unpackBody(row.body);
      if (!containsAll([body.text, row.name, row.title ?? ''], terms)) continue;
      if (hits.length >= limit) {
        more = true;
        break;
      }
      hits.push(hitOf(row, body, terms));
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
      const stale = completed.filter((job) => indexed.get(job.id) !== job.updatedAt);
      // Each job is its own piece of work, so a search or an update gets in between.
      for (const job of stale) void this.reindex(job.id);
      // After many, the full-text tables' segments are merged into one: smaller and quicker.
      if (stale.length >= OPTIMIZE_AFTER) void this.enqueue(() => Promise.resolve(this.optimize()));
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

  private optimize(): void {
    for (const table of ['by_trigram', 'by_gram'])
      this.db.prepare(`INSERT INTO ${table} (${table}) VALUES ('optimize')`).run();
    // The merged segments' old pages go back to the file system.
    this.db.pragma('incremental_vacuum');
  }

  /**
   * Drops a job's rows. The full-text tables are contentless and keep no sizes (the smallest
   * index): a row is taken out by giving it again exactly as it went in, made from the job's row.
   */
  private dropJob(id: string): void {
    this.db.transaction(() => {
      const row = this.db
        .prepare<[string], JobRow>('SELECT no, id, name, title, body FROM jobs WHERE id = ?')
        .get(id);
      if (!row) return;
      const trigrams = this.db.prepare(
        "INSERT INTO by_trigram (by_trigram, rowid, text) VALUES ('delete', ?, ?)",
      );
      const grams = this.db.prepare(
        "INSERT INTO by_gram (by_gram, rowid, grams) VALUES ('delete', ?, ?)",
      );
      const { text } = unpackBody(row.body);
      for (const entry of entriesOf(row.no, row.name, row.title ?? undefined, text)) {
        trigrams.run(entry.rowid, entry.text);
        if (entry.grams) grams.run(entry.rowid, entry.grams);
      }
      this.db.prepare('DELETE FROM jobs WHERE no = ?').run(row.no);
    })();
  }

  private write(job: Job, { title, transcript }: Indexable): void {
    const body = transcript ? bodyOf(transcript) : { text: '', starts: [] };
    const name = job.file.name;
    this.db.transaction(() => {
      // A job indexed again gets a new number: the newest indexed comes first.
      this.dropJob(job.id);
      const no = Number(
        this.db
          .prepare('INSERT INTO jobs (id, name, title, stamp, body) VALUES (?, ?, ?, ?, ?)')
          .run(job.id, name, title ?? null, job.updatedAt, packBody(body)).lastInsertRowid,
      );
      const trigrams = this.db.prepare('INSERT INTO by_trigram (rowid, text) VALUES (?, ?)');
      const grams = this.db.prepare('INSERT INTO by_gram (rowid, grams) VALUES (?, ?)');
      for (const entry of entriesOf(no, name, title, body.text)) {
        trigrams.run(entry.rowid, entry.text);
        if (entry.grams) grams.run(entry.rowid, entry.grams);
      }
    })();
  }
}

/** A job's rows in the full-text tables: each utterance's line, its title and its file name. */
function entriesOf(
  no: number,
  name: string,
  title: string | undefined,
  text: string,
): Array<{ rowid: number; text: string; grams: string }> {
  const entries: Array<{ rowid: number; text: string; grams: string }> = [];
  const add = (part: number, line: string) => {
    if (line.trim() !== '')
      entries.push({ rowid: no * PART_BITS + part, text: line, grams: shortGramsOf(line) });
  };
  text
    .split('\n')
    .slice(0, TITLE_PART)
    .forEach((line, part) => add(part, line));
  if (title) add(TITLE_PART, title);
  add(NAME_PART, name);
  return entries;
}

function hitOf(
  row: JobRow,
  body: { text: string; starts: () => readonly number[] },
  terms: readonly string[],
): SearchHit {
  const base = {
    jobId: row.id,
    fileName: row.name,
    ...(row.title ? { title: row.title } : {}),
  };
  // The first utterance holding the most terms.
  let best: { from: number; line: string; count: number } | undefined;
  let from = 0;
  for (const line of body.text.split('\n')) {
    const lower = line.toLowerCase();
    const count = terms.filter((term) => lower.includes(term)).length;
    if (count > (best?.count ?? 0)) best = { from, line, count };
    if (count === terms.length) break;
    from += line.length + 1;
  }
  const titleCount = row.title
    ? terms.filter((t) => row.title!.toLowerCase().includes(t)).length
    : 0;
  const nameCount = terms.filter((t) => row.name.toLowerCase().includes(t)).length;
  if (best && best.count >= titleCount && best.count >= nameCount) {
    const ranges = rangesIn(best.line, terms);
    const at = best.from + (ranges[0]?.[0] ?? 0);
    return {
      ...base,
      field: 'text',
      snippet: snippetOf(best.line, ranges),
      wordIndex: wordAtOffset(body.starts(), at),
    };
  }
  const [field, text] =
    row.title && titleCount >= nameCount
      ? (['title', row.title] as const)
      : (['name', row.name] as const);
  return { ...base, field, snippet: snippetOf(text, rangesIn(text, terms)) };
}

/** A new, empty index file (whatever was at its place is deleted: it is only ever a copy). */
function freshFile(path: string): Database.Database {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
  return create(path);
}

function create(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('auto_vacuum = INCREMENTAL');
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
      db.prepare("SELECT rowid FROM by_trigram WHERE by_trigram MATCH 'abc' LIMIT 1").get();
      db.prepare("SELECT rowid FROM by_gram WHERE by_gram MATCH 'abc' LIMIT 1").get();
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

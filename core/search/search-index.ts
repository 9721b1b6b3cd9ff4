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
 * Layout (chosen to keep the index small and quick, see tests/bench/search.ts):
 *  - `jobs`: a row per job with its file name, title and text (an utterance a line), deflated;
 *    `job_words`: where its words start and when they begin, read for a hit only.
 *  - `job_tokens`: a contentless FTS5 table with `detail=none` (rowids only), a row per job, its
 *    rowid the job's number (consecutive: a step between two is a one-byte varint), made of the
 *    runs between spaces of its text, title and name (tokensOf): each short run whole (a word),
 *    and the pieces of each long one (its trigrams, and its one- and two-character pieces of
 *    non-ASCII letters, for the short Japanese words trigrams cannot hold: 会議). Japanese written
 *    without spaces is long runs; English is words.
 *  - `words` and `word_pieces`: the vocabulary, every word ever indexed, and the pieces of each.
 * A term holds no space, so it is inside one run: a term is looked up as the OR of the words
 * holding it (found by its pieces among the vocabulary's, then checked) and of its pieces (the
 * AND of its trigrams, or its one- or two-character piece). The jobs whose row holds every term
 * looked up are the candidates (a term of one or two ASCII characters, or one in too many words,
 * is not looked up; a query of those only is a scan), and each is checked against all terms on
 * its stored text, so the answers are exact: a job matches when all terms are in it, and its hit
 * shows the utterances holding most of them (up to three) and how many times they occur in all
 * (found in that text, which the check reads anyway).
 * A row per job and whole words make the full-text data a sixth of what trigrams and grams
 * with a row per utterance took (0.29× the text against 1.80×, over tests/bench/search.ts's
 * 10,000 transcripts), and let a query's terms be looked up together; whole words keep English
 * lookups exact, where with a row per job the AND of a long word's trigrams held in nearly every
 * job (each is common), and each such job had to be read and checked.
 *
 * The rooms: this file (queries, and the work queue that keeps the index in step with the
 * journal), index-file.ts (the file and its schema), index-rows.ts (a job's rows written and
 * dropped), tokens.ts (tokens and terms), documents.ts (the stored text), matches.ts and hits.ts
 * (what a hit shows).
 */
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Job } from '../../shared/domain/job';
import { unpackBody } from './documents';
import { hitOf, type SearchHit, type SearchResults } from './hits';
import { freshFile, isDamage, type JobRow, openFile, SEARCH_FILE } from './index-file';
import { dropJob, forgetJob, type Indexable, optimize, writeJob } from './index-rows';
import { containsAll } from './matches';
import { piecesQuery, termsOf, tokenable, tokenQuery, WORD_CHARS } from './tokens';

export { SEARCH_FILE, SEARCH_SCHEMA } from './index-file';
export type { Indexable } from './index-rows';
export { SNIPPETS, type SearchHit, type SearchResults } from './hits';

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

/** A query's terms beyond this many are ignored. */
const MAX_TERMS = 8;
/** Jobs indexed at once after which the full-text tables are merged. */
const OPTIMIZE_AFTER = 100;
/** Candidate jobs read at first, newest first; each further batch is four times as many. */
const FIRST_BATCH = 64;
/** A term held in more words than this is too common to look up (the OR would be long). */
const WORDS_CAP = 1000;
/** The longest a search works before it lets the event loop run (then it goes on). */
const SLICE_MS = 10;

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
        dropJob(this.db, jobId);
        return;
      }
      const indexable = await this.deps.textOf(job);
      if (this.closed) return;
      writeJob(this.db, job, indexable);
    });
  }

  /** Drops a removed job from the index. */
  remove(jobId: string): Promise<void> {
    return this.enqueue(() => {
      forgetJob(this.db, jobId);
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
   * Reading and checking the jobs gives the event loop its turn every SLICE_MS, so one query
   * never holds the host (a query of terms no word holds reads every job).
   */
  async search(query: string, limit: number): Promise<SearchResults> {
    const terms = termsOf(query).slice(0, MAX_TERMS);
    if (terms.length === 0 || this.closed)
      return { hits: [], more: false, complete: this.complete };
    try {
      return await this.find(terms, limit);
    } catch (error) {
      if (!isDamage(error)) throw error;
      this.recreate(error);
      return { hits: [], more: false, complete: false };
    }
  }

  /**
   * A term as an FTS5 query of `job_tokens`: the words holding it, or its pieces. Undefined when
   * it cannot be looked up: one or two ASCII characters (no piece holds them), or held in too
   * many words.
   */
  private lookup(term: string): string | undefined {
    const token = tokenable(term);
    const pieces = piecesQuery(token);
    if (pieces === undefined) return undefined;
    const words = [...token].length > WORD_CHARS ? [] : this.wordsHolding(token, pieces);
    if (words === undefined) return undefined;
    return [...words.map(tokenQuery), `(${pieces})`].join(' OR ');
  }

  /** The vocabulary's words holding a term (found by its pieces); undefined if too many. */
  private wordsHolding(token: string, pieces: string): string[] | undefined {
    const words = this.db
      .prepare<[string], string>(
        `SELECT word FROM words WHERE no IN
           (SELECT rowid FROM word_pieces WHERE word_pieces MATCH ? LIMIT ${WORDS_CAP + 1})`,
      )
      .pluck()
      .all(pieces);
    return words.length > WORDS_CAP ? undefined : words.filter((word) => word.includes(token));
  }

  /**
   * The jobs that may hold every term, newest first, a batch at a time: those whose row holds
   * every term that can be looked up (a row is a whole job, so the terms may be anywhere in it;
   * every candidate is then checked against all terms). Undefined when no term can be looked
   * up: then every job is a candidate.
   */
  private candidates(terms: readonly string[]): Iterable<number[]> | undefined {
    const lookups = terms.flatMap((term) => this.lookup(term) ?? []);
    if (lookups.length === 0) return undefined;
    const match = lookups.map((lookup) => `(${lookup})`).join(' AND ');
    const page = this.db
      .prepare<[string, number, number], number>(
        `SELECT rowid FROM job_tokens WHERE job_tokens MATCH ? AND rowid < ?
         ORDER BY rowid DESC LIMIT ?`,
      )
      .pluck();
    return (function* () {
      let below = Number.MAX_SAFE_INTEGER;
      for (let size = FIRST_BATCH; ; size *= 4) {
        const batch = page.all(match, below, size);
        if (batch.length) yield batch;
        if (batch.length < size) return;
        below = batch.at(-1)!;
      }
    })();
  }

  private async find(terms: readonly string[], limit: number): Promise<SearchResults> {
    const db = this.db;
    const candidates = this.candidates(terms);
    // Rows are read a page at a time, a statement a page (a statement a row cost three times as
    // much), and no statement stays open while others use the file between slices; a common term
    // has its hits among the newest jobs.
    const read = db.prepare<[string], JobRow>(
      `SELECT no, id, name, title, body FROM jobs WHERE no IN (SELECT value FROM json_each(?))
       ORDER BY no DESC`,
    );
    const page = db.prepare<[number, number], JobRow>(
      'SELECT no, id, name, title, body FROM jobs WHERE no < ? ORDER BY no DESC LIMIT ?',
    );
    const rows: Iterable<JobRow> = candidates
      ? (function* () {
          for (const batch of candidates)
            for (let at = 0; at < batch.length; at += FIRST_BATCH)
              yield* read.all(JSON.stringify(batch.slice(at, at + FIRST_BATCH)));
        })()
      : (function* () {
          for (let below = Number.MAX_SAFE_INTEGER; ;) {
            const batch = page.all(below, FIRST_BATCH);
            yield* batch;
            if (batch.length < FIRST_BATCH) return;
            below = batch.at(-1)!.no;
          }
        })();
    // A hit's word starts and times, read for hits only (a search reads many rows it does
    // not show).
    const wordsOf = db
      .prepare<[number], Uint8Array>('SELECT words FROM job_words WHERE no = ?')
      .pluck();
    const found: SearchHit[] = [];
    const seen = new Set<string>();
    let more = false;
    let slice = performance.now();
    for (const row of rows) {
      if (performance.now() - slice > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        // Closed or made again meanwhile: what was found so far, said to be incomplete.
        if (this.closed || this.db !== db) return { hits: found, more, complete: false };
        slice = performance.now();
      }
      // A job indexed again meanwhile has a new number, and may come twice.
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const text = unpackBody(row.body);
      // The text in lower case, once: the check reads it, and a hit finds its matches in it.
      const hay = text.toLowerCase();
      const hays = [hay, row.name.toLowerCase(), (row.title ?? '').toLowerCase()];
      if (!containsAll(hays, terms)) continue;
      if (found.length >= limit) {
        more = true;
        break;
      }
      found.push(hitOf(row, text, hay, terms, () => wordsOf.get(row.no)));
    }
    return { hits: found, more, complete: this.complete };
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
      const gone = [...indexed.keys()].filter((id) => !live.has(id));
      for (const id of gone) dropJob(this.db, id);
      if (gone.length > 0) this.db.pragma('wal_checkpoint(TRUNCATE)');
      const stale = completed.filter((job) => indexed.get(job.id) !== job.updatedAt);
      // Each job is its own piece of work, so a search or an update gets in between.
      for (const job of stale) void this.reindex(job.id);
      // After many, the full-text tables' segments are merged into one: smaller and quicker.
      if (stale.length >= OPTIMIZE_AFTER)
        void this.enqueue(() => Promise.resolve(optimize(this.db)));
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
}

/**
 * The search index on a real SQLite file: English and Japanese (with and without spaces, and the
 * two-character words trigrams cannot see), the word a match lands on, removal, a changed text,
 * and an index file that is missing, damaged or of another schema made again from the journal.
 */
import { mkdtemp, rm, stat, truncate, writeFile, open as openFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SEARCH_FILE,
  SearchIndex,
  type Indexable,
  type SearchDeps,
} from '../../../../core/search/search-index';
import { TOKENIZER, tokenable } from '../../../../core/search/documents';
import type { Job, Transcript } from '../../../../shared/domain/job';

let dir: string;
let index: SearchIndex | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-search-'));
});
afterEach(async () => {
  await index?.close();
  index = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** A transcript of utterances, each given as its words (`_` marks punctuation after a word). */
function transcriptOf(utterances: string[][], joiner = ' '): Transcript {
  return {
    text: utterances.map((words) => words.join(joiner)).join(joiner),
    utterances: utterances.map((words) => ({
      text: words.join(joiner),
      tags: [],
      rulename: '',
      tokens: words.map((written, i) =>
        written === '。' || written === '.'
          ? { written, spoken: '_' }
          : { written, spoken: written, starttime: i * 100, endtime: i * 100 + 90 },
      ),
    })),
  };
}

const aJob = (id: string, name: string, changes: Partial<Job> = {}): Job => ({
  id,
  file: { path: `/audio/${name}`, name, size: 10 },
  connection: 'local',
  params: { d: 'grammarFileNames=-a-general', logging: true },
  mode: 'sync',
  status: 'completed',
  resultFile: `/results/${id}.json`,
  createdAt: 1,
  updatedAt: 1,
  ...changes,
});

/** A journal in memory: the jobs and their current text, which tests change. */
function journalOf(entries: Array<[Job, Indexable]>) {
  const jobs = new Map(entries.map(([job]) => [job.id, job]));
  const texts = new Map(entries.map(([job, text]) => [job.id, text]));
  const reads: string[] = [];
  const deps: SearchDeps = {
    dataDir: dir,
    jobs: () => [...jobs.values()],
    job: (id) => jobs.get(id),
    textOf: (job) => {
      reads.push(job.id);
      return Promise.resolve(texts.get(job.id) ?? { transcript: undefined });
    },
  };
  return { deps, jobs, texts, reads };
}

const english = transcriptOf([
  ['good', 'morning', 'everyone', '.'],
  ['the', 'budget', 'meeting', 'starts', 'at', 'nine', '.'],
]);
const japanese = transcriptOf(
  [
    ['おはよう', 'ござい', 'ます', '。'],
    ['今日', 'の', '会議', 'は', '予算', 'に', 'ついて', 'です', '。'],
  ],
  '',
);

/**
 * A Japanese utterance of more than 16 characters: a long run, held by its pieces (a shorter run
 * is held whole, as a word).
 */
const longLine = '今日 の 会議 は 来年度 の 予算 に ついて の 確認 です 。'.split(' ');

async function opened(entries: Array<[Job, Indexable]>) {
  const journal = journalOf(entries);
  index = await SearchIndex.open(journal.deps);
  await index.ready();
  return { ...journal, index };
}

describe('a hit counts its matches and shows a few', () => {
  it('counts every occurrence in the transcript, and shows the three utterances holding the most terms, in reading order', async () => {
    const talk = transcriptOf([
      ['the', 'budget', 'is', 'late'],
      ['nothing', 'here'],
      ['budget', 'review', 'of', 'the', 'budget'],
      ['a', 'review', 'only'],
      ['budget', 'again'],
      ['budget', 'review', 'once', 'more'],
    ]);
    const { index } = await opened([[aJob('t', 'talk.wav'), { transcript: talk }]]);
    const [one] = (await index.search('budget', 10)).hits;
    expect(one!.matches).toBe(5);
    // Each holds the one term: the first three in reading order.
    expect(one!.snippets.map((s) => [s.text, s.wordIndex])).toEqual([
      ['the budget is late', 1],
      ['budget review of the budget', 6],
      ['budget again', 14],
    ]);
    expect(one!.snippets[1]!.marks).toEqual([
      [0, 6],
      [21, 27],
    ]);
    const [two] = (await index.search('budget review', 10)).hits;
    expect(two!.matches).toBe(8);
    // Those holding both terms first (two of them), then the first holding one; in reading order.
    expect(two!.snippets.map((s) => s.wordIndex)).toEqual([1, 6, 16]);
    // The best is the first utterance holding both, as opening the job lands on.
    expect(two!.wordIndex).toBe(6);
    // A name match has no transcript match to count.
    const [named] = (await index.search('talk', 10)).hits;
    expect(named).toMatchObject({ field: 'name', matches: 0 });
  });
});

describe('searching', () => {
  it('finds an English word, in any case, and lands on it', async () => {
    const { index } = await opened([[aJob('en', 'standup.wav'), { transcript: english }]]);
    const { hits, complete, more } = await index.search('Budget', 10);
    expect(complete).toBe(true);
    expect(more).toBe(false);
    expect(hits).toEqual([
      {
        jobId: 'en',
        fileName: 'standup.wav',
        field: 'text',
        snippet: { text: 'the budget meeting starts at nine.', marks: [[4, 10]] },
        // good morning everyone (0-2), the (3), budget (4): punctuation is not a word.
        wordIndex: 4,
        matches: 1,
        // …and when it begins: `budget` is the second word of its utterance (100 ms).
        snippets: [
          {
            text: 'the budget meeting starts at nine.',
            marks: [[4, 10]],
            wordIndex: 4,
            start: 0.1,
          },
        ],
      },
    ]);
    expect((await index.search('budgets', 10)).hits).toEqual([]);
  });

  it('says when each passage begins, from the transcript as it reads now, without reading it', async () => {
    // Three hours in, and a word the service gave no time (it takes the one before's).
    const hours = 3 * 3_600_000;
    const talk: Transcript = {
      text: 'budget first. later the budget again',
      utterances: [
        {
          text: 'budget first.',
          tags: [],
          rulename: '',
          tokens: [
            { written: 'budget', spoken: 'budget', starttime: 1_230, endtime: 1_600 },
            { written: 'first', spoken: 'first', starttime: 1_600, endtime: 1_900 },
            { written: '.', spoken: '_' },
          ],
        },
        {
          text: 'later the budget again',
          tags: [],
          rulename: '',
          tokens: [
            { written: 'later', spoken: 'later', starttime: hours, endtime: hours + 400 },
            { written: 'the', spoken: 'the' },
            { written: 'budget', spoken: 'budget', starttime: hours + 900, endtime: hours + 1_300 },
            { written: 'again', spoken: 'again', starttime: hours + 1_300, endtime: hours + 1_700 },
          ],
        },
      ],
    };
    const { index, reads, texts } = await opened([[aJob('t', 'talk.wav'), { transcript: talk }]]);
    const [hit] = (await index.search('budget', 10)).hits;
    expect(hit!.snippets.map((s) => [s.wordIndex, s.start])).toEqual([
      [0, 1.23],
      [4, 10_800.9],
    ]);
    expect((await index.search('the', 10)).hits[0]!.snippets).toMatchObject([
      { wordIndex: 3, start: 10_800 },
    ]);
    expect(reads).toEqual(['t']);
    // The person moved the first word later (an edit): the index has the text as it reads now.
    const moved = structuredClone(talk);
    moved.utterances[0]!.tokens[0]!.starttime = 1_400;
    texts.set('t', { transcript: moved });
    await index.reindex('t');
    const [again] = (await index.search('budget first', 10)).hits;
    expect(again!.snippets[0]).toMatchObject({ wordIndex: 0, start: 1.4 });
  });

  it('finds Japanese written without spaces, with a query with or without spaces', async () => {
    const { index } = await opened([
      [aJob('ja', '定例.wav'), { transcript: japanese }],
      [aJob('en', 'standup.wav'), { transcript: english }],
    ]);
    const [hit] = (await index.search('予算について', 10)).hits;
    expect(hit).toMatchObject({ jobId: 'ja', field: 'text', wordIndex: 7 });
    expect(hit!.snippet).toEqual({ text: '今日の会議は予算についてです。', marks: [[6, 12]] });
    // Two terms: both must be in the job; the hit is the first utterance holding both, marked.
    const [spaced] = (await index.search('会議　予算', 10)).hits;
    expect(spaced).toMatchObject({ jobId: 'ja', wordIndex: 5 });
    expect(spaced!.snippet.marks).toEqual([
      [3, 5],
      [6, 8],
    ]);
    expect((await index.search('会議 こんばんは', 10)).hits).toEqual([]);
    // In different utterances: the job matches, on the first utterance holding one of them.
    expect((await index.search('会議 ござい', 10)).hits).toMatchObject([
      { jobId: 'ja', wordIndex: 1 },
    ]);
  });

  it('finds one- and two-character Japanese words, which trigrams cannot hold', async () => {
    const { index } = await opened([[aJob('ja', '定例.wav'), { transcript: japanese }]]);
    expect((await index.search('会議', 10)).hits).toMatchObject([{ jobId: 'ja', wordIndex: 5 }]);
    expect((await index.search('今', 10)).hits).toMatchObject([{ jobId: 'ja', wordIndex: 3 }]);
    expect((await index.search('会談', 10)).hits).toEqual([]);
    // A short term with a long one: the long one's trigrams find it, the short one is checked.
    expect((await index.search('予算 会議', 10)).hits).toMatchObject([
      { jobId: 'ja', wordIndex: 5 },
    ]);
  });

  it('finds the file name and the title, and prefers a match in the text', async () => {
    const { index } = await opened([
      [aJob('a', 'budget-2026.wav'), { transcript: japanese, title: '四半期の打ち合わせ' }],
      [aJob('b', 'budget-notes.wav'), { transcript: english }],
    ]);
    const hits = (await index.search('budget', 10)).hits;
    expect(hits.map((h) => [h.jobId, h.field])).toEqual([
      ['b', 'text'],
      ['a', 'name'],
    ]);
    expect(hits[1]!.snippet).toEqual({ text: 'budget-2026.wav', marks: [[0, 6]] });
    expect(hits[1]!.wordIndex).toBeUndefined();
    expect((await index.search('打ち合わせ', 10)).hits).toMatchObject([
      { jobId: 'a', field: 'title', title: '四半期の打ち合わせ' },
    ]);
  });

  it('gives one hit per job, newest indexed first, up to the limit, and says there are more', async () => {
    const { index } = await opened(
      ['one', 'two', 'three'].map((id) => [aJob(id, `${id}.wav`), { transcript: english }]),
    );
    const first = await index.search('morning', 2);
    expect(first.hits.map((h) => h.jobId)).toEqual(['three', 'two']);
    expect(first.more).toBe(true);
    expect((await index.search('morning', 3)).more).toBe(false);
    expect((await index.search('   ', 3)).hits).toEqual([]);
  });

  it('finds part of a word, and a word inside a long run, and lands on it', async () => {
    const text = transcriptOf([
      ['see', 'https://example.com/Quarterly-Report', 'by', 'Monday', '.'],
      ['the', 'rebudgeting', 'meeting'],
    ]);
    const { index } = await opened([[aJob('en', 'notes.wav'), { transcript: text }]]);
    expect((await index.search('udge', 5)).hits).toMatchObject([{ jobId: 'en', wordIndex: 5 }]);
    expect((await index.search('quarterly', 5)).hits).toMatchObject([
      { jobId: 'en', wordIndex: 1 },
    ]);
    expect((await index.search('report', 5)).hits[0]!.snippet.marks).toEqual([[34, 40]]);
    expect((await index.search('monday.', 5)).hits).toMatchObject([{ jobId: 'en', wordIndex: 3 }]);
    expect((await index.search('day. the', 5)).hits).toMatchObject([{ jobId: 'en', wordIndex: 3 }]);
    expect((await index.search('ymeeting', 5)).hits).toEqual([]);
    expect((await index.search('report monday', 5)).hits).toMatchObject([{ wordIndex: 1 }]);
    // In different utterances: the first utterance holding one of them.
    expect((await index.search('meeting report', 5)).hits).toMatchObject([{ wordIndex: 1 }]);
  });

  it('finds words inside a long line of Japanese, and across words joined without spaces', async () => {
    const long = transcriptOf([['はい', '。'], longLine], '');
    const { index } = await opened([[aJob('ja', '定例.wav'), { transcript: long }]]);
    expect((await index.search('確認', 5)).hits).toMatchObject([{ wordIndex: 11 }]);
    expect((await index.search('年', 5)).hits).toMatchObject([{ wordIndex: 5 }]);
    expect((await index.search('算についての確', 5)).hits).toMatchObject([{ wordIndex: 7 }]);
    expect((await index.search('は', 5)).hits).toMatchObject([{ wordIndex: 0 }]);
    expect((await index.search('はい 予算', 5)).hits).toMatchObject([{ wordIndex: 0 }]);
    expect((await index.search('予算です', 5)).hits).toEqual([]);
  });

  it('finds a term held in too many words to look up, by reading every job', async () => {
    const many = transcriptOf([Array.from({ length: 1100 }, (_, i) => `qzz${i}`)]);
    const { index } = await opened([
      [aJob('many', 'many.wav'), { transcript: many }],
      [aJob('en', 'standup.wav'), { transcript: english }],
    ]);
    expect((await index.search('qzz', 5)).hits).toMatchObject([{ jobId: 'many', wordIndex: 0 }]);
    expect((await index.search('qzz1099', 5)).hits).toMatchObject([
      { jobId: 'many', wordIndex: 1099 },
    ]);
  });

  it('finds characters the tokenizer would split at, as any other', async () => {
    const odd = transcriptOf([['mongolian\u180eseparator', 'x\u0000y']]);
    const { index } = await opened([[aJob('odd', 'odd.wav'), { transcript: odd }]]);
    expect((await index.search('n\u180es', 5)).hits).toMatchObject([{ wordIndex: 0 }]);
    expect((await index.search('x\u0000y', 5)).hits).toMatchObject([{ wordIndex: 1 }]);
  });

  it('takes quotes, percent signs and underscores as plain characters', async () => {
    const odd = transcriptOf([['50%', 'off_peak', 'say', '"hi"']]);
    const { index } = await opened([[aJob('odd', 'odd.wav'), { transcript: odd }]]);
    expect((await index.search('"hi"', 5)).hits).toHaveLength(1);
    expect((await index.search('0%', 5)).hits).toHaveLength(1);
    expect((await index.search('f_p', 5)).hits).toHaveLength(1);
    expect((await index.search('%', 5)).hits).toHaveLength(1);
    expect((await index.search('x%', 5)).hits).toHaveLength(0);
    expect((await index.search('"', 5)).hits).toHaveLength(1);
  });
});

describe('keeping the index current', () => {
  it('indexes a job again with its changed text, and drops a removed one', async () => {
    const { index, texts, jobs } = await opened([
      [aJob('en', 'standup.wav'), { transcript: english }],
    ]);
    texts.set('en', { transcript: transcriptOf([['the', 'forecast', 'meeting']]) });
    await index.reindex('en');
    expect((await index.search('budget', 5)).hits).toEqual([]);
    expect((await index.search('forecast', 5)).hits).toMatchObject([{ jobId: 'en', wordIndex: 1 }]);
    jobs.delete('en');
    await index.remove('en');
    expect((await index.search('forecast', 5)).hits).toEqual([]);
    expect((await index.search('standup', 5)).hits).toEqual([]);
  });

  it('takes the row of a changed or removed job out of the full-text table', async () => {
    const long = transcriptOf([longLine], '');
    const { index, texts, jobs } = await opened([
      [aJob('ja', '定例.wav'), { transcript: long, title: '予算会議' }],
      [aJob('en', 'standup.wav'), { transcript: english }],
    ]);
    const rows = (match: string) => {
      const db = new Database(join(dir, SEARCH_FILE), { readonly: true });
      try {
        return db.prepare('SELECT rowid FROM job_tokens WHERE job_tokens MATCH ?').all(match)
          .length;
      } finally {
        db.close();
      }
    };
    expect(rows('"会議"')).toBe(1);
    expect(rows('"予算に"')).toBe(1);
    expect(rows('"予算会議"')).toBe(1);
    texts.set('ja', { transcript: transcriptOf([['明日', 'の', '予定']], '') });
    await index.reindex('ja');
    expect(rows('"会議"')).toBe(0);
    expect(rows('"予算に"')).toBe(0);
    expect(rows('"予算会議"')).toBe(0);
    expect(rows('"明日の予定"')).toBe(1);
    jobs.delete('ja');
    await index.remove('ja');
    expect(rows('"明日の予定"')).toBe(0);
    expect(rows('"定例.wav"')).toBe(0);
    expect(rows('"budget"')).toBe(1);
    expect((await index.search('budget', 5)).hits).toMatchObject([{ jobId: 'en' }]);
    // Its words stay in the vocabulary, and lead nowhere.
    expect((await index.search('予算会議', 5)).hits).toEqual([]);
  });

  it("gives a removed job's number to the next one, and finds only the new one by it", async () => {
    const { index, texts, jobs } = await opened([
      [aJob('a', 'a.wav'), { transcript: english }],
      [aJob('b', 'b.wav'), { transcript: transcriptOf([['an', 'old', 'forecast']]) }],
    ]);
    jobs.delete('b');
    await index.remove('b');
    jobs.set('c', aJob('c', 'c.wav'));
    texts.set('c', { transcript: transcriptOf([['a', 'new', 'plan']]) });
    await index.reindex('c');
    expect((await index.search('forecast', 5)).hits).toEqual([]);
    expect((await index.search('plan', 5)).hits).toMatchObject([{ jobId: 'c', wordIndex: 2 }]);
    expect((await index.search('morning', 5)).hits).toMatchObject([{ jobId: 'a' }]);
  });

  it('does not index a job until it is completed', async () => {
    const { index, jobs, texts } = await opened([
      [
        aJob('q', 'queued.wav', { status: 'queued', resultFile: undefined }),
        { transcript: english },
      ],
    ]);
    expect((await index.search('budget', 5)).hits).toEqual([]);
    jobs.set('q', aJob('q', 'queued.wav'));
    texts.set('q', { transcript: english });
    await index.reindex('q');
    expect((await index.search('budget', 5)).hits).toHaveLength(1);
  });

  it('opens an existing index without reading the journal again, and catches up with changes', async () => {
    const first = await opened([
      [aJob('a', 'a.wav'), { transcript: english }],
      [aJob('b', 'b.wav'), { transcript: japanese }],
    ]);
    await first.index.close();
    first.reads.length = 0;
    // Meanwhile (another run): b was removed and c completed.
    first.jobs.delete('b');
    first.jobs.set('c', aJob('c', 'c.wav'));
    first.texts.set('c', { transcript: english });
    index = await SearchIndex.open(first.deps);
    await index.ready();
    expect(first.reads).toEqual(['c']);
    expect((await index.search('会議', 5)).hits).toEqual([]);
    expect((await index.search('budget', 5)).hits.map((h) => h.jobId)).toEqual(['c', 'a']);
  });
});

describe("the full-text tables' tokenizer", () => {
  it("splits a job's tokens at spaces only: every other character stays inside its token", () => {
    const chars: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += code < 0x10000 ? 1 : 61) {
      const char = String.fromCodePoint(code);
      if ((code < 0xd800 || code > 0xdfff) && !/\s/u.test(char)) chars.push(char);
    }
    const db = new Database(':memory:');
    try {
      db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, content='', detail='none',
                                                 tokenize="${TOKENIZER}");
               CREATE VIRTUAL TABLE terms USING fts5vocab(t, 'row');`);
      const tokens = chars.map((char) => tokenable(`<${char}>`.toLowerCase()));
      db.prepare('INSERT INTO t (rowid, x) VALUES (1, ?)').run(tokens.join(' '));
      const terms = db.prepare<[], string>('SELECT term FROM terms').pluck().all();
      // Folding may join two tokens into one term (µ and μ), never cut one.
      expect(terms.filter((term) => !/^<.+>$/u.test(term))).toEqual([]);
      expect(terms.length).toBeGreaterThan(chars.length * 0.98);
    } finally {
      db.close();
    }
  });
});

describe('many jobs at once', () => {
  it('merges the full-text tables after indexing them, and still finds each one', async () => {
    const many = Array.from({ length: 120 }, (_, i): [Job, Indexable] => [
      aJob(`job-${i}`, `${i}.wav`),
      { transcript: transcriptOf([['topic', `marker${i}x`, '会議']]) },
    ]);
    const { index } = await opened(many);
    expect((await index.search('marker7x', 5)).hits).toMatchObject([
      { jobId: 'job-7', wordIndex: 1 },
    ]);
    expect((await index.search('会議', 200)).hits).toHaveLength(120);
    expect(await index.search('topic', 100)).toMatchObject({ more: true });
  });
});

describe('an index file that cannot be used', () => {
  const entries = (): Array<[Job, Indexable]> => [
    [aJob('en', 'standup.wav'), { transcript: english }],
    [aJob('ja', '定例.wav'), { transcript: japanese }],
  ];
  const file = () => join(dir, SEARCH_FILE);

  async function reopened(damage: () => Promise<void>) {
    const first = await opened(entries());
    await first.index.close();
    index = undefined;
    await damage();
    first.reads.length = 0;
    index = await SearchIndex.open(first.deps);
    await index.ready();
    return { index, reads: first.reads };
  }

  const expectWhole = async (index: SearchIndex) => {
    expect(index.complete).toBe(true);
    expect((await index.search('budget', 5)).hits).toMatchObject([{ jobId: 'en' }]);
    expect((await index.search('会議', 5)).hits).toMatchObject([{ jobId: 'ja' }]);
  };

  it('is made again when missing', async () => {
    const { index, reads } = await reopened(() => rm(file()));
    expect(reads.sort()).toEqual(['en', 'ja']);
    await expectWhole(index);
  });

  it('is made again when cut short', async () => {
    const { index, reads } = await reopened(() => truncate(file(), 1000));
    expect(reads.sort()).toEqual(['en', 'ja']);
    await expectWhole(index);
  });

  it('is made again when garbled', async () => {
    const { index, reads } = await reopened(async () => {
      const size = (await stat(file())).size;
      const handle = await openFile(file(), 'r+');
      await handle.write(Buffer.alloc(size, 0x5a), 0, size, 0);
      await handle.close();
    });
    expect(reads.sort()).toEqual(['en', 'ja']);
    await expectWhole(index);
  });

  it('is made again when it is not a database at all', async () => {
    const { index } = await reopened(() => writeFile(file(), 'not a database'));
    await expectWhole(index);
  });

  it('is made again when of another schema version', async () => {
    const { index, reads } = await reopened(async () => {
      const db = new Database(file());
      db.pragma('user_version = 99');
      db.close();
    });
    expect(reads.sort()).toEqual(['en', 'ja']);
    await expectWhole(index);
  });
});

describe('while the index is being made', () => {
  it('answers from what is indexed so far, and says it is incomplete', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const journal = journalOf([
      [aJob('en', 'standup.wav'), { transcript: english }],
      [aJob('ja', '定例.wav'), { transcript: japanese }],
    ]);
    const textOf = journal.deps.textOf;
    index = await SearchIndex.open({
      ...journal.deps,
      textOf: async (job) => {
        if (job.id === 'ja') await held;
        return textOf(job);
      },
    });
    await expect.poll(async () => (await index!.search('budget', 5)).hits.length).toBe(1);
    expect((await index.search('budget', 5)).complete).toBe(false);
    expect((await index.search('会議', 5)).hits).toEqual([]);
    release();
    await index.ready();
    expect(await index.search('会議', 5)).toMatchObject({
      complete: true,
      hits: [{ jobId: 'ja' }],
    });
  });
});

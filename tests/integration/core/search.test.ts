/**
 * `search:query` through the core, on a data folder whose journal holds a Japanese transcript
 * (written as a completed job, since the local service recognizes English only) and an English
 * one: found by what was said, in both scripts; a removed job leaves the index; an index file
 * garbled between two runs is made again from the journal, which is never touched.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../../core/core';
import { JobJournal } from '../../../core/jobs/job-journal';
import { SEARCH_FILE } from '../../../core/search/search-index';
import type { Job, Transcript } from '../../../shared/domain/job';
import { wordEdit } from '../../../shared/domain/edits';
import { sessionKeyStore } from '../../support/proxied-core';
import { until } from '../../support/until';
import { removeDir, tempDir } from '../../support/service-process';

let dataDir: string;
let core: Core | undefined;

const utterance = (words: string[], joiner: string) => ({
  text: words.join(joiner),
  tags: [],
  rulename: '',
  tokens: words.map((written, i) =>
    written === '。'
      ? { written, spoken: '_' }
      : { written, spoken: written, starttime: i * 300, endtime: i * 300 + 250 },
  ),
});
const japanese: Transcript = {
  text: 'おはようございます。今日の会議は予算についてです。',
  utterances: [
    utterance(['おはよう', 'ござい', 'ます', '。'], ''),
    utterance(['今日', 'の', '会議', 'は', '予算', 'に', 'ついて', 'です', '。'], ''),
  ],
};
const english: Transcript = {
  text: 'the quarterly forecast looks fine',
  utterances: [utterance(['the', 'quarterly', 'forecast', 'looks', 'fine'], ' ')],
};

async function seedCompleted(journal: JobJournal, id: string, name: string, t: Transcript) {
  const resultFile = await journal.saveResult(id, t);
  const job: Job = {
    id,
    file: { path: `/recordings/${name}`, name, size: 1000 },
    connection: 'local',
    params: { d: 'grammarFileNames=-a-general', logging: false },
    mode: 'sync',
    status: 'completed',
    resultFile,
    createdAt: Date.UTC(2026, 0, 1),
    updatedAt: Date.UTC(2026, 0, 1),
    completedAt: Date.UTC(2026, 0, 1),
  };
  await journal.save(job);
}

const open = () => Core.open({ dataDir, keyStore: sessionKeyStore(), localService: false });

beforeAll(async () => {
  dataDir = await tempDir('kikitori-search-');
  const journal = await JobJournal.open(dataDir);
  await seedCompleted(journal, 'ja-1', '定例会議.m4a', japanese);
  await seedCompleted(journal, 'en-1', 'review.wav', english);
  core = await open();
  await core.search.ready();
});
afterAll(async () => {
  await core?.stop();
  await removeDir(dataDir);
});

const search = async (query: string, limit = 20) => {
  const result = await core!.invoke('search:query', { query, limit });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
};

describe('search:query', () => {
  it('finds Japanese by a phrase, by a two-character word and by two words', async () => {
    expect(await search('予算について')).toEqual({
      complete: true,
      more: false,
      hits: [
        {
          jobId: 'ja-1',
          fileName: '定例会議.m4a',
          field: 'text',
          snippet: { text: '今日の会議は予算についてです。', marks: [[6, 12]] },
          wordIndex: 7,
          matches: 1,
          // 予算 is the fifth word of its utterance, 1.2 s in.
          snippets: [
            { text: '今日の会議は予算についてです。', marks: [[6, 12]], wordIndex: 7, start: 1.2 },
          ],
        },
      ],
    });
    // 会議 is in the file name too: the match in the text wins.
    expect((await search('会議')).hits).toMatchObject([{ jobId: 'ja-1', wordIndex: 5 }]);
    expect((await search('今日 予算')).hits).toMatchObject([{ jobId: 'ja-1', wordIndex: 3 }]);
  });

  it('finds English by a word, and a job by its file name', async () => {
    expect((await search('Forecast')).hits).toMatchObject([
      { jobId: 'en-1', field: 'text', wordIndex: 2, snippet: { marks: [[14, 22]] } },
    ]);
    expect((await search('review')).hits).toMatchObject([{ jobId: 'en-1', field: 'name' }]);
    expect((await search('budget')).hits).toEqual([]);
  });

  it('finds the corrected text, not the word it replaced, and the original again after undo', async () => {
    const edited = await core!.invoke('edits:apply', { id: 'en-1', op: wordEdit(0, 2, 'budget') });
    expect(edited.ok).toBe(true);
    await until(
      () => search('budget'),
      (r) => r.hits.length === 1,
    );
    expect((await search('budget')).hits).toMatchObject([{ jobId: 'en-1', wordIndex: 2 }]);
    expect((await search('forecast')).hits).toEqual([]);
    expect((await core!.invoke('edits:undo', { id: 'en-1' })).ok).toBe(true);
    await until(
      () => search('forecast'),
      (r) => r.hits.length === 1,
    );
    expect((await search('budget')).hits).toEqual([]);
  });

  it('finds a job by the title it was given, which a rename indexes again, and no more once cleared', async () => {
    expect((await search('quarterly review meeting')).hits).toEqual([]);
    const renamed = await core!.invoke('jobs:rename', {
      id: 'en-1',
      title: 'Board meeting 取締役会',
    });
    expect(renamed.ok).toBe(true);
    await until(
      () => search('取締役会'),
      (r) => r.hits.length === 1,
    );
    expect((await search('取締役会')).hits).toMatchObject([
      { jobId: 'en-1', field: 'title', title: 'Board meeting 取締役会', fileName: 'review.wav' },
    ]);
    // The title and the text together.
    expect((await search('board forecast')).hits).toMatchObject([{ jobId: 'en-1' }]);
    expect((await core!.invoke('jobs:rename', { id: 'en-1', title: '' })).ok).toBe(true);
    await until(
      () => search('取締役会'),
      (r) => r.hits.length === 0,
    );
    expect((await search('review')).hits).toMatchObject([{ jobId: 'en-1', field: 'name' }]);
  });

  it('refuses a query past its length, and a limit out of range', async () => {
    const long = await core!.invoke('search:query', { query: 'a'.repeat(501) });
    expect(long).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const none = await core!.invoke('search:query', { query: 'forecast', limit: 0 });
    expect(none).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('makes a garbled index again from the journal at the next start, leaving the journal as it was', async () => {
    await core!.stop();
    core = undefined;
    const journalFile = join(dataDir, 'jobs', 'ja-1.json');
    const before = await readFile(journalFile);
    const index = join(dataDir, SEARCH_FILE);
    await writeFile(index, Buffer.alloc((await stat(index)).size, 0xa5));
    core = await open();
    await core.search.ready();
    expect((await search('会議')).hits).toMatchObject([{ jobId: 'ja-1' }]);
    expect(await readFile(journalFile)).toEqual(before);
  });

  it('forgets a removed job', async () => {
    expect(await core!.invoke('jobs:remove', { id: 'ja-1' })).toEqual({
      ok: true,
      data: { removed: true },
    });
    await core!.search.ready();
    expect((await search('会議')).hits).toEqual([]);
    expect((await search('forecast')).hits).toHaveLength(1);
  });
});

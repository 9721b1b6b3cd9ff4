/**
 * A removed job leaves none of its words in the data folder: not in the search
 * index's vocabulary or full-text tables, nor in its write-ahead log, nor in any other file
 * (journal, result, edits, a live job's finals and recording). A real data folder and a real
 * index: every byte of every file is read after `jobs:remove`, and none holds the job's words
 * (its transcript's, its correction's, its title's, in English and in Japanese), while the job
 * kept beside it is found as before.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../../core/core';
import { JobJournal } from '../../../core/jobs/job-journal';
import { wordEdit } from '../../../shared/domain/edits';
import type { Job, Transcript } from '../../../shared/domain/job';
import { sessionKeyStore } from '../../support/proxied-core';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';

/*
 * The removed job's words, each found nowhere else. The index stores a term after the bytes it
 * shares with the term before it, so each is looked for without its first two characters.
 */
const SAID = 'zugspitzeqorvane';
const SAID_JA = '鸚鵡返しの秘密会議';
const CORRECTED = 'vexillumtrabant';
const TITLE = 'quokkaboardroom';
const NEEDLES = [SAID, SAID_JA, CORRECTED, TITLE].map((word) => Buffer.from(word.slice(2)));

const utterance = (words: string[]) => ({
  text: words.join(' '),
  tags: [],
  rulename: '',
  tokens: words.map((written, i) => ({
    written,
    spoken: written,
    starttime: i * 300,
    endtime: i * 300 + 250,
  })),
});
const transcriptOf = (words: string[]): Transcript => ({
  text: words.join(' '),
  utterances: [utterance(words)],
});

let dataDir: string;
let core: Core | undefined;

async function seed(journal: JobJournal, id: string, words: string[], live: boolean) {
  const resultFile = await journal.saveResult(id, transcriptOf(words));
  const recording = join(dataDir, 'recordings', `${id}.flac`);
  const job: Job = {
    id,
    file: live
      ? { path: recording, name: `${id}.flac`, size: 1000 }
      : { path: `/recordings/${id}.wav`, name: `${id}.wav`, size: 1000 },
    connection: 'local',
    params: { d: 'grammarFileNames=-a-general', logging: false },
    mode: live ? 'live' : 'sync',
    status: 'completed',
    resultFile,
    createdAt: Date.UTC(2026, 0, 1),
    updatedAt: Date.UTC(2026, 0, 1),
    completedAt: Date.UTC(2026, 0, 1),
  };
  await journal.save(job);
  if (!live) return;
  // What a live session leaves: its finals' journal and its recording (here, bytes that say it).
  await mkdir(join(dataDir, 'live'), { recursive: true });
  await mkdir(join(dataDir, 'recordings'), { recursive: true });
  await writeFile(join(dataDir, 'live', `${id}.jsonl`), `${JSON.stringify({ text: words })}\n`);
  await writeFile(recording, words.join(' '));
}

/** Every file under `dir` holding one of the needles, with the needle. */
async function holding(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) await walk(path);
      else {
        const bytes = await readFile(path);
        for (const needle of NEEDLES)
          if (bytes.includes(needle)) found.push(`${path}: ${needle.toString()}`);
      }
    }
  };
  await walk(dir);
  return found;
}

const search = async (query: string) => {
  const result = await core!.invoke('search:query', { query, limit: 20 });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.data;
};

beforeAll(async () => {
  dataDir = await tempDir('kikitori-removal-');
  const journal = await JobJournal.open(dataDir);
  await seed(journal, 'kept', ['the', 'quarterly', 'forecast', 'looks', 'fine'], false);
  await seed(journal, 'gone', ['the', SAID, 'plan', SAID_JA, 'stays', 'secret'], true);
  core = await Core.open({ dataDir, keyStore: sessionKeyStore(), localService: false });
  await core.search.ready();
});
afterAll(async () => {
  await core?.stop();
  await removeDir(dataDir);
});

describe('jobs:remove', () => {
  it('leaves none of the job’s words in any file of the data folder', async () => {
    expect(
      (await core!.invoke('edits:apply', { id: 'gone', op: wordEdit(0, 0, CORRECTED) })).ok,
    ).toBe(true);
    expect((await core!.invoke('jobs:rename', { id: 'gone', title: TITLE })).ok).toBe(true);
    await until(
      () => search(`${CORRECTED} ${TITLE} ${SAID_JA}`),
      (r) => r.hits.length === 1 && r.complete,
    );
    // The index holds them now (the test can see them where they are).
    expect((await holding(dataDir)).some((hit) => hit.includes('search.sqlite'))).toBe(true);

    expect(await core!.invoke('jobs:remove', { id: 'gone' })).toEqual({
      ok: true,
      data: { removed: true },
    });
    await core!.search.ready();
    expect((await search(SAID)).hits).toEqual([]);
    expect((await search('forecast')).hits).toMatchObject([{ jobId: 'kept' }]);
    // While the app still runs, and after it stopped.
    expect(await holding(dataDir)).toEqual([]);
    await core!.stop();
    core = undefined;
    expect(await holding(dataDir)).toEqual([]);
  });
});

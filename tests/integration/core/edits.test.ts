/**
 * A person's corrections through the core's channels, on a real data folder: kept
 * apart from the service's transcript, which is never changed; written atomically before they
 * are answered; undone after the app is opened again; gone with their job. Readers of the text a
 * person sees (`currentTranscript`) get the edits applied.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Core } from '../../../core/core';
import { currentTranscript } from '../../../core/jobs/job-edits';
import { JobJournal } from '../../../core/jobs/job-journal';
import { SessionKeyStore } from '../../../core/key-store/key-store';
import { renameSpeaker, revertAll, revertWord, wordEdit } from '../../../shared/domain/edits';
import { AppFailure, appError } from '../../../shared/domain/errors';
import type { Job, Transcript } from '../../../shared/domain/job';
import type { ChannelOutput } from '../../../shared/ipc/contract';
import { removeDir, tempDir } from '../../support/service-process';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await removeDir(dir);
});

const transcript: Transcript = {
  text: 'hello wide world',
  utterances: [
    {
      tokens: [
        { written: 'hello', starttime: 0, endtime: 400, spoken: 'hello', label: 'speaker0' },
        { written: 'wide', starttime: 400, endtime: 700, spoken: 'wide', label: 'speaker0' },
        { written: 'world', starttime: 700, endtime: 1200, spoken: 'world', label: 'speaker0' },
      ],
      starttime: 0,
      endtime: 1200,
      tags: [],
      rulename: '',
      text: 'hello wide world',
    },
  ],
};

async function seed(dataDir: string): Promise<Job> {
  const journal = await JobJournal.open(dataDir);
  const resultFile = await journal.saveResult('j1', transcript);
  return journal.save({
    id: 'j1',
    file: { path: '/audio/talk.wav', name: 'talk.wav', size: 10 },
    connection: 'local',
    params: { d: 'grammarFileNames=-a-general-en', logging: false },
    mode: 'sync',
    status: 'completed',
    createdAt: 1,
    updatedAt: 1,
    completedAt: 2,
    resultFile,
  });
}

const open = (dataDir: string) =>
  Core.open({
    dataDir,
    keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
    localService: false,
  });

function data<T>(result: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new AppFailure(result.error as never);
  return result.data;
}

let dataDir: string;
let core: Core;
let job: Job;
beforeEach(async () => {
  dataDir = await tempDir('kikitori-edits-');
  dirs.push(dataDir);
  job = await seed(dataDir);
  core = await open(dataDir);
});
afterEach(async () => {
  await core.stop();
});

const resultBytes = () => readFile(job.resultFile!, 'utf8');
const written = async (id = 'j1') =>
  (await currentTranscript(core.journal, core.journal.get(id)!))!.utterances[0]!.tokens.map(
    (t) => t.written,
  );

describe('edits through the channels', () => {
  it('applies an edit apart from the service transcript, marks the job and tells the window', async () => {
    const before = await resultBytes();
    const changed: Job[] = [];
    core.subscribe((event, payload) => {
      if (event === 'jobs:changed') changed.push((payload as { job: Job }).job);
    });
    const answer = data(
      await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 1, 'white') }),
    );
    expect(answer.job.edited).toBe(true);
    expect(answer.edits.position).toBe(1);
    expect(changed.map((j) => j.edited)).toEqual([true]);
    expect(await resultBytes()).toBe(before);
    expect(await written()).toEqual(['hello', 'white', 'world']);
    const got: ChannelOutput<'jobs:get'> = data(await core.invoke('jobs:get', { id: 'j1' }));
    expect(got.transcript).toEqual(transcript);
    expect(got.edits).toEqual(answer.edits);
    expect(got.job.edited).toBe(true);
    // Only the edits log and the job file were written; no temporary file stays.
    expect(await readdir(join(dataDir, 'edits'))).toEqual(['j1.jsonl']);
  });

  it("gives the job the first words as corrected, for Jobs, and the service's again when undone", async () => {
    const changed: Job[] = [];
    core.subscribe((event, payload) => {
      if (event === 'jobs:changed') changed.push((payload as { job: Job }).job);
    });
    const answer = data(
      await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 0, 'Hallo') }),
    );
    expect(answer.job.preview).toBe('Hallo wide world');
    expect(changed.at(-1)!.preview).toBe('Hallo wide world');
    // A second correction changes the preview again (the job was already marked edited).
    data(await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 2, 'word') }));
    expect(changed.at(-1)!.preview).toBe('Hallo wide word');
    const listed = data(await core.invoke('jobs:list', {})).jobs.find((j) => j.id === 'j1')!;
    expect(listed.preview).toBe('Hallo wide word');
    data(await core.invoke('edits:undo', { id: 'j1' }));
    data(await core.invoke('edits:undo', { id: 'j1' }));
    expect(changed.at(-1)!.edited).toBe(false);
    expect(changed.at(-1)!.preview).toBe('hello wide world');
    // Each change was heard with a newer revision than the one before.
    const revisions = changed.map((j) => j.revision!);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
  });

  it('mends the preview of a job corrected before the preview followed corrections, when it is opened', async () => {
    data(await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 0, 'Hallo') }));
    await core.stop();
    // As an older Kikitori left it: corrected, its preview the service's words.
    const journal = await JobJournal.open(dataDir);
    await journal.save({ ...journal.get('j1')!, preview: 'hello wide world' });
    core = await open(dataDir);
    const got = data(await core.invoke('jobs:get', { id: 'j1' }));
    expect(got.job.preview).toBe('Hallo wide world');
    expect(core.journal.get('j1')!.preview).toBe('Hallo wide world');
  });

  it('undoes after the app is opened again, and redoes', async () => {
    data(await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 1, 'white') }));
    data(await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 2, 'world wide') }));
    await core.stop();
    core = await open(dataDir);
    expect(await written()).toEqual(['hello', 'white', 'world', 'wide']);
    const undone = data(await core.invoke('edits:undo', { id: 'j1' }));
    expect(undone.edits.position).toBe(1);
    expect(await written()).toEqual(['hello', 'white', 'world']);
    data(await core.invoke('edits:undo', { id: 'j1' }));
    const none = data(await core.invoke('edits:undo', { id: 'j1' }));
    expect(none.edits.position).toBe(0);
    expect(none.job.edited).toBe(false);
    await core.stop();
    core = await open(dataDir);
    expect(core.journal.get('j1')!.edited).toBe(false);
    const redone = data(await core.invoke('edits:redo', { id: 'j1' }));
    expect(redone.job.edited).toBe(true);
    expect(await written()).toEqual(['hello', 'white', 'world']);
  });

  it('keeps a title through corrections, and the corrected mark through a rename', async () => {
    data(await core.invoke('jobs:rename', { id: 'j1', title: 'Weekly call' }));
    const corrected = data(
      await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 1, 'white') }),
    );
    expect(corrected.job).toMatchObject({ title: 'Weekly call', edited: true });
    const renamed = data(await core.invoke('jobs:rename', { id: 'j1', title: 'Monday call' }));
    expect(renamed.job).toMatchObject({ title: 'Monday call', edited: true });
    const undone = data(await core.invoke('edits:undo', { id: 'j1' }));
    expect(undone.job).toMatchObject({ title: 'Monday call', edited: false });
    await core.stop();
    core = await open(dataDir);
    expect(core.journal.get('j1')).toMatchObject({ title: 'Monday call', edited: false });
    expect(await written()).toEqual(['hello', 'wide', 'world']);
  });

  it('reverts one word and all, and names speakers', async () => {
    data(await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 0, 'hi') }));
    data(await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 2, 'earth') }));
    data(await core.invoke('edits:apply', { id: 'j1', op: revertWord(0, 0) }));
    expect(await written()).toEqual(['hello', 'wide', 'earth']);
    data(await core.invoke('edits:apply', { id: 'j1', op: renameSpeaker('speaker0', 'Tanaka') }));
    const current = await currentTranscript(core.journal, core.journal.get('j1')!);
    expect(current!.speakerNames).toEqual({ speaker0: 'Tanaka' });
    const all = data(await core.invoke('edits:apply', { id: 'j1', op: revertAll() }));
    expect(all.job.edited).toBe(false);
    expect(await currentTranscript(core.journal, core.journal.get('j1')!)).toEqual(transcript);
  });

  it('refuses an edit that no longer fits, and one for a job without a transcript', async () => {
    const refused = await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 7, 'x') });
    expect(refused).toMatchObject({ ok: false, error: { code: 'edit-refused' } });
    const stale = await core.invoke('edits:apply', { id: 'j1', op: revertWord(0, 0) });
    expect(stale).toMatchObject({ ok: false, error: { code: 'edit-refused' } });
    const missing = await core.invoke('edits:undo', { id: 'nope' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const bad = await core.invoke('edits:apply', {
      id: 'j1',
      op: { kind: 'words', utterance: 0, changes: [] },
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await readdir(join(dataDir, 'edits')).catch(() => [])).toEqual([]);
  });

  it('serializes concurrent edits of one job, each checked against the one before', async () => {
    const answers = await Promise.all([
      core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 2, '') }),
      core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 2, 'x') }),
    ]);
    expect(answers.map((a) => a.ok)).toEqual([true, false]);
    expect(await written()).toEqual(['hello', 'wide']);
  });

  it('removes the edits with their job, and keeps them gone after a restart', async () => {
    data(await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 1, 'white') }));
    expect(data(await core.invoke('jobs:remove', { id: 'j1' })).removed).toBe(true);
    expect(await readdir(join(dataDir, 'edits'))).toEqual([]);
    const after = await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 0, 'x') });
    expect(after).toMatchObject({ ok: false, error: { code: 'not-found' } });
    await core.stop();
    core = await open(dataDir);
    expect(core.journal.list()).toEqual([]);
  });

  it('sets a damaged edits file aside, byte for byte, and reads the transcript as the service said', async () => {
    data(await core.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 1, 'white') }));
    await core.stop();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dataDir, 'edits', 'j1.jsonl'), '{"schemaVersion": 2, "data": {"ops": [\n');
    core = await open(dataDir);
    const got = data(await core.invoke('jobs:get', { id: 'j1' }));
    expect(got.edits).toEqual({ ops: [], position: 0 });
    expect(got.job.edited).toBe(false);
    const names = await readdir(join(dataDir, 'edits'));
    expect(names.filter((n) => n.endsWith('.corrupt'))).toHaveLength(1);
  });
});

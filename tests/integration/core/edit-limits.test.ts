/**
 * Corrections are bounded, and their history is appended to, not written again,
 * on a real data folder through the core's channels: a correction holds at most 100,000
 * characters, a job's history at most 4 MiB of operations in effect (undone ones make room), and
 * each change adds its own line to `<data>/edits/<id>.jsonl`, leaving the bytes before it as they
 * were. A history in the file of the Kikitori before (`<id>.json`) is read, undone after a
 * restart, and becomes a log at the next change; a torn last line is not read.
 */
import { appendFile, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Core } from '../../../core/core';
import { currentTranscript } from '../../../core/jobs/job-edits';
import { JobJournal } from '../../../core/jobs/job-journal';
import { writeJsonAtomic } from '../../../core/storage/atomic-json';
import {
  EDIT_HISTORY_MAX_BYTES,
  EDIT_MAX_CHARS,
  wordEdit,
  type EditOp,
} from '../../../shared/domain/edits';
import { AppFailure } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';
import type { Job, Transcript } from '../../../shared/domain/job';
import { sessionKeyStore } from '../../support/proxied-core';
import { removeDir, tempDir } from '../../support/service-process';

const transcript: Transcript = {
  text: 'hello wide world',
  utterances: [
    {
      tokens: ['hello', 'wide', 'world'].map((written, i) => ({
        written,
        spoken: written,
        starttime: i * 400,
        endtime: i * 400 + 300,
      })),
      starttime: 0,
      endtime: 1200,
      tags: [],
      rulename: '',
      text: 'hello wide world',
    },
  ],
};

/**
 * A correction of the words from the second up to `to` into `chars` characters, in words of 500
 * (to 201: the 200 words an earlier one of 100,000 made, so the text does not grow).
 */
function bigEdit(chars: number, letter = 'a', to = 2): EditOp {
  const words: string[] = [];
  for (let left = chars; left > 0; left -= 500) words.push(letter.repeat(Math.min(500, left)));
  return { kind: 'words', utterance: 0, changes: [{ from: 1, to, written: words }] };
}

let dataDir: string;
let core: Core | undefined;
const open = async () => {
  core = await Core.open({ dataDir, keyStore: sessionKeyStore(), localService: false });
  return core;
};
const logFile = () => join(dataDir, 'edits', 'j1.jsonl');

function data<T>(result: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new AppFailure(result.error as never);
  return result.data;
}
const written = async () =>
  (await currentTranscript(core!.journal, core!.journal.get('j1')!))!.utterances[0]!.tokens.map(
    (t) => t.written,
  );

beforeEach(async () => {
  dataDir = await tempDir('kikitori-edit-limits-');
  const journal = await JobJournal.open(dataDir);
  const resultFile = await journal.saveResult('j1', transcript);
  const job: Job = {
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
  };
  await journal.save(job);
});
afterEach(async () => {
  await core?.stop();
  core = undefined;
  await removeDir(dataDir);
});

describe('a correction', () => {
  it('holds at most 100,000 characters, refused past that in a whole sentence', async () => {
    await open();
    const refused = await core!.invoke('edits:apply', {
      id: 'j1',
      op: bigEdit(EDIT_MAX_CHARS + 1),
    });
    expect(refused).toEqual({
      ok: false,
      error: { code: 'edit-too-long', params: { length: 100_001, max: 100_000 } },
    });
    if (refused.ok) return;
    expect(errorText(refused.error, 'en')).toBe(
      'This correction holds 100001 characters; one correction can hold at most 100000. Make it in smaller parts.',
    );
    expect(errorText(refused.error, 'ja')).toContain('100001 文字');
    // A speaker's name counts too.
    const named = await core!.invoke('edits:apply', {
      id: 'j1',
      op: { kind: 'speaker', label: 'x'.repeat(EDIT_MAX_CHARS), name: 'Tanaka' },
    });
    expect(named).toMatchObject({ ok: false, error: { code: 'edit-too-long' } });
    expect(await readdir(join(dataDir, 'edits')).catch(() => [])).toEqual([]);
    data(await core!.invoke('edits:apply', { id: 'j1', op: bigEdit(EDIT_MAX_CHARS) }));
    expect((await written()).join('').length).toBe(5 + EDIT_MAX_CHARS + 5);
  });
});

describe('control characters', () => {
  it('are refused in a correction and in a job’s name (C0, DEL and C1), in a whole sentence in each language', async () => {
    await open();
    const controls = ['\u001b[2J', 'a\nb', '\u0007', '\u007f', '\u009b31m', '\u0085'];
    for (const control of controls) {
      const word = await core!.invoke('edits:apply', {
        id: 'j1',
        // As a window would send it: one word holding the character (wordEdit splits at spaces).
        op: {
          kind: 'words',
          utterance: 0,
          changes: [{ from: 1, to: 2, written: [`wide${control}x`] }],
        },
      });
      expect(word, JSON.stringify(control)).toEqual({
        ok: false,
        error: { code: 'edit-control', params: {} },
      });
      const speaker = await core!.invoke('edits:apply', {
        id: 'j1',
        op: { kind: 'speaker', label: 'speaker0', name: `Ann${control}` },
      });
      expect(speaker, JSON.stringify(control)).toMatchObject({
        ok: false,
        error: { code: 'edit-control' },
      });
      const renamed = await core!.invoke('jobs:rename', { id: 'j1', title: `Talk${control}x` });
      expect(renamed, JSON.stringify(control)).toMatchObject({
        ok: false,
        error: { code: 'job-title', params: { reason: 'control' } },
      });
    }
    const refused = await core!.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 1, 'a\u009bb') });
    if (refused.ok) throw new Error('accepted');
    expect(errorText(refused.error, 'en')).toBe(
      'This correction holds a line break, a tab or another control character, which a transcript cannot hold. Type it on one line, without them.',
    );
    expect(errorText(refused.error, 'ja')).toContain('制御文字');
    expect(await readdir(join(dataDir, 'edits')).catch(() => [])).toEqual([]);
    expect(core!.journal.get('j1')!.title).toBeUndefined();
    // Japanese and other printable text is a correction like any other.
    data(await core!.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 1, '会議 ©') }));
    data(await core!.invoke('jobs:rename', { id: 'j1', title: '会議 ©' }));
  });
});

describe('the edit history', () => {
  it('is appended to: each change adds its line and leaves the bytes before it', async () => {
    await open();
    data(await core!.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 1, 'white') }));
    let before = await readFile(logFile());
    const sizes: number[] = [before.length];
    for (let i = 0; i < 9; i++) {
      data(await core!.invoke('edits:apply', { id: 'j1', op: bigEdit(90_000, 'bcdefghij'[i]) }));
      const after = await readFile(logFile());
      const line = `${JSON.stringify({ push: bigEdit(90_000, 'bcdefghij'[i]) })}\n`;
      expect(after.length).toBe(before.length + Buffer.byteLength(line));
      expect(after.subarray(0, before.length).equals(before)).toBe(true);
      before = after;
      sizes.push(after.length);
    }
    data(await core!.invoke('edits:undo', { id: 'j1' }));
    expect((await stat(logFile())).size).toBe(before.length + '{"undo":true}\n'.length);
    console.log(`edits log after 1 + 9 applies of 90,000 characters: ${sizes.join(', ')} bytes`);
    // Undone after a restart, from the log.
    await core!.stop();
    await open();
    const got = data(await core!.invoke('jobs:get', { id: 'j1' }));
    expect(got.edits?.position).toBe(9);
    expect(data(await core!.invoke('edits:redo', { id: 'j1' })).edits.position).toBe(10);
  });

  it('holds at most 4 MiB of operations in effect; undone ones make room', async () => {
    await open();
    let refused: unknown;
    let applied = 0;
    for (let i = 0; i < 60 && !refused; i++) {
      const op = bigEdit(EDIT_MAX_CHARS, 'a', i === 0 ? 2 : 201);
      const answer = await core!.invoke('edits:apply', { id: 'j1', op });
      if (answer.ok) applied += 1;
      else refused = answer.error;
    }
    expect(refused).toEqual({
      code: 'edit-history-full',
      params: { max: EDIT_HISTORY_MAX_BYTES },
    });
    const first = JSON.stringify(bigEdit(EDIT_MAX_CHARS)).length;
    const next = JSON.stringify(bigEdit(EDIT_MAX_CHARS, 'a', 201)).length;
    expect(applied).toBe(1 + Math.floor((EDIT_HISTORY_MAX_BYTES - first) / next));
    // The log stays within twice the bound, and jobs:get answers the bounded history.
    expect((await stat(logFile())).size).toBeLessThanOrEqual(2 * EDIT_HISTORY_MAX_BYTES);
    const got = await core!.invoke('jobs:get', { id: 'j1' });
    expect(Buffer.byteLength(JSON.stringify(got))).toBeLessThan(EDIT_HISTORY_MAX_BYTES + 200_000);
    data(await core!.invoke('edits:undo', { id: 'j1' }));
    data(await core!.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 0, 'white') }));
    expect((await written())[0]).toBe('white');
  });

  it('reads the whole-history file of the Kikitori before, undoes it after a restart, and makes it a log', async () => {
    await writeJsonAtomic(
      join(dataDir, 'edits', 'j1.json'),
      { ops: [wordEdit(0, 1, 'white'), wordEdit(0, 2, 'earth')], position: 2 },
      1,
    );
    await open();
    expect(await written()).toEqual(['hello', 'white', 'earth']);
    expect(data(await core!.invoke('jobs:get', { id: 'j1' })).edits?.position).toBe(2);
    data(await core!.invoke('edits:undo', { id: 'j1' }));
    expect(await readdir(join(dataDir, 'edits'))).toEqual(['j1.jsonl']);
    await core!.stop();
    await open();
    expect(await written()).toEqual(['hello', 'white', 'world']);
    const redone = data(await core!.invoke('edits:redo', { id: 'j1' }));
    expect(redone.edits).toEqual({
      ops: [wordEdit(0, 1, 'white'), wordEdit(0, 2, 'earth')],
      position: 2,
    });
  });

  it('does not read a torn last line, and the next change writes the log whole again', async () => {
    await open();
    data(await core!.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 1, 'white') }));
    await core!.stop();
    await appendFile(logFile(), '{"push":{"kind":"words","utte');
    await open();
    expect(await written()).toEqual(['hello', 'white', 'world']);
    data(await core!.invoke('edits:apply', { id: 'j1', op: wordEdit(0, 0, 'hi') }));
    const text = await readFile(logFile(), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('utte\n');
    await core!.stop();
    await open();
    expect(await written()).toEqual(['hi', 'white', 'world']);
  });
});

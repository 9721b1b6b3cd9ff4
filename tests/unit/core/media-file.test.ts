/**
 * The window is untrusted with the disk: a path becomes a job only when it is a
 * regular file of audio or video (symlinks judged by their target), and a job's file is served to
 * the player only while its bytes still are the media the job accepted. Every case runs through
 * the core's own channel (`transcribe:files`) and the media answer both hosts serve.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core, type Caller } from '../../../core/core';
import { SessionKeyStore } from '../../../core/key-store/key-store';
import { mediaAnswer, mediaResponse } from '../../../core/media/media';
import { ChosenFiles, chosenPaths, openMedia } from '../../../core/media/media-file';
import { appError } from '../../../shared/domain/errors';
import type { Job } from '../../../shared/domain/job';
import { wavHeader } from '../../support/wav-header';

let dir: string;
let core: Core;
const SECRET = 'api_key=sk-live-do-not-leak\n';
const wavBytes = Buffer.concat([wavHeader(3200), Buffer.alloc(3200, 1)]);
const paths: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-media-file-'));
  paths.text = join(dir, 'secrets.txt');
  await writeFile(paths.text, SECRET);
  // A text file named like audio: the name must not matter.
  paths.textAsWav = join(dir, 'secrets.wav');
  await writeFile(paths.textAsWav, SECRET);
  paths.folder = join(dir, 'folder.wav');
  await mkdir(paths.folder);
  paths.fifo = join(dir, 'pipe.wav');
  execFileSync('mkfifo', [paths.fifo]);
  paths.linkToText = join(dir, 'link.wav');
  await symlink(paths.text, paths.linkToText);
  paths.wav = join(dir, 'talk.wav');
  await writeFile(paths.wav, wavBytes);
  paths.linkToWav = join(dir, 'link-to-talk.mp3');
  await symlink(paths.wav, paths.linkToWav);
  paths.empty = join(dir, 'empty.wav');
  await writeFile(paths.empty, '');
  core = await Core.open({
    dataDir: join(dir, 'data'),
    keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
    localService: false,
  });
});
afterAll(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

const transcribe = (path: string, caller?: Caller) =>
  core.invoke('transcribe:files', { paths: [path] }, caller);

describe('a path becomes a job only when it is audio or video in a regular file', () => {
  it.each([
    ['a text file', 'text', 'file-refused', { reason: 'not-media' }],
    ['a text file named .wav', 'textAsWav', 'file-refused', { reason: 'not-media' }],
    ['a symlink to a text file', 'linkToText', 'file-refused', { reason: 'not-media' }],
    ['a folder', 'folder', 'file', { reason: 'not-a-file' }],
    ['a FIFO (never opened, so nothing blocks)', 'fifo', 'file', { reason: 'not-a-file' }],
    ['/dev/zero', '/dev/zero', 'file', { reason: 'not-a-file' }],
    ['an empty file', 'empty', 'file', { reason: 'empty' }],
    ['a missing file', 'missing', 'file', { reason: 'missing' }],
  ] as const)(
    '%s is refused, naming it, and nothing is journaled',
    async (_, name, code, params) => {
      const path = paths[name] ?? (name.startsWith('/') ? name : join(dir, 'nothing-here.wav'));
      expect(await transcribe(path)).toEqual({
        ok: false,
        error: {
          code,
          // The sentence names the file by its name; programs get its path too.
          params: { path, name: basename(path), ...params },
          ...(code === 'file' ? { detail: expect.any(String) } : {}),
        },
      });
      expect(core.journal.list()).toEqual([]);
    },
  );

  it('refuses the whole call when one of several paths is not media, journaling none of them', async () => {
    const answer = await core.invoke('transcribe:files', { paths: [paths.wav!, paths.text!] });
    expect(answer).toMatchObject({ ok: false, error: { code: 'file-refused' } });
    expect(core.journal.list()).toEqual([]);
  });

  it('takes a symlink by its target: a link named .mp3 to a WAV is a WAV', async () => {
    await expect(
      openMedia(paths.linkToWav!).then(async (m) => (await m.handle.close(), m.container)),
    ).resolves.toBe('wav');
  });
});

describe('what a caller may name', () => {
  it('the window: no path, only the references it was given, each for itself', async () => {
    const chosen = new ChosenFiles();
    const file = chosen.choose('window-1', paths.wav!);
    const refused = (path: string) => ({
      ok: false,
      error: { code: 'file-refused', params: { path, reason: 'not-chosen' } },
    });
    const window1 = chosen.policy('window-1');
    expect(await transcribe(paths.wav!, { paths: window1, folders: 'picker' })).toMatchObject(
      refused(paths.wav!),
    );
    expect(
      await core.invoke(
        'transcribe:files',
        { files: [file] },
        { paths: chosen.policy('window-2'), folders: 'picker' },
      ),
    ).toMatchObject(refused(file));
    expect(
      await core.invoke(
        'transcribe:files',
        { files: ['x'] },
        { paths: window1, folders: 'picker' },
      ),
    ).toMatchObject(refused('x'));
    expect(core.journal.list()).toEqual([]);
    chosen.forget('window-1');
    expect(
      await core.invoke(
        'transcribe:files',
        { files: [file] },
        { paths: window1, folders: 'picker' },
      ),
    ).toMatchObject(refused(file));
    const again = chosen.choose('window-1', paths.wav!);
    expect(again).not.toBe(file);
    const made = await core.invoke(
      'transcribe:files',
      { files: [again] },
      { paths: window1, folders: 'picker' },
    );
    expect(made).toMatchObject({ ok: true, data: { jobs: [{ file: { path: paths.wav } }] } });
    expect(chosenPaths({ kind: 'any' }, { paths: ['/a'] })).toEqual(['/a']);
    expect(
      await core.invoke('jobs:remove', { id: made.ok ? made.data.jobs[0]!.id : '' }),
    ).toMatchObject({ ok: true });
  });
});

describe('the player gets a job’s file only while it is the media the job accepted', () => {
  const job = (path: string, container?: 'wav' | 'mp3') =>
    ({ id: 'j', file: { path, name: 'x', size: 1, ...(container ? { container } : {}) } }) as Job;

  it('serves an accepted WAV with the sniffed type, whatever its name', async () => {
    const answer = await mediaAnswer(job(paths.linkToWav!, 'wav'), undefined);
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe('audio/wav');
    await answer.body?.file.close();
  });

  it('answers 404 with no bytes for a job that never recorded its file as media', async () => {
    for (const path of [paths.text!, paths.wav!]) {
      const res = await mediaResponse(job(path), new Request('app://kikitori/media/j'));
      expect(res.status).toBe(404);
      expect(res.body).toBeNull();
    }
  });

  it('answers 404 with no bytes for a WAV replaced by a text file after its job completed', async () => {
    const path = join(dir, 'replaced.wav');
    await writeFile(path, wavBytes);
    const accepted = await core.invoke('transcribe:files', { paths: [path] });
    expect(accepted).toMatchObject({ ok: true, data: { jobs: [{ file: { container: 'wav' } }] } });
    const recorded = (accepted as { data: { jobs: Job[] } }).data.jobs[0]!;
    expect((await mediaResponse(recorded, new Request('app://kikitori/media/j'))).status).toBe(200);
    await writeFile(path, SECRET);
    const res = await mediaResponse(recorded, new Request('app://kikitori/media/j'));
    expect(res.status).toBe(404);
    expect(res.body).toBeNull();
    // Another audio container in its place is not what was accepted either.
    await writeFile(path, Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(100)]));
    expect((await mediaResponse(recorded, new Request('app://kikitori/media/j'))).status).toBe(404);
    expect(await core.invoke('jobs:remove', { id: recorded.id })).toMatchObject({ ok: true });
  });

  it('answers 404 for a directory, a FIFO and /dev/zero even if a job names them', async () => {
    for (const path of [paths.folder!, paths.fifo!, '/dev/zero']) {
      const res = await mediaResponse(job(path, 'wav'), new Request('app://kikitori/media/j'));
      expect(res.status, path).toBe(404);
    }
  });
});

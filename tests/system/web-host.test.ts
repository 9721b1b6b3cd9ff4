import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileWord } from '../../shared/api/profile-words';
import { VALIDITY_PRESETS } from '../../shared/domain/validity-presets';
import type { Job, Transcript } from '../../shared/domain/job';
import { formatWordTable, parseWordTable } from '../../shared/domain/word-table';
import { errorText } from '../../shared/domain/error-text';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../fixtures/build';
import { rawRequest, removeDir, tempDir } from '../support/service-process';
import { loggedConnection } from '../support/connections';
import { useWebHost } from '../support/hooks';
import { corpusWordErrorRate } from '../support/wer';
import { until } from '../support/until';

const run = promisify(execFile);
const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

let work: string;
const web = useWebHost('kikitori-app-');
const host = web.host;
/**
 * The five clips (25 s) and 25 s of silence as a 96 kHz stereo WAV: over 16 MB, so it goes
 * async, yet only 25 s of speech to recognise (twice: the restarted service starts it over).
 */
let large: string;
let largeReference: string;

beforeAll(async () => {
  work = await tempDir('kikitori-e2e-');
  const librivox = (await loadFixtures()).fixtures.filter((f) => f.kind === 'librivox');
  large = join(work, 'large.wav');
  const parts = librivox.map((c) => join(DEFAULT_FIXTURES_DIR, c.path));
  await run('sox', ['-R', ...parts, '-r', '96000', '-c', '2', large, 'pad', '0', '25']);
  largeReference = librivox.map((c) => c.text).join(' ');
});
afterAll(async () => {
  await removeDir(work);
});

const getJob = (id: string) => host.call<{ job: Job; transcript?: Transcript }>('jobs:get', { id });
const finished = (value: { job: Job }) =>
  value.job.status === 'completed' || value.job.status === 'failed';

describe('web host security', () => {
  it('refuses requests without the token, with a foreign Origin, or a foreign Host', async () => {
    const noToken = await fetch(`${host.url}/rpc/jobs:list`, { method: 'POST', body: '{}' });
    expect(noToken.status).toBe(401);
    const wrong = await fetch(`${host.url}/rpc/jobs:list`, {
      method: 'POST',
      headers: { Authorization: 'Bearer nope' },
      body: '{}',
    });
    expect(wrong.status).toBe(401);
    const port = new URL(host.url).port;
    const foreignOrigin = await rawRequest(host.url, {
      path: '/rpc/jobs:list',
      headers: { Authorization: `Bearer ${host.token}`, Origin: 'http://evil.example' },
      body: Buffer.from('{}'),
    });
    expect(foreignOrigin.status).toBe(403);
    const foreignHost = await rawRequest(host.url, {
      path: '/rpc/jobs:list',
      headers: { Authorization: `Bearer ${host.token}`, Host: `evil.example:${port}` },
      body: Buffer.from('{}'),
    });
    expect(foreignHost.status).toBe(403);
    const events = await fetch(`${host.url}/events`);
    expect(events.status).toBe(401);
    expect((await host.rpc('no:such')).ok).toBe(false);
    expect(await host.rpc('jobs:get', { id: 42 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
  });
});

describe('the core through the web host, with the real service and a real keychain', () => {
  it('starts the local service and files its first key in the keychain for the Local connection', async () => {
    const status = await host.call<{ state: string; url: string }>('service:status');
    expect(status).toMatchObject({
      state: 'running',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    });
    const { connections, active } = await host.call<{
      connections: Array<{ id: string; baseUrl: string; keyRef: string | null }>;
      active: string;
    }>('connections:list');
    expect(active).toBe('local');
    const local = connections.find((c) => c.id === 'local')!;
    expect(local.baseUrl).toBe(status.url);
    expect(connections.find((c) => c.id === 'cloud')).toMatchObject({
      baseUrl: 'https://acp-api.amivoice.com',
      keyRef: null,
    });
    const { keys, storage } = await host.call<{
      keys: Array<{ id: string; label: string; last4: string }>;
      storage: string;
    }>('keys:list');
    expect(storage).toBe('keychain');
    expect(keys).toEqual([
      expect.objectContaining({
        id: local.keyRef,
        label: 'Local service',
        last4: expect.stringMatching(/^.{4}$/),
      }),
    ]);
  });

  it('transcribes a dropped file (sync) and stores the transcript', async () => {
    const { jobs } = await host.call<{ jobs: Job[] }>('transcribe:files', { paths: [CLIP] });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ mode: 'sync', status: 'queued' });
    const done = await until(() => getJob(jobs[0]!.id), finished);
    expect(done.job.status).toBe('completed');
    expect(done.transcript?.text).toMatch(/He might even have been made/);
    expect((await host.call<{ jobs: Job[] }>('jobs:list')).jobs.map((j) => j.id)).toContain(
      jobs[0]!.id,
    );
  });

  it('converts an M4A with ffmpeg before sending it', async () => {
    const { jobs } = await host.call<{ jobs: Job[] }>('transcribe:files', {
      paths: [join(DEFAULT_FIXTURES_DIR, 'formats/aac-16k.m4a')],
    });
    const done = await until(() => getJob(jobs[0]!.id), finished);
    expect(done.job).toMatchObject({
      status: 'completed',
      convertedPath: expect.stringMatching(/\.flac$/),
    });
    expect(done.transcript?.text).toMatch(/young man/);
  });

  it('reports a missing file and garbage clearly, and retries and removes jobs', async () => {
    expect(await host.rpc('transcribe:files', { paths: ['/nonexistent/talk.wav'] })).toMatchObject({
      ok: false,
      error: {
        code: 'file',
        params: { path: '/nonexistent/talk.wav', reason: 'missing' },
      },
    });
    // Not audio at all: refused before any job exists (the window is not trusted with the disk).
    const text = join(DEFAULT_FIXTURES_DIR, 'garbage/text.wav');
    expect(await host.rpc('transcribe:files', { paths: [text] })).toMatchObject({
      ok: false,
      error: { code: 'file-refused', params: { path: text, reason: 'not-media' } },
    });
    // Says it is M4A, but is not: a job that fails when it is converted.
    const { jobs } = await host.call<{ jobs: Job[] }>('transcribe:files', {
      paths: [join(DEFAULT_FIXTURES_DIR, 'garbage/broken.m4a')],
    });
    const failed = await until(() => getJob(jobs[0]!.id), finished);
    expect(failed.job).toMatchObject({
      status: 'failed',
      error: { code: expect.stringMatching(/conversion-failed|unsupported-audio/) },
    });
    expect(errorText(failed.job.error!, 'ja')).toMatch(/。$/);
    // A retry starts the job over (queued, no error) and it fails again the same way.
    const retried = await host.call<{ job: Job }>('jobs:retry', { id: jobs[0]!.id });
    expect(retried.job.status).toBe('queued');
    expect(retried.job.error).toBeUndefined();
    const again = await until(() => getJob(jobs[0]!.id), finished);
    expect(again.job).toMatchObject({
      status: 'failed',
      error: { code: failed.job.error!.code },
    });
    expect(again.job.updatedAt).toBeGreaterThan(failed.job.updatedAt);
    expect(await host.call('jobs:remove', { id: jobs[0]!.id })).toEqual({ removed: true });
    expect(await host.rpc('jobs:get', { id: jobs[0]!.id })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('edits the dictionary with a diff, and issues a key into the keychain', async () => {
    const first = await host.call('dictionary:setWords', {
      engine: '-a-general-en',
      profileId: 'e2e',
      words: [
        { written: 'Amiable', spoken: 'amiable' },
        { written: 'Himself', spoken: 'himself' },
      ],
    });
    expect(first).toMatchObject({ added: 2, removed: 0, changed: 0 });
    const second = await host.call('dictionary:setWords', {
      engine: '-a-general-en',
      profileId: 'e2e',
      words: [{ written: 'Amiable', spoken: 'amiable', classname: 'TERM' }],
    });
    expect(second).toMatchObject({ added: 0, removed: 1, changed: 1 });
    expect(
      await host.call('dictionary:getWords', { engine: '-a-general-en', profileId: 'e2e' }),
    ).toEqual({ words: [{ written: 'Amiable', spoken: 'amiable', classname: 'TERM' }] });
    expect(
      (await host.call<{ profiles: string[] }>('dictionary:profiles', { engine: '-a-general-en' }))
        .profiles,
    ).toContain('e2e');
    expect(
      (
        await host.call<{ classnames: string[] }>('dictionary:classnames', {
          engine: '-a-general-en',
        })
      ).classnames,
    ).toContain('TERM');
    // Issuing answers the key; filing it is keys:add, as the window does when asked to.
    const issued = await host.call<{ key: string }>('keys:issue', {
      epi: '1h',
      ipa: '127.0.0.1',
    });
    const filed = await host.call<{ key: { label: string; last4: string } }>('keys:add', {
      label: 'for a colleague',
      key: issued.key,
      use: false,
    });
    expect(filed.key).toMatchObject({ label: 'for a colleague', last4: issued.key.slice(-4) });
    expect(await host.rpc('keys:issue', { epi: '12x' })).toMatchObject({
      ok: false,
      error: { code: 'bad-request', detail: expect.stringMatching(/unknown unit "x"/) },
    });
  });

  it('a word table read in the window previews its diff, saves, and exports back the same table', async () => {
    const engine = '-a-general-en';
    const table = [
      'written\tspoken\tclass',
      'Willoughby\twill oh be',
      '\tno written form',
      'Marianne\tmary ann\tPERSON',
      'Willoughby\tagain',
      'Norland\tnor land\tPLACE\textra',
    ].join('\n');
    // Tables are read and written in the window (the same shared code); the host has no channel
    // for them.
    const imported = parseWordTable(table);
    expect(imported.format).toBe('tsv');
    expect(imported.words.map((w) => w.written)).toEqual(['Willoughby', 'Marianne']);
    expect(imported.rejected.map((r) => r.line)).toEqual([3, 5, 6]);
    await host.call('dictionary:setWords', {
      engine,
      profileId: 'imported',
      words: [
        { written: 'Elinor', spoken: 'ellen or' },
        { written: 'Marianne', spoken: 'marian' },
      ],
    });
    const preview = { engine, profileId: 'imported', words: imported.words };
    expect(await host.call('dictionary:diff', preview)).toEqual({
      added: 1,
      removed: 1,
      changed: 1,
    });
    // The preview changed nothing; applying does exactly what it said.
    expect(await host.call('dictionary:getWords', preview)).toMatchObject({
      words: [{ written: 'Elinor' }, { written: 'Marianne', spoken: 'marian' }],
    });
    expect(await host.call('dictionary:setWords', preview)).toMatchObject({
      added: 1,
      removed: 1,
      changed: 1,
    });
    const stored = await host.call<{ words: ProfileWord[] }>('dictionary:getWords', preview);
    const exported = formatWordTable(stored.words, 'csv');
    expect(exported).toBe(
      'written,spoken,class\nWilloughby,will oh be,\nMarianne,mary ann,PERSON\n',
    );
    expect(parseWordTable(exported, 'csv')).toMatchObject({ words: imported.words, rejected: [] });
    for (const gone of ['dictionary:import', 'dictionary:export'])
      await expect(host.call(gone, { text: table })).rejects.toThrow(/invalid-input/);
  });

  it('manages connections and their keys: save, make active, add, reveal and remove a key', async () => {
    const status = await host.call<{ url: string }>('service:status');
    const { key: issued } = await host.call<{ key: string }>('keys:issue', { epi: '1h' });
    const second = loggedConnection('second', 'Same service, logged', status.url);
    expect(await host.call('connections:save', { connection: second })).toEqual({
      connection: second,
    });
    const { key: entry } = await host.call<{ key: { id: string; last4: string } }>('keys:add', {
      label: 'issued for the second connection',
      key: issued,
      connection: 'second',
    });
    expect(entry.last4).toBe(issued.slice(-4));
    const listed = await host.call<{ connections: Array<{ id: string; keyRef: string | null }> }>(
      'connections:list',
    );
    expect(listed.connections.find((c) => c.id === 'second')!.keyRef).toBe(entry.id);
    expect(await host.call('keys:reveal', { id: entry.id })).toEqual({ key: issued });
    // keys:list never carries a key itself.
    expect(JSON.stringify(await host.call('keys:list'))).not.toContain(issued);

    // With no connection given, a transcription goes through the active one.
    await host.call('connections:setActive', { id: 'second' });
    const { jobs } = await host.call<{ jobs: Job[] }>('transcribe:files', { paths: [CLIP] });
    expect(jobs[0]!.connection).toBe('second');
    expect((await until(() => getJob(jobs[0]!.id), finished)).job.status).toBe('completed');

    // Events arrive on /events: removing the job is announced.
    const events = await fetch(`${host.url}/events?token=${host.token}`);
    const reader = events.body!.getReader();
    await host.call('jobs:remove', { id: jobs[0]!.id });
    let text = '';
    while (!text.includes('event: jobs:removed')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await reader.cancel();
    expect(text).toContain(`event: jobs:removed\ndata: {"id":"${jobs[0]!.id}"}`);

    // Removing the key clears it from its connection; the connection then says it has none.
    expect(await host.call('keys:remove', { id: entry.id })).toEqual({ removed: true });
    const after = await host.call<{ connections: Array<{ id: string; keyRef: string | null }> }>(
      'connections:list',
    );
    expect(after.connections.find((c) => c.id === 'second')!.keyRef).toBeNull();
    expect(await host.rpc('keys:reveal', { id: entry.id })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    const keyless = await host.call<{ jobs: Job[] }>('transcribe:files', { paths: [CLIP] });
    expect((await until(() => getJob(keyless.jobs[0]!.id), finished)).job).toMatchObject({
      status: 'failed',
      error: { code: 'no-key', params: { connection: 'Same service, logged' } },
    });
    await host.call('connections:setActive', { id: 'local' });
    expect(
      await host.rpc('connections:save', { connection: { ...second, id: 'Not An Id' } }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        detail: expect.stringMatching(/connection\.id: a connection id is lower-case/),
      },
    });
  });

  it('issues a key for every validity preset', async () => {
    for (const preset of VALIDITY_PRESETS) {
      const issued = await host.rpc('keys:issue', { epi: preset.epi });
      expect(issued, preset.id).toMatchObject({ ok: true, data: { key: expect.any(String) } });
    }
  });

  it('brings every job back after the app is killed with SIGKILL while jobs are polling', async () => {
    const { jobs } = await host.call<{ jobs: Job[] }>('transcribe:files', { paths: [large, CLIP] });
    expect(jobs.map((j) => j.mode)).toEqual(['async', 'sync']);
    const polling = await until(
      () => getJob(jobs[0]!.id),
      (v) => v.job.status === 'recognizing' && v.job.sessionid !== undefined,
    );
    expect(polling.job.apiVersion).toBe(2);
    await host.kill();
    await web.restart();
    for (const job of jobs) {
      const done = await until(() => getJob(job.id), finished, { timeoutMs: 300_000 });
      expect(done.job.status, job.file.name).toBe('completed');
    }
    const transcript = (await getJob(jobs[0]!.id)).transcript!;
    expect(transcript.sessionId).toBe(polling.job.sessionid);
    expect(
      corpusWordErrorRate([{ reference: largeReference, hypothesis: transcript.text }]).wer,
    ).toBeLessThanOrEqual(0.35);
    // The restarted service recognises the large file again from the start: on a loaded 2-core
    // machine that takes minutes, as the waits above allow.
  }, 600_000);
});

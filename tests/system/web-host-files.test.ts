import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { useWebHost } from '../support/hooks';
import { until } from '../support/until';

const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');

const web = useWebHost('kikitori-app-');
const host = web.host;

const auth = () => ({ Authorization: `Bearer ${host.token}` });

describe('files in browser mode: uploads and the player’s media route', () => {
  it('refuses uploads and media without the token', async () => {
    const upload = await fetch(`${host.url}/uploads?name=a.wav`, { method: 'PUT', body: 'x' });
    expect(upload.status).toBe(401);
    const media = await fetch(`${host.url}/media/some-job`);
    expect(media.status).toBe(401);
  });

  it('takes an uploaded file to a transcript, serves it back by byte range, and removes it with its job', async () => {
    const audio = await readFile(CLIP);
    const uploaded = await fetch(`${host.url}/uploads?name=${encodeURIComponent('My talk.wav')}`, {
      method: 'PUT',
      headers: auth(),
      body: audio,
    });
    // A reference, not the path: the core resolves it.
    const { data: file } = (await uploaded.json()) as { data: string };
    expect(file).not.toContain('/');

    const { jobs } = await host.call<{ jobs: Job[] }>('transcribe:files', { files: [file] });
    expect(jobs[0]!.file.path.startsWith(join(web.dataDir, 'uploads'))).toBe(true);
    expect(jobs[0]!.file.name).toBe('My talk.wav');
    const done = await until(
      () => host.call<{ job: Job; transcript?: { text: string } }>('jobs:get', { id: jobs[0]!.id }),
      (v) => v.job.status === 'completed' || v.job.status === 'failed',
    );
    expect(done.transcript?.text).toMatch(/He might even have been made/);

    const whole = await fetch(`${host.url}/media/${jobs[0]!.id}?token=${host.token}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await whole.arrayBuffer()).equals(audio)).toBe(true);

    const part = await fetch(`${host.url}/media/${jobs[0]!.id}`, {
      headers: { ...auth(), Range: 'bytes=1000-1999' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${audio.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(1000, 2000))).toBe(true);

    const beyond = await fetch(`${host.url}/media/${jobs[0]!.id}`, {
      headers: { ...auth(), Range: `bytes=${audio.length}-` },
    });
    expect(beyond.status).toBe(416);
    expect((await fetch(`${host.url}/media/nope`, { headers: auth() })).status).toBe(404);

    await host.call('jobs:remove', { id: jobs[0]!.id });
    await until(
      () => existsSync(dirname(jobs[0]!.file.path)),
      (exists) => !exists,
    );
  });

  it('refuses a declared size over the async limit before storing anything', async () => {
    const response = await new Promise<number>((resolve, reject) => {
      import('node:http').then(({ request }) => {
        const req = request(`${host.url}/uploads?name=huge.wav`, {
          method: 'PUT',
          headers: { ...auth(), 'Content-Length': String(3 * 1024 ** 3) },
        });
        req.on('response', (res) => resolve(res.statusCode!));
        req.on('error', reject);
        req.write(Buffer.alloc(1024));
      }, reject);
    });
    expect(response).toBe(413);
  });
});

describe('the page is not trusted with the disk', () => {
  /** A browser page's session: a one-time code spent at /session/claim, sent as its header. */
  async function pageSession() {
    const made = await fetch(`${host.url}/session/code`, { method: 'POST', headers: auth() });
    const { data } = (await made.json()) as { data: { url: string } };
    const claimed = await fetch(`${host.url}/session/claim`, {
      method: 'POST',
      headers: { Origin: host.url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: new URL(data.url).searchParams.get('code') }),
    });
    const { session } = ((await claimed.json()) as { data: { session: string } }).data;
    const call = (channel: string, input: unknown) =>
      fetch(`${host.url}/rpc/${channel}`, {
        method: 'POST',
        headers: { 'X-Kikitori-Session': session },
        body: JSON.stringify(input),
      }).then(
        (r) => r.json() as Promise<{ ok: boolean; error?: { code: string; params: object } }>,
      );
    /** Uploads `body` as the page does; the reference it is answered with. */
    const upload = async (name: string, body: string | Buffer) => {
      const uploaded = await fetch(`${host.url}/uploads?name=${name}`, {
        method: 'PUT',
        headers: { 'X-Kikitori-Session': session },
        body,
      });
      return ((await uploaded.json()) as { data: string }).data;
    };
    return Object.assign(call, { upload });
  }

  it('refuses any path the page names, a reference it was not given, and an upload that is not audio', async () => {
    const page = await pageSession();
    expect(await page('transcribe:files', { paths: [CLIP] })).toMatchObject({
      ok: false,
      error: { code: 'file-refused', params: { path: CLIP, reason: 'not-chosen' } },
    });
    expect(await page('transcribe:files', { paths: ['/etc/passwd'] })).toMatchObject({
      ok: false,
      error: { code: 'file-refused', params: { reason: 'not-chosen' } },
    });
    // Its own upload of audio is a reference the page may name, but never the path it lies at.
    const audio = await page.upload('talk.wav', await readFile(CLIP));
    const job = await host.call<{ jobs: Job[] }>('jobs:list');
    const program = await fetch(`${host.url}/uploads?name=program.wav`, {
      method: 'PUT',
      headers: auth(),
      body: await readFile(CLIP),
    });
    const theirs = ((await program.json()) as { data: string }).data;
    expect(await page('transcribe:files', { files: [theirs] })).toMatchObject({
      ok: false,
      error: { code: 'file-refused', params: { path: theirs, reason: 'not-chosen' } },
    });
    const notes = await page.upload('notes.wav', 'password=hunter2\n');
    expect(await page('transcribe:files', { files: [notes] })).toMatchObject({
      ok: false,
      error: { code: 'file-refused', params: { name: 'notes.wav', reason: 'not-media' } },
    });
    expect((await host.call<{ jobs: Job[] }>('jobs:list')).jobs).toEqual(job.jobs);
    const made = await page('transcribe:files', { files: [audio] });
    expect(made).toMatchObject({ ok: true });
    const { jobs } = (made as unknown as { data: { jobs: Job[] } }).data;
    expect(jobs[0]!.file.path.startsWith(join(web.dataDir, 'uploads'))).toBe(true);
    await host.call('jobs:remove', { id: jobs[0]!.id });
  });

  it('serves no bytes of a job’s file once it is no longer the audio the job accepted', async () => {
    const path = join(web.dataDir, 'outside.wav');
    await writeFile(path, await readFile(CLIP));
    const { jobs } = await host.call<{ jobs: Job[] }>('transcribe:files', { paths: [path] });
    await until(
      () => host.call<{ job: Job }>('jobs:get', { id: jobs[0]!.id }),
      (v) => v.job.status === 'completed' || v.job.status === 'failed',
    );
    const media = () => fetch(`${host.url}/media/${jobs[0]!.id}`, { headers: auth() });
    expect((await media()).status).toBe(200);
    await writeFile(path, 'password=hunter2\n');
    const after = await media();
    expect(after.status).toBe(404);
    expect(await after.text()).not.toContain('hunter2');
    await host.call('jobs:remove', { id: jobs[0]!.id });
  });
});

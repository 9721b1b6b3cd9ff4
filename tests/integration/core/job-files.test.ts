/**
 * The programs' one routine from a job to files (core/programs/job-files.ts), with the real core
 * and the real local service: a recording sent, its job followed to its end, rendered and
 * written, never over a file; the same job written again through the app's program endpoint (a
 * socket) gives the same bytes; in one process the rendered bytes are bytes, never base64; and
 * what the routine answers when the core refuses a file, or the job it follows is gone.
 */
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectProgram } from '../../../core/programs/program-client';
import { startProgramEndpoint } from '../../../core/programs/program-endpoint';
import { jobToFiles, writeInto, type JobLink } from '../../../core/programs/job-files';
import type { Job } from '../../../shared/domain/job';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { useProxiedCore } from '../../support/hooks';
import { removeDir, tempDir } from '../../support/service-process';

const proxied = useProxiedCore({
  connections: [{ id: 'files-local', name: 'Local (job to files)' }],
  activate: true,
});
const clip = join(DEFAULT_FIXTURES_DIR, 'espeak', 'sentence-1.wav');

let work: string;
beforeAll(async () => {
  work = await tempDir('kikitori-job-files-');
});
afterAll(async () => {
  await removeDir(work);
});

/** The core of this process as a program holds it (without the link's close, which stops it). */
const here = (): JobLink => {
  const { invoke, subscribe } = proxied.core.link();
  return { invoke, subscribe };
};

describe('job to files', { timeout: 300_000 }, () => {
  let job: Job;
  let written: Map<string, Buffer>;

  it('sends a recording, follows its job to its end and writes each format, never over a file', async () => {
    const source = join(work, 'talk.wav');
    await copyFile(clip, source);
    const out = join(work, 'out', 'deeper');
    const known: Job[] = [];
    const done = await jobToFiles(here(), {
      from: { send: { paths: [source] } },
      formats: ['srt', 'txt'],
      settings: { lang: 'en' },
      write: writeInto(out),
      known: (sent) => known.push(sent),
    });
    expect(done.kind, JSON.stringify(done)).toBe('written');
    if (done.kind !== 'written') return;
    job = done.job;
    expect(job.status).toBe('completed');
    // Told once, of the job it then followed.
    expect(known.map((sent) => sent.id)).toEqual([job.id]);
    // The folder made, each format written under the recording's name.
    expect(done.paths).toEqual([join(out, 'talk.srt'), join(out, 'talk.txt')]);
    written = new Map(
      await Promise.all(
        done.paths.map(async (path) => [path, await readFile(path)] as [string, Buffer]),
      ),
    );
    expect(written.get(join(out, 'talk.srt'))!.toString('utf8')).toMatch(/^1\r?\n00:00:0/);
    expect(written.get(join(out, 'talk.txt'))!.length).toBeGreaterThan(0);

    // The same job written again, as `kikitori export` writes it: beside, never over.
    const again = await jobToFiles(here(), {
      from: { done: job.id },
      formats: ['srt'],
      settings: { lang: 'en' },
      write: writeInto(out),
    });
    expect(again).toMatchObject({ kind: 'written', paths: [join(out, 'talk (2).srt')] });
    expect(await readFile(join(out, 'talk (2).srt'))).toEqual(written.get(join(out, 'talk.srt')));
    expect((await readdir(out)).sort()).toEqual(['talk (2).srt', 'talk.srt', 'talk.txt']);
  });

  it('renders bytes as bytes in one process: no base64 between the core and a program', async () => {
    const rendered = await proxied.core.invoke('export:render', {
      id: job.id,
      formats: ['srt'],
      settings: { lang: 'en' },
    });
    if (!rendered.ok) throw new Error(rendered.error.code);
    const [file] = rendered.data.files;
    expect(file!.bytes).toBeInstanceOf(Uint8Array);
    expect(Object.keys(file!)).not.toContain('base64');
    expect(Buffer.from(file!.bytes)).toEqual([...written.values()][0]);
  });

  it('writes the same bytes through the app’s program endpoint (base64 on the socket only)', async () => {
    const endpoint = await startProgramEndpoint(proxied.core);
    const connection = await connectProgram(proxied.dataDir);
    try {
      if (connection.kind !== 'connected') throw new Error(JSON.stringify(connection));
      expect(connection.link.where).toBe('app');
      const rendered = await connection.link.invoke('export:render', {
        id: job.id,
        formats: ['srt'],
        settings: { lang: 'en' },
      });
      if (!rendered.ok) throw new Error(rendered.error.code);
      expect(rendered.data.files[0]!.bytes).toBeInstanceOf(Uint8Array);

      const out = join(work, 'through-app');
      const done = await jobToFiles(connection.link, {
        from: { follow: job.id },
        formats: ['srt', 'txt'],
        settings: { lang: 'en' },
        write: writeInto(out),
      });
      expect(done).toMatchObject({ kind: 'written', job: { id: job.id } });
      const [srt, txt] = [...written.values()];
      expect(await readFile(join(out, 'talk.srt'))).toEqual(srt);
      expect(await readFile(join(out, 'talk.txt'))).toEqual(txt);
    } finally {
      if (connection.kind === 'connected') await connection.link.close();
      await endpoint.close();
    }
  });

  it('answers what the core refused, and a followed job that is gone, writing nothing', async () => {
    const out = join(work, 'nothing');
    const notMedia = join(work, 'notes.wav');
    await copyFile(join(DEFAULT_FIXTURES_DIR, '..', 'build.ts'), notMedia);
    const refused = await jobToFiles(here(), {
      from: { send: { paths: [notMedia] } },
      formats: ['txt'],
      settings: {},
      write: writeInto(out),
    });
    expect(refused).toMatchObject({ kind: 'refused', error: { code: 'file-refused' } });

    const gone = await jobToFiles(here(), {
      from: { follow: '00000000-0000-4000-8000-000000000000' },
      formats: ['txt'],
      settings: {},
      write: writeInto(out),
    });
    expect(gone).toMatchObject({ kind: 'removed', error: { code: 'not-found' } });
    await expect(readdir(out)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

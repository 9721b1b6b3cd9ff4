/**
 * Several jobs exported at once, from Jobs: each job in every format asked for,
 * named after its job, two jobs of one name never under one file name (in a zip or a folder),
 * nothing in the folder written over, and each job's subtitles by the rules set for its script.
 * A real journal and connection store in a folder of their own.
 */
import { unzipSync } from 'fflate';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionStore } from '../../../core/connections/connection-store';
import { renderJobs, uniquelyNamed, zipOf } from '../../../core/export/batch';
import { exportHandlers } from '../../../core/handlers/export';
import { JobJournal } from '../../../core/jobs/job-journal';
import type { Job, Transcript } from '../../../shared/domain/job';
import { exportSettingsSchema } from '../../../shared/format/export-settings';
import { textWidth } from '../../../shared/format/subtitles';
import { DIARIZED } from '../../support/diarized';
import { JA_MEETING } from '../../support/ja-meeting';

let dir: string;
let journal: JobJournal;
let connections: ConnectionStore;

async function seed(id: string, name: string, transcript: Transcript, title?: string) {
  const resultFile = await journal.saveResult(id, transcript);
  const job: Job = {
    id,
    file: { path: `/nowhere/${name}`, name, size: 1000 },
    connection: 'local',
    params: { d: 'grammarFileNames=-a-general', logging: false },
    mode: 'async',
    status: 'completed',
    createdAt: Date.UTC(2026, 10, 27, 1),
    updatedAt: 1,
    completedAt: 1,
    resultFile,
    ...(title !== undefined && { title }),
  };
  await journal.save(job);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-batch-'));
  journal = await JobJournal.open(join(dir, 'data'));
  connections = await ConnectionStore.open(join(dir, 'data'));
  await seed('en', 'talk.wav', DIARIZED);
  await seed('ja', 'talk.wav', JA_MEETING);
  await seed('titled', 'other.wav', DIARIZED, 'Weekly');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const settings = exportSettingsSchema.parse({ timeZone: 'UTC', fillers: 'drop' });
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('exporting several jobs', () => {
  it('names each file after its job, a second job of the same name numbered, each script by its own rules', async () => {
    const files = await renderJobs(
      { journal, connections },
      ['en', 'ja', 'titled'],
      ['txt', 'srt'],
      settings,
      {
        cjk: { maxLine: 8 },
        spaced: { maxLine: 12 },
      },
    );
    expect(files.map((f) => f.fileName)).toEqual([
      'talk.txt',
      'talk.srt',
      'talk.txt',
      'talk.srt',
      'Weekly.txt',
      'Weekly.srt',
    ]);
    expect(uniquelyNamed(files).map((f) => f.fileName)).toEqual([
      'talk.txt',
      'talk.srt',
      'talk (2).txt',
      'talk (2).srt',
      'Weekly.txt',
      'Weekly.srt',
    ]);
    const lines = (srt: string) =>
      srt
        .trim()
        .split('\n\n')
        .flatMap((cue) => cue.split('\n').slice(2));
    // Japanese at 8 full-width characters a line (a speaker's name aside), English at 12.
    for (const line of lines(text(files[3]!.bytes)))
      if (!line.includes(': ')) expect(textWidth(line, 'cjk'), line).toBeLessThanOrEqual(8);
    for (const line of lines(text(files[1]!.bytes)))
      if (!line.includes(': ')) expect(line.length, line).toBeLessThanOrEqual(12);
    // The choices hold for every job: fillers left out, a written 12% kept.
    expect(text(files[2]!.bytes)).not.toMatch(/えー|あの/);
    expect(text(files[2]!.bytes)).toContain('12%');
  });

  it('zips them side by side, the same bytes as the files', async () => {
    const files = await renderJobs(
      { journal, connections },
      ['en', 'ja'],
      ['md', 'docx'],
      settings,
    );
    const { zip, names } = zipOf(files);
    const zipped = unzipSync(zip);
    expect(names).toEqual(['talk.md', 'talk.docx', 'talk (2).md', 'talk (2).docx']);
    expect(Object.keys(zipped)).toEqual(names);
    names.forEach((name, i) =>
      expect(Buffer.from(zipped[name]!).equals(Buffer.from(files[i]!.bytes))).toBe(true),
    );
    // The same jobs and choices, the same zip.
    expect(Buffer.from(zipOf(files).zip).equals(Buffer.from(zip))).toBe(true);
  });

  it('saves into the folder picked, never over a file there; a job that is gone is said, and nothing is made', async () => {
    const folder = await mkdtemp(join(dir, 'out-'));
    await writeFile(join(folder, 'talk.txt'), 'mine');
    const handlers = exportHandlers({
      dataDir: dir,
      journal,
      connections,
      askSavePath: undefined,
      askFolder: () => Promise.resolve(folder),
    });
    const saved = await handlers['export:jobs']({ ids: ['en', 'ja'], formats: ['txt'], settings }, {
      kind: 'trusted',
    } as never);
    expect(saved).toEqual({
      ok: true,
      data: { saved: true, paths: [join(folder, 'talk (2).txt'), join(folder, 'talk (3).txt')] },
    });
    expect(await readFile(join(folder, 'talk.txt'), 'utf8')).toBe('mine');
    expect((await readdir(folder)).sort()).toEqual(['talk (2).txt', 'talk (3).txt', 'talk.txt']);

    const refused = await handlers['export:bundle'](
      { ids: ['en', 'gone'], formats: ['txt'], settings },
      { kind: 'trusted' } as never,
    );
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'not-found', params: { id: 'gone' } },
    });
  });
});

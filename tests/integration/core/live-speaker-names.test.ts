/**
 * Speakers named on Live, against the cloud's realtime answer as recorded
 * (tests/support/diarized.ts) served by a WebSocket test server, through the real core: a name
 * given over the live link while the session runs, and one given as it ends, are kept in the
 * job as speaker edits, so the viewer's transcript (`jobs:get`) and every export show them, and
 * the minutes (Markdown, and Word read back by mammoth) name the participants by them. A session
 * whose process dies keeps the names it journaled, as it keeps its finals.
 */
import mammoth from 'mammoth';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Core } from '../../../core/core';
import { JobJournal } from '../../../core/jobs/job-journal';
import { currentTranscript } from '../../../core/jobs/job-edits';
import { recoverLiveJobs } from '../../../core/live/live-completion';
import { LiveRecording } from '../../../core/live/live-recording';
import type { LiveEvent } from '../../../shared/ipc/live';
import { labellingCloud, startDiarizedRealtime } from '../../support/diarized';
import { sessionKeyStore } from '../../support/proxied-core';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';

let server: Awaited<ReturnType<typeof startDiarizedRealtime>>;
let base: string;
let work: string;

beforeAll(async () => {
  work = await tempDir('kikitori-live-names-');
  server = await startDiarizedRealtime();
  base = server.base;
});

afterAll(async () => {
  await server.close();
  await removeDir(work);
});

async function labellingCore(dataDir: string): Promise<Core> {
  const core = await Core.open({
    dataDir,
    keyStore: sessionKeyStore(),
    localService: false,
    watchFolders: false,
  });
  await core.connections.save(labellingCloud(base));
  const added = await core.invoke('keys:add', {
    label: 'cloud',
    key: 'cloud-key-1234',
    connection: 'cloud',
  });
  if (!added.ok) throw new Error(added.error.code);
  await core.connections.setActive('cloud');
  return core;
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

it('names given on Live are kept in the job: the viewer, the exports and the minutes’ participants show them', async () => {
  const core = await labellingCore(await mkdtemp(join(work, 'core-')));
  try {
    const events: LiveEvent[] = [];
    const inbound = core.live.open({ send: (e) => void events.push(e), close: () => {} });
    inbound.text(JSON.stringify({ type: 'start' }));
    await until(
      () => events.some((e) => e.type === 'state' && e.state === 'listening'),
      (yes) => yes,
      { timeoutMs: 10_000 },
    );
    inbound.audio(new Uint8Array(3_200));
    const finals = () => events.filter((e) => e.type === 'final');
    await until(finals, (f) => f.length === 2, { timeoutMs: 10_000 });
    // A speaker nobody heard is passed over; the heard one named twice keeps the last name.
    inbound.text(JSON.stringify({ type: 'speaker', label: 'speaker7', name: 'Nobody' }));
    inbound.text(JSON.stringify({ type: 'speaker', label: 'speaker0', name: 'Tanaka' }));
    inbound.text(JSON.stringify({ type: 'speaker', label: 'speaker0', name: '  Tanaka Yui ' }));
    inbound.text(JSON.stringify({ type: 'stop' }));
    // As the session ends: given to the completed job's edits.
    inbound.text(JSON.stringify({ type: 'speaker', label: 'speaker1', name: 'Sato' }));
    const stopped = await until(
      () => events.find((e) => e.type === 'state' && e.state === 'stopped'),
      (e) => e !== undefined,
      { timeoutMs: 30_000 },
    );
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    const id = stopped!.type === 'state' ? stopped!.jobId! : '';
    const got = await until(
      () => core.invoke('jobs:get', { id }),
      (r) => r.ok && r.data.edits?.ops.length === 2,
      { timeoutMs: 10_000 },
    );
    if (!got.ok) throw new Error(got.error.code);
    expect(got.data.job).toMatchObject({ status: 'completed', mode: 'live', edited: true });
    expect(got.data.edits?.ops).toEqual([
      { kind: 'speaker', label: 'speaker0', name: 'Tanaka Yui' },
      { kind: 'speaker', label: 'speaker1', name: 'Sato' },
    ]);
    const shown = await currentTranscript(core.journal, got.data.job);
    expect(shown?.speakerNames).toEqual({ speaker0: 'Tanaka Yui', speaker1: 'Sato' });

    // The minutes name the participants by them, in either language.
    for (const [lang, line, wordLine] of [
      ['en', '- **Participants**: Tanaka Yui, Sato', 'Participants: Tanaka Yui, Sato'],
      ['ja', '- **参加者**: Tanaka Yui、Sato', '参加者: Tanaka Yui、Sato'],
    ] as const) {
      const rendered = await core.invoke('export:render', {
        id,
        formats: ['md', 'docx', 'txt'],
        settings: { lang },
      });
      if (!rendered.ok) throw new Error(rendered.error.code);
      const [md, docx, txt] = rendered.data.files;
      expect(text(md!.bytes)).toContain(line);
      const word = await mammoth.extractRawText({ buffer: Buffer.from(docx!.bytes) });
      expect(word.value).toContain(wordLine);
      expect(text(txt!.bytes)).toContain('Tanaka Yui: Good morning.');
      expect(text(txt!.bytes)).toContain('Sato: Hi there.');
    }
  } finally {
    await core.stop();
  }
});

it('a speaker left unnamed is "Speaker N" among the participants, in the window’s language', async () => {
  const core = await labellingCore(await mkdtemp(join(work, 'unnamed-')));
  try {
    const events: LiveEvent[] = [];
    const inbound = core.live.open({ send: (e) => void events.push(e), close: () => {} });
    inbound.text(JSON.stringify({ type: 'start' }));
    await until(
      () => events.some((e) => e.type === 'state' && e.state === 'listening'),
      (yes) => yes,
      { timeoutMs: 10_000 },
    );
    inbound.audio(new Uint8Array(3_200));
    await until(
      () => events.filter((e) => e.type === 'final').length,
      (n) => n === 2,
      { timeoutMs: 10_000 },
    );
    inbound.text(JSON.stringify({ type: 'speaker', label: 'speaker1', name: 'Sato' }));
    inbound.text(JSON.stringify({ type: 'stop' }));
    const stopped = await until(
      () => events.find((e) => e.type === 'state' && e.state === 'stopped'),
      (e) => e !== undefined,
      { timeoutMs: 30_000 },
    );
    const id = stopped!.type === 'state' ? stopped!.jobId! : '';
    for (const [lang, line] of [
      ['en', '- **Participants**: Speaker 1, Sato'],
      ['ja', '- **参加者**: 話者 1、Sato'],
    ] as const) {
      const rendered = await core.invoke('export:render', {
        id,
        formats: ['md'],
        settings: { lang },
      });
      if (!rendered.ok) throw new Error(rendered.error.code);
      expect(text(rendered.data.files[0]!.bytes)).toContain(line);
    }
  } finally {
    await core.stop();
  }
});

it('a session whose process died keeps the names it journaled, as its finals', async () => {
  const dataDir = await mkdtemp(join(work, 'crash-'));
  const journal = await JobJournal.open(dataDir);
  const recording = await LiveRecording.create({
    dataDir,
    journal,
    connection: labellingCloud(base),
  });
  const { id } = recording.job;
  recording.writeAudio(new Uint8Array(32_000));
  await recording.addFinal({
    index: 0,
    startMs: 0,
    endMs: 900,
    text: 'Good morning.',
    tokens: [{ written: 'Good morning.', starttime: 0, endtime: 900, label: 'speaker0' }],
  });
  await recording.nameSpeaker('speaker0', 'Tanaka');
  // The power goes: ffmpeg is killed with the app, nothing is finished.
  process.kill(recording.encoderPid!, 'SIGKILL');
  const after = await JobJournal.open(dataDir);
  const [done] = await recoverLiveJobs({ dataDir, journal: after });
  expect(done).toMatchObject({ id, status: 'completed', cutOff: true, edited: true });
  expect((await currentTranscript(after, done!))?.speakerNames).toEqual({ speaker0: 'Tanaka' });
  expect((await after.readEdits(id)).ops).toEqual([
    { kind: 'speaker', label: 'speaker0', name: 'Tanaka' },
  ]);
});

/**
 * Calls noticed (core/calls/) against a real PulseAudio server started for the test, the real
 * local service and the real core. The call applications are `parecord` under an application
 * name (tests/support/call-app.ts), recording from the default source, "the microphone": a
 * remap of a sink the test could speak into. The far end of the call is what the default sink,
 * "the speakers", plays: a LibriVox clip.
 *
 * The end delay is 3 s here instead of 30 s (`callEndMs`): each call below ends, and the one
 * real 30 s wait is in the window's test (tests/e2e/calls.spec.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../core/core';
import { PulseCallProvider } from '../../../core/calls/pulse-provider';
import type { CallView } from '../../../shared/domain/calls';
import type { LiveEvent } from '../../../shared/ipc/live';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { startCallApp, stopCallApps } from '../../support/call-app';
import { useService } from '../../support/hooks';
import { openLiveCore } from '../../support/live-core';
import { startPulse, type PulseServer } from '../../support/pulse';
import { removeDir, tempDir } from '../../support/service-process';
import { until } from '../../support/until';
import { pcmOfWav, wavOf } from '../../support/wav-header';

const SPEAKERS_CLIP = 'sense_and_sensibility_01_austen_64kb-0890';
const SPEAKERS_WORDS = ['unless', 'rather', 'cold', 'hearted', 'selfish', 'ill', 'disposed'];
const END_MS = 3_000;

const service = useService();
let pulse: PulseServer;
let work: string;
let stopSpeakers: () => void;

beforeAll(async () => {
  work = await tempDir('kikitori-calls-');
  const clip = pcmOfWav(
    await readFile(join(DEFAULT_FIXTURES_DIR, 'librivox', `${SPEAKERS_CLIP}.wav`)),
  );
  const speakers = join(work, 'speakers.wav');
  await writeFile(speakers, wavOf(Buffer.concat([clip, Buffer.alloc(2 * 16_000 * 2)])));
  pulse = await startPulse(
    ['speakers', 'voice'],
    [{ name: 'test_microphone', sink: 'voice', description: 'Test microphone' }],
  );
  await pulse.pactl(['set-default-source', 'test_microphone']);
  stopSpeakers = pulse.playLoop('speakers', speakers);
}, 120_000);

afterAll(async () => {
  stopCallApps();
  stopSpeakers?.();
  await pulse?.stop();
  if (work) await removeDir(work);
});

/** A core noticing calls on the test's server, with every call it announces. */
async function openCallCore(mode: 'core' | 'window') {
  const dataDir = await tempDir(`kikitori-calls-${mode}-`);
  const core = await openLiveCore(dataDir, service, {
    calls: mode,
    callProvider: new PulseCallProvider({ env: pulse.env }),
    soundEnv: pulse.env,
    callEndMs: END_MS,
  });
  const calls: CallView[] = [];
  core.subscribe((event, payload) => {
    if (event === 'calls:call') calls.push(payload as CallView);
  });
  await core.start();
  const latest = (app: string) => calls.filter((c) => c.app === app).at(-1);
  const until$ = (app: string, done: (call: CallView) => boolean) =>
    until(
      () => latest(app),
      (call) => call !== undefined && done(call),
      { timeoutMs: 60_000, everyMs: 100 },
    ) as Promise<CallView>;
  return {
    core,
    calls,
    latest,
    until: until$,
    async close() {
      await core.stop();
      await removeDir(dataDir);
    },
  };
}

const wordsOf = async (core: Core, id: string) => {
  const got = await core.invoke('jobs:get', { id });
  if (!got.ok) throw new Error(got.error.code);
  return (got.data.transcript?.utterances ?? [])
    .map((u) => u.text)
    .join(' ')
    .toLowerCase();
};

describe('with no window: the core records each call itself', () => {
  it('a call is recorded from its start, ends after the application stops, and is kept as a job with its words; a second call after it too; Kikitori’s own capture is never a call', async () => {
    const calls = await openCallCore('core');
    try {
      const zoom = await startCallApp(pulse, 'Zoom');
      const recording = await calls.until('Zoom', (c) => c.state === 'recording');
      expect(recording.jobId).toBeTruthy();
      expect(recording.started).toBe('auto');
      // Words of the far end reach the session's journal of finals.
      await until(
        async () =>
          (
            await readFile(
              join(calls.core.dataDir, 'live', `${recording.jobId}.jsonl`),
              'utf8',
            ).catch(() => '')
          ).toLowerCase(),
        (text) => SPEAKERS_WORDS.filter((w) => text.includes(w)).length >= 3,
        { timeoutMs: 120_000, everyMs: 500 },
      );
      await zoom.stop();
      const ended = await calls.until('Zoom', (c) => c.state === 'ended');
      expect(ended.jobId).toBe(recording.jobId);
      const job = await calls.core.invoke('jobs:get', { id: recording.jobId! });
      expect(job.ok && job.data.job.status).toBe('completed');
      expect(job.ok && job.data.job.title).toMatch(/^Zoom call \d{1,2} [A-Z][a-z]{2} \d\d:\d\d$/);
      const words = await wordsOf(calls.core, recording.jobId!);
      expect(SPEAKERS_WORDS.filter((w) => words.includes(w)).length).toBeGreaterThanOrEqual(3);

      // The next call, one after the other: a session and a job of its own.
      const teams = await startCallApp(pulse, 'Microsoft Teams');
      const second = await calls.until('Microsoft Teams', (c) => c.state === 'recording');
      expect(second.jobId).not.toBe(recording.jobId);
      await until(
        async () =>
          (
            await readFile(join(calls.core.dataDir, 'live', `${second.jobId}.jsonl`), 'utf8').catch(
              () => '',
            )
          ).length,
        (length) => length > 0,
        { timeoutMs: 120_000, everyMs: 500 },
      );
      await teams.stop();
      const secondEnded = await calls.until('Microsoft Teams', (c) => c.state === 'ended');
      expect(secondEnded.jobId).toBe(second.jobId);
      const secondJob = await calls.core.invoke('jobs:get', { id: second.jobId! });
      expect(secondJob.ok && secondJob.data.job.title).toMatch(/^Microsoft Teams call /);

      // The core's own ffmpeg recorded all along: never a call.
      expect(new Set(calls.calls.map((c) => c.app))).toEqual(new Set(['Zoom', 'Microsoft Teams']));
    } finally {
      await calls.close();
    }
  }, 400_000);
});

describe('with a window: asked, started by itself, declined, never, and while Live runs', () => {
  it('follows the settings and the answers', async () => {
    const calls = await openCallCore('window');
    try {
      // A window opening its microphone for Live: its stream is its own, not a call.
      expect((await calls.core.invoke('calls:expectOwn', { streams: 1 })).ok).toBe(true);
      const window = await startCallApp(pulse, 'Chromium input');
      // Asked (the default): a notice, nothing started.
      const zoom = await startCallApp(pulse, 'Zoom');
      const asked = await calls.until('Zoom', (c) => c.state === 'asking');
      expect(calls.latest('Chromium')).toBeUndefined();
      await window.stop();

      // Not now: not asked again while the call goes on, even through a stream closed and
      // opened again.
      const declined = await calls.core.invoke('calls:answer', { id: asked.id, answer: 'not-now' });
      expect(declined.ok && declined.data.call.state).toBe('declined');
      await zoom.stop();
      const again = await startCallApp(pulse, 'Zoom');
      const slack = await startCallApp(pulse, 'Slack');
      await calls.until('Slack', (c) => c.state === 'asking');
      expect(calls.calls.filter((c) => c.app === 'Zoom' && c.state === 'asking')).toHaveLength(1);

      // Never for Slack: this call declined, and the next not noticed at all.
      const slackCall = calls.latest('Slack')!;
      expect(
        (await calls.core.invoke('calls:answer', { id: slackCall.id, answer: 'never' })).ok,
      ).toBe(true);
      await slack.stop();
      await again.stop();
      await calls.until('Slack', (c) => c.state === 'ended');
      await calls.until('Zoom', (c) => c.state === 'ended');
      const listed = await calls.core.invoke('calls:list', {});
      expect(listed.ok && listed.data.settings.never).toEqual(['Slack']);
      expect(listed.ok && listed.data.settings.seen).toEqual(
        expect.arrayContaining(['Zoom', 'Slack']),
      );
      const slackAgain = await startCallApp(pulse, 'Slack');
      const webex = await startCallApp(pulse, 'Webex');
      await calls.until('Webex', (c) => c.state === 'asking');
      // (Its one call's three events: asked, declined, ended.)
      expect(new Set(calls.calls.filter((c) => c.app === 'Slack').map((c) => c.id)).size).toBe(1);
      await slackAgain.stop();

      // Start by itself for Discord, ticked; Webex, not ticked, is still asked.
      const set = await calls.core.invoke('calls:settings', { mode: 'auto', auto: ['Discord'] });
      expect(set.ok && set.data.settings).toMatchObject({ mode: 'auto', auto: ['Discord'] });
      const discord = await startCallApp(pulse, 'Discord');
      const auto = await calls.until('Discord', (c) => c.state === 'starting');
      expect(auto.started).toBe('auto');
      // The window takes it, once.
      const taken = await calls.core.invoke('calls:answer', { id: auto.id, answer: 'start' });
      expect(taken.ok).toBe(true);
      const twice = await calls.core.invoke('calls:answer', { id: auto.id, answer: 'start' });
      expect(!twice.ok && twice.error.code).toBe('call-gone');
      await discord.stop();
      await webex.stop();
      await calls.until('Discord', (c) => c.state === 'ended');

      // Live started by hand, then a call: nothing started, and its end offers to stop Live.
      const events: LiveEvent[] = [];
      const inbound = calls.core.live.open({ send: (e) => events.push(e), close: () => undefined });
      inbound.text(JSON.stringify({ type: 'start' }));
      await until(
        () => events,
        (e) => e.some((x) => x.type === 'state' && x.state === 'listening'),
        { timeoutMs: 60_000 },
      );
      inbound.audio(new Uint8Array(3_200));
      const during = await startCallApp(pulse, 'Zoom');
      const busy = await calls.until('Zoom', (c) => c.state === 'busy' || c.state === 'asking');
      expect(busy.state).toBe('busy');
      const refused = await calls.core.invoke('calls:answer', { id: busy.id, answer: 'start' });
      expect(!refused.ok && refused.error.code).toBe('call-gone');
      await during.stop();
      const over = await calls.until('Zoom', (c) => c.state === 'ended');
      expect(over.offerStop).toBe(true);
      expect(over.jobId).toBeUndefined();
      inbound.text(JSON.stringify({ type: 'stop' }));
      await until(
        () => events,
        (e) => e.some((x) => x.type === 'state' && x.state === 'stopped'),
        { timeoutMs: 60_000 },
      );
    } finally {
      await calls.close();
    }
  }, 400_000);
});

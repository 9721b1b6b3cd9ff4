// @vitest-environment happy-dom
/**
 * The Live screen's store (renderer/src/store/live-slice.ts): the microphone opens before the
 * link, the link's audio port goes to the capture, whose worklet writes the audio and the pauses
 * and the stop into it (never this thread), interim text is replaced in place by the final, a
 * refusal of the microphone opens no link, Stop ends the microphone with its last audio and
 * `stop`, and a link that drops ends the session with a reason. The microphone runs the worklet's
 * own code (CaptureCore) on a synthetic tone; the link is a small fake shaped like the bridge's,
 * with a real MessageChannel for the audio (the real pair runs end to end in
 * tests/e2e/live.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { AppFailure, appError } from '../../../shared/domain/errors';
import type { LiveClientMessage, LiveEvent } from '../../../shared/ipc/live';
import {
  CaptureCore,
  type CaptureReport,
} from '../../../renderer/src/features/live/capture/capture-core';
import type { LiveConnection } from '../../../renderer/src/host/bridge';
import type { CaptureApi } from '../../../renderer/src/store/live-capture';
import { createAppStore } from '../../../renderer/src/store/store';
import { until } from '../../support/until';
import { fakeBridge } from '../../support/window/fake-bridge';

function fakeLink({ withAudio = true, portLater = false } = {}) {
  const events = new Set<(event: LiveEvent) => void>();
  const closes = new Set<() => void>();
  /** What the link's own text carried. */
  const sent: LiveClientMessage[] = [];
  /** What came through the audio port, in order: bytes of audio, or the message said among it. */
  const audio: (string | number)[] = [];
  const channel = new MessageChannel();
  // Node's port would keep the test process alive once it has a listener.
  (channel.port2 as unknown as { unref?: () => void }).unref?.();
  let givePort = () => {};
  const portGiven = portLater ? new Promise<void>((resolve) => (givePort = resolve)) : undefined;
  channel.port2.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data;
    audio.push(
      typeof data === 'string'
        ? (JSON.parse(data) as LiveClientMessage).type
        : (data as ArrayBuffer).byteLength,
    );
  };
  const link: LiveConnection = {
    send: (message) => void sent.push(message),
    audioPort: async () => {
      await portGiven;
      return withAudio ? { port: channel.port1, transfer: true } : undefined;
    },
    onEvent: (listener) => (events.add(listener), () => void events.delete(listener)),
    onClose: (listener) => (closes.add(listener), () => void closes.delete(listener)),
    close: () => closes.forEach((listener) => listener()),
  };
  return {
    link,
    sent,
    audio,
    emit: (event: LiveEvent) => events.forEach((listener) => listener(event)),
    drop: () => closes.forEach((listener) => listener()),
    /** Hands the audio port over (when the link was made with `portLater`). */
    givePort: () => givePort(),
  };
}

/** A 16 kHz input: 100 ms of a 440 Hz tone at half scale is one chunk. */
const toneChunk = () =>
  Float32Array.from({ length: 1600 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 16_000));

function fakeMicrophone(refusal?: AppFailure) {
  const calls: string[] = [];
  let core: CaptureCore | undefined;
  /** While set, opening the microphone waits (the browser asking the person). */
  let asking: Promise<void> | undefined;
  const api: CaptureApi = {
    listInputs: async () => [{ deviceId: 'usb', label: 'USB Microphone' }],
    async startCapture(options) {
      const first = options.sources[0];
      calls.push(`start ${(first?.kind === 'device' && first.deviceId) || 'default'}`);
      await asking;
      if (refusal) throw refusal;
      let stopped: ((finished: boolean) => void) | undefined;
      const worklet = new CaptureCore(16_000, (report: CaptureReport) => {
        if (report.type === 'clock')
          options.onClock(report.recordedMs, report.peakDb, report.peaksDb);
        else if (report.type === 'silent') options.onSilence(report.seconds);
        else if (report.type === 'sound') options.onSound();
        else stopped?.(report.finished);
      });
      core = worklet;
      return {
        label: 'USB Microphone',
        connect: (port, transfer) => worklet.command({ type: 'sink', port, transfer }),
        meter: (port) => worklet.command({ type: 'meter', port }),
        gain: (source, gain) => worklet.command({ type: 'gain', source, gain }),
        pause: () => (calls.push('pause'), worklet.command({ type: 'pause' })),
        resume: () => (calls.push('resume'), worklet.command({ type: 'resume' })),
        stop: (finish = false) =>
          new Promise<boolean>((resolve) => {
            calls.push(finish ? 'stop, finishing' : 'stop');
            stopped = resolve;
            worklet.command({ type: 'stop', finish });
          }),
      };
    },
  };
  return {
    api,
    calls,
    /** The next opening waits for the returned answer. */
    ask: () => {
      let answer = () => {};
      asking = new Promise<void>((resolve) => (answer = resolve));
      return answer;
    },
    /** `chunks` of tone, and a half chunk after them. */
    speak: (chunks = 1, half = false) => {
      for (let i = 0; i < chunks; i++) core?.push([toneChunk()]);
      if (half) core?.push([toneChunk().subarray(0, 800)]);
    },
    /** `chunks` of digital silence. */
    hush: (chunks: number) => {
      for (let i = 0; i < chunks; i++) core?.push([new Float32Array(1600)]);
    },
  };
}

function setUp(refusal?: AppFailure, options?: { withAudio?: boolean; portLater?: boolean }) {
  // The chosen input is remembered across windows: each test starts with none.
  localStorage.clear();
  const link = fakeLink(options);
  const microphone = fakeMicrophone(refusal);
  let opened = 0;
  const bridge = {
    ...fakeBridge({}),
    openLive: () => {
      opened += 1;
      return link.link;
    },
  };
  const store = createAppStore({ bridge, capture: microphone.api });
  return { store, link, microphone, opened: () => opened };
}

const utterance = (index: number, startMs: number, text: string) => ({
  index,
  startMs,
  endMs: startMs + 1000,
  text,
  tokens: [],
});

describe('the live store', () => {
  it('opens the microphone, then the link; its audio goes into the link’s port; replaces interim text by the final', async () => {
    const { store, link, microphone } = setUp();
    store.getState().setLiveDevice('usb');
    // The meter on screen gives a port for each capture; the levels go there, not to the store.
    const levels: number[] = [];
    store.getState().setLiveMeter(() => {
      const meter = new MessageChannel();
      (meter.port2 as unknown as { unref?: () => void }).unref?.();
      meter.port2.onmessage = (event: MessageEvent<number>) => void levels.push(event.data);
      return meter.port1;
    });
    await store.getState().liveStart();
    expect(microphone.calls).toEqual(['start usb']);
    expect(link.sent).toEqual([
      { type: 'start', device: 'USB Microphone', sources: [{ kind: 'microphone', device: 'usb' }] },
    ]);
    link.emit({ type: 'state', state: 'listening', jobId: 'j1' });
    // The resampler's filter delays the stream by a few samples: 13 chunks in, 12 out so far.
    microphone.speak(13);
    await until(
      () => link.audio.length,
      (n) => n === 12,
      { timeoutMs: 5000, everyMs: 5 },
    );
    expect(link.audio).toEqual(Array(12).fill(3200));
    // The clock counts whole seconds; the meter gets each chunk's peak (half scale: -6 dBFS).
    expect(store.getState().liveClock.now()).toBe(1000);
    await until(
      () => levels.length,
      (n) => n === 12,
      { timeoutMs: 5000, everyMs: 5 },
    );
    expect(levels.slice(1).every((db) => Math.round(db) === -6)).toBe(true);

    link.emit({ type: 'interim', text: 'he was', startMs: 1200 });
    link.emit({ type: 'interim', text: 'he was not an', startMs: 1200 });
    expect(store.getState().liveInterim.now()).toEqual({ text: 'he was not an', startMs: 1200 });
    expect(store.getState().live.speaking).toBe(true);
    link.emit({ type: 'final', utterance: utterance(0, 1200, 'he was not an illness') });
    expect(store.getState().liveInterim.now()).toBeUndefined();
    expect(store.getState().live.speaking).toBe(false);
    expect(store.getState().live.finals.map((u) => [u.startMs, u.text])).toEqual([
      [1200, 'he was not an illness'],
    ]);
    link.emit({ type: 'interim', text: 'those', startMs: 4000 });
    link.emit({ type: 'final', utterance: utterance(1, 4000, 'those young men') });
    expect(store.getState().live.finals).toHaveLength(2);
    expect(store.getState().live.jobId).toBe('j1');
  });

  it('sends what the microphone heard before the link’s port came, first', async () => {
    const { store, link, microphone } = setUp(undefined, { portLater: true });
    const starting = store.getState().liveStart();
    // The capture is open and the link asked for; its port comes a moment later.
    await until(
      () => link.sent.length,
      (n) => n === 1,
      { timeoutMs: 5000, everyMs: 5 },
    );
    microphone.speak(3);
    expect(link.audio).toEqual([]);
    link.givePort();
    await starting;
    microphone.speak(2);
    await until(
      () => link.audio.length,
      (n) => n === 4,
      { timeoutMs: 5000, everyMs: 5 },
    );
    expect(link.audio).toEqual([3200, 3200, 3200, 3200]);
  });

  it('pause, resume and stop go among the audio, in order; Stop sends the last partial chunk first', async () => {
    const { store, link, microphone } = setUp();
    await store.getState().liveStart();
    link.emit({ type: 'state', state: 'listening', jobId: 'j1' });
    microphone.speak(2, true);
    store.getState().livePause();
    // Paused: nothing is recorded.
    microphone.speak(3);
    link.emit({ type: 'state', state: 'paused', jobId: 'j1' });
    store.getState().liveResume();
    link.emit({ type: 'state', state: 'listening', jobId: 'j1' });
    microphone.speak(1, true);
    await store.getState().liveStop();
    expect(microphone.calls).toEqual(['start default', 'pause', 'resume', 'stop, finishing']);
    expect(store.getState().live.phase).toBe('stopping');
    await until(
      () => link.audio.at(-1),
      (last) => last === 'stop',
      { timeoutMs: 5000, everyMs: 5 },
    );
    // The half chunk before the pause is dropped (a resumed stream carries nothing from before);
    // the one before Stop is sent as the recording's last few ms (a half chunk, less the
    // resampler's delay of a few samples).
    const partial = link.audio[5];
    expect(link.audio).toEqual([3200, 3200, 'pause', 'resume', 3200, partial, 'stop']);
    expect(partial).toBeGreaterThan(1400);
    expect(partial).toBeLessThan(1600);
    // The link's own text said only `start`: the worklet said the rest in its place.
    expect(link.sent.map((m) => m.type)).toEqual(['start']);
    link.emit({ type: 'state', state: 'stopped', jobId: 'j1' });
    expect(store.getState().live.phase).toBe('stopped');
  });

  it('says stop on the link when the microphone could not, and ends a link without an audio port', async () => {
    const { store, link, microphone } = setUp(undefined, { withAudio: false });
    await store.getState().liveStart();
    expect(microphone.calls).toEqual(['start default', 'stop']);
    expect(link.sent.map((m) => m.type)).toEqual(['start', 'stop']);
    expect(store.getState().live.problem).toMatchObject({
      fatal: true,
      error: { code: 'network' },
    });
  });

  it('says when no sound comes for ten seconds, and stops saying it when sound comes back', async () => {
    const { store, link, microphone } = setUp();
    await store.getState().liveStart();
    link.emit({ type: 'state', state: 'listening', jobId: 'j1' });
    microphone.speak(2);
    let quiet = 0;
    while (!store.getState().live.silent && quiet < 200) {
      microphone.hush(1);
      quiet += 1;
    }
    // Ten seconds of quiet chunks, and one or two more: the first quiet chunks still hold the
    // tone's last samples (the resampler's delay).
    expect(quiet).toBeGreaterThanOrEqual(100);
    expect(quiet).toBeLessThanOrEqual(102);
    expect(store.getState().live.silent).toMatchObject({
      code: 'mic-silent',
      params: { device: 'USB Microphone', seconds: 10 },
    });
    microphone.speak(1);
    expect(store.getState().live.silent).toBeUndefined();
    expect(store.getState().liveClock.now()).toBe(10_000);
    microphone.speak(1);
    expect(store.getState().liveClock.now()).toBe(10_000);
  });

  it('lets the microphone go when Stop (or another Start) came while it was being opened', async () => {
    const { store, microphone, opened } = setUp();
    const allow = microphone.ask();
    const starting = store.getState().liveStart();
    // The browser still asks the person for the microphone; they press Stop meanwhile.
    await store.getState().liveStop();
    expect(store.getState().live.phase).toBe('stopped');
    allow();
    await starting;
    expect(opened()).toBe(0);
    expect(microphone.calls).toEqual(['start default', 'stop']);
  });

  it('takes a second Stop while stopping as nothing: the worklet’s stop is not overtaken', async () => {
    const { store, link, microphone } = setUp();
    await store.getState().liveStart();
    link.emit({ type: 'state', state: 'listening', jobId: 'j1' });
    const first = store.getState().liveStop();
    await store.getState().liveStop();
    await first;
    expect(microphone.calls.filter((c) => c.startsWith('stop'))).toEqual(['stop, finishing']);
    expect(link.sent.map((m) => m.type)).toEqual(['start']);
  });

  it('opens no link when the microphone is refused, and says why', async () => {
    const { store, opened } = setUp(new AppFailure(appError('mic-denied')));
    await store.getState().liveStart();
    expect(opened()).toBe(0);
    expect(store.getState().live).toMatchObject({
      phase: 'idle',
      problem: { fatal: true, error: { code: 'mic-denied' } },
    });
  });

  it('ends the session with a reason when the link drops, and stops the microphone', async () => {
    const { store, link, microphone } = setUp();
    await store.getState().liveStart();
    link.emit({ type: 'state', state: 'listening', jobId: 'j1' });
    link.drop();
    await until(
      () => microphone.calls,
      (calls) => calls.includes('stop'),
      { timeoutMs: 5000, everyMs: 5 },
    );
    expect(store.getState().live).toMatchObject({
      phase: 'stopped',
      problem: { fatal: true, error: { code: 'network' } },
    });
  });

  it('says when the connection dropped and it is reconnecting, and clears that when it is back', async () => {
    const { store, link } = setUp();
    await store.getState().liveStart();
    link.emit({ type: 'state', state: 'listening', jobId: 'j1' });
    const dropped = appError('live-dropped', { host: '127.0.0.1:8800', reason: 'closed' });
    link.emit({ type: 'error', error: dropped, fatal: false });
    link.emit({ type: 'state', state: 'reconnecting', jobId: 'j1', attempt: 2, retryInMs: 1000 });
    expect(store.getState().live).toMatchObject({
      phase: 'reconnecting',
      reconnect: { attempt: 2, retryInMs: 1000 },
      problem: { fatal: false, error: dropped },
    });
    link.emit({ type: 'state', state: 'listening', jobId: 'j1' });
    expect(store.getState().live).toMatchObject({
      phase: 'listening',
      reconnect: undefined,
      problem: undefined,
    });
  });

  it('shows a refusal from the service as the session’s problem', async () => {
    const { store, link } = setUp();
    await store.getState().liveStart();
    const refused = appError('live-refused', { message: 'authorization failed' });
    link.emit({ type: 'error', error: refused, fatal: true });
    link.emit({ type: 'state', state: 'stopped' });
    expect(store.getState().live).toMatchObject({
      phase: 'stopped',
      problem: { fatal: true, error: refused },
    });
  });
});

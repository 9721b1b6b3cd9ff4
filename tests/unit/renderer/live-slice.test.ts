// @vitest-environment jsdom
/**
 * The Live screen's store (renderer/src/store/live-slice.ts): the microphone opens before the
 * link, its chunks go to the link, interim text is replaced in place by the final, a refusal of
 * the microphone opens no link, Stop stops the microphone first, and a link that drops ends
 * the session with a reason. The host and the microphone are small fakes shaped exactly like
 * the real ones (the real pair is exercised end to end in tests/e2e/live.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { AppFailure, appError } from '../../../shared/domain/errors';
import type { LiveClientMessage, LiveEvent } from '../../../shared/ipc/live';
import type { LiveConnection } from '../../../renderer/src/host/bridge';
import type { CaptureApi } from '../../../renderer/src/store/live-slice';
import { createAppStore } from '../../../renderer/src/store/store';
import { fakeBridge } from './fake-bridge';

function fakeLink() {
  const events = new Set<(event: LiveEvent) => void>();
  const closes = new Set<() => void>();
  const sent: (LiveClientMessage | number)[] = [];
  const link: LiveConnection = {
    send: (message) => void sent.push(message),
    sendAudio: (chunk) => void sent.push(chunk.byteLength),
    onEvent: (listener) => (events.add(listener), () => void events.delete(listener)),
    onClose: (listener) => (closes.add(listener), () => void closes.delete(listener)),
    close: () => closes.forEach((listener) => listener()),
  };
  return {
    link,
    sent,
    emit: (event: LiveEvent) => events.forEach((listener) => listener(event)),
    drop: () => closes.forEach((listener) => listener()),
  };
}

function fakeMicrophone(refusal?: AppFailure) {
  const calls: string[] = [];
  let chunk: ((chunk: ArrayBuffer) => void) | undefined;
  const api: CaptureApi = {
    listInputs: async () => [{ deviceId: 'usb', label: 'USB Microphone' }],
    async startCapture(options) {
      calls.push(`start ${options.deviceId ?? 'default'}`);
      if (refusal) throw refusal;
      chunk = options.onChunk;
      return {
        label: 'USB Microphone',
        pause: () => void calls.push('pause'),
        resume: () => void calls.push('resume'),
        stop: async () => void calls.push('stop'),
      };
    },
  };
  return { api, calls, speak: () => chunk?.(new ArrayBuffer(3200)) };
}

function setUp(refusal?: AppFailure) {
  // The chosen input is remembered across windows: each test starts with none.
  localStorage.clear();
  const link = fakeLink();
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
  it('opens the microphone, then the link; sends its chunks; replaces interim text by the final', async () => {
    const { store, link, microphone } = setUp();
    store.getState().setLiveDevice('usb');
    await store.getState().liveStart();
    expect(microphone.calls).toEqual(['start usb']);
    expect(link.sent[0]).toMatchObject({ type: 'start', device: 'USB Microphone' });
    link.emit({ type: 'state', state: 'listening', jobId: 'j1' });
    microphone.speak();
    microphone.speak();
    expect(link.sent.slice(1)).toEqual([3200, 3200]);
    expect(store.getState().live.recordedMs).toBe(200);

    link.emit({ type: 'interim', text: 'he was', startMs: 1200 });
    link.emit({ type: 'interim', text: 'he was not an', startMs: 1200 });
    expect(store.getState().live.interim).toEqual({ text: 'he was not an', startMs: 1200 });
    link.emit({ type: 'final', utterance: utterance(0, 1200, 'he was not an illness') });
    expect(store.getState().live.interim).toBeUndefined();
    expect(store.getState().live.finals.map((u) => [u.startMs, u.text])).toEqual([
      [1200, 'he was not an illness'],
    ]);
    link.emit({ type: 'interim', text: 'those', startMs: 4000 });
    link.emit({ type: 'final', utterance: utterance(1, 4000, 'those young men') });
    expect(store.getState().live.finals).toHaveLength(2);
    expect(store.getState().live.jobId).toBe('j1');
  });

  it('pauses and resumes the microphone and the session; Stop stops the microphone first', async () => {
    const { store, link, microphone } = setUp();
    await store.getState().liveStart();
    link.emit({ type: 'state', state: 'listening', jobId: 'j1' });
    store.getState().livePause();
    link.emit({ type: 'state', state: 'paused', jobId: 'j1' });
    store.getState().liveResume();
    await store.getState().liveStop();
    expect(microphone.calls).toEqual(['start default', 'pause', 'resume', 'stop']);
    expect(link.sent.filter((m) => typeof m === 'object').map((m) => m.type)).toEqual([
      'start',
      'pause',
      'resume',
      'stop',
    ]);
    expect(store.getState().live.phase).toBe('stopping');
    link.emit({ type: 'state', state: 'stopped', jobId: 'j1' });
    expect(store.getState().live.phase).toBe('stopped');
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
    await Promise.resolve();
    expect(microphone.calls).toContain('stop');
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

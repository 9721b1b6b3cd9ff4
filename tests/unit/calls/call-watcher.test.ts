/**
 * The call watcher's rules (core/calls/call-watcher.ts) on streams a provider reports, with the
 * end delay on a fake clock: one call per application, a stream closed and opened again within
 * the delay is the same call, the window's word makes the next new streams its own, and what is
 * done follows the settings and the answers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallWatcher, type CallLive } from '../../../core/calls/call-watcher';
import type { CallProviderEvents, RecordingStream } from '../../../core/calls/provider';
import {
  DEFAULT_CALL_SETTINGS,
  type CallSettings,
  type CallView,
} from '../../../shared/domain/calls';

const stream = (id: string, app: string, own = false): RecordingStream => ({ id, app, own });

function watcherWith(settings: Partial<CallSettings> = {}, live: Partial<CallLive> = {}) {
  let current: CallSettings = { ...DEFAULT_CALL_SETTINGS, ...settings };
  let events: CallProviderEvents | undefined;
  const seen: CallView[] = [];
  const watcher = new CallWatcher({
    provider: {
      start: (e) => {
        events = e;
        return Promise.resolve();
      },
      stop: () => Promise.resolve(),
    },
    settings: {
      get: () => current,
      never: (app) => {
        current = { ...current, never: [...current.never, app] };
        return Promise.resolve(current);
      },
      seen: () => Promise.resolve(current),
    },
    live: { running: () => undefined, endCall: () => Promise.resolve(undefined), ...live },
    emit: (call) => seen.push(call),
    changed: () => undefined,
    endDelayMs: 30_000,
  });
  const report = (...streams: RecordingStream[]) => events!.streams(streams);
  const last = (app: string) => seen.filter((c) => c.app === app).at(-1);
  return { watcher, report, seen, last };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('calls', () => {
  it('are asked about, and end 30 s after their application stops recording, not before', async () => {
    const { watcher, report, seen, last } = watcherWith();
    await watcher.start();
    report(stream('1', 'Zoom'), stream('2', 'Zoom'));
    expect(seen).toHaveLength(1);
    expect(last('Zoom')?.state).toBe('asking');
    report();
    await vi.advanceTimersByTimeAsync(29_000);
    // Back within the delay (a device switched): the same call.
    report(stream('3', 'Zoom'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toHaveLength(1);
    report();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(last('Zoom')?.state).toBe('ended');
    expect(new Set(seen.map((c) => c.id)).size).toBe(1);
  });

  it('are never Kikitori’s own streams, nor the streams a window said it opens', async () => {
    const { watcher, report, seen } = watcherWith();
    await watcher.start();
    report(stream('1', 'Kikitori', true));
    watcher.expectOwn(2);
    // One own stream (the computer's sound) and one the window opened (its microphone).
    report(stream('1', 'Kikitori', true), stream('2', 'Kikitori', true), stream('3', 'Chromium'));
    report(stream('3', 'Chromium'), stream('4', 'Chromium'));
    expect(seen.map((c) => c.app)).toEqual(['Chromium']);
    expect(seen).toHaveLength(1);
  });

  it('start by themselves for ticked applications, are not asked about for Never ones, and are busy while Live runs', async () => {
    let running: { call?: string } | undefined = undefined;
    const { watcher, report, last } = watcherWith(
      { mode: 'auto', auto: ['Discord'], never: ['Slack'] },
      { running: () => running },
    );
    await watcher.start();
    report(stream('1', 'Discord'), stream('2', 'Slack'), stream('3', 'Zoom'));
    expect(last('Discord')).toMatchObject({ state: 'starting', started: 'auto' });
    expect(last('Slack')).toBeUndefined();
    expect(last('Zoom')?.state).toBe('asking');
    running = {};
    report(stream('1', 'Discord'), stream('3', 'Zoom'), stream('4', 'Teams'));
    expect(last('Teams')?.state).toBe('busy');
    await expect(watcher.answer(last('Zoom')!.id, 'start')).rejects.toMatchObject({
      error: { code: 'live-running' },
    });
  });

  it('declined with Not now are not asked again; Never declines the application', async () => {
    const { watcher, report, last } = watcherWith();
    await watcher.start();
    report(stream('1', 'Zoom'), stream('2', 'Teams'));
    expect((await watcher.answer(last('Zoom')!.id, 'not-now')).state).toBe('declined');
    await expect(watcher.answer(last('Zoom')!.id, 'start')).rejects.toMatchObject({
      error: { code: 'call-gone' },
    });
    await watcher.answer(last('Teams')!.id, 'never');
    expect(watcher.list().settings.never).toEqual(['Teams']);
  });

  it('recorded are stopped with their application, and the job is kept; a session by hand is offered to stop', async () => {
    let running: { call?: string } | undefined;
    const endCall = vi.fn(() =>
      Promise.resolve({ id: 'job-1' } as unknown as Awaited<ReturnType<CallLive['endCall']>>),
    );
    const { watcher, report, last } = watcherWith({}, { running: () => running, endCall });
    await watcher.start();
    report(stream('1', 'Zoom'));
    const call = await watcher.answer(last('Zoom')!.id, 'start');
    expect(watcher.sessionFor(call.id)).toEqual({});
    running = { call: call.id };
    watcher.recording(call.id, 'job-1');
    report();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(endCall).toHaveBeenCalledWith(call.id);
    expect(last('Zoom')).toMatchObject({ state: 'ended', jobId: 'job-1' });

    running = {};
    report(stream('2', 'Teams'));
    report();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(last('Teams')).toMatchObject({ state: 'ended', offerStop: true });
    expect(endCall).toHaveBeenCalledTimes(1);
  });
});

/**
 * A small injected fake of the host bridge for component tests: records calls, answers from a
 * table, and lets a test raise host events. Shaped exactly like the real Bridge.
 */
import { render } from '@testing-library/react';
import type { Job } from '../../../shared/domain/job';
import type { Channel, EventName, Result } from '../../../shared/ipc/contract';
import { App } from '../../../renderer/src/app/App';
import type { Bridge } from '../../../renderer/src/host/bridge';
import { LOCAL_CONNECTION } from './table-bridge';

export interface FakeBridge extends Bridge {
  readonly calls: Array<{ channel: Channel; input: unknown }>;
  emit(event: EventName, payload: unknown): void;
  setReachable(reachable: boolean): void;
  answers: Partial<Record<Channel, (input: never) => Result<unknown>>>;
}

export function fakeBridge(answers: FakeBridge['answers'] = {}): FakeBridge {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: FakeBridge['calls'] = [];
  const reachability = new Set<(reachable: boolean) => void>();
  const bridge: FakeBridge = {
    mode: 'browser',
    calls,
    answers: {
      'service:status': () => ({ ok: true, data: { state: 'running', url: 'http://x' } }),
      'connections:list': () => ({
        ok: true,
        data: {
          active: 'local',
          connections: [LOCAL_CONNECTION],
        },
      }),
      'jobs:list': () => ({ ok: true, data: { jobs: [] } }),
      'dictionary:profiles': () => ({ ok: true, data: { profiles: [] } }),
      'dictionary:classnames': () => ({ ok: true, data: { classnames: [] } }),
      'keys:list': () => ({ ok: true, data: { keys: [], storage: 'keychain' } }),
      'watch:list': () => ({ ok: true, data: { folders: [], revision: 0 } }),
      'calls:list': () => ({
        ok: true,
        data: {
          calls: [],
          settings: { mode: 'ask', auto: [], never: [], seen: [] },
          watching: true,
        },
      }),
      'calls:expectOwn': () => ({ ok: true, data: {} }),
      'usage:summary': () => ({ ok: true, data: { month: '2026-12', connections: [] } }),
      'programs:list': () => ({ ok: true, data: { keys: [], folders: [] } }),
      ...answers,
    },
    async call(channel, input) {
      calls.push({ channel, input });
      const answer = bridge.answers[channel];
      if (!answer) throw new Error(`the fake bridge has no answer for ${channel}`);
      return (answer as (input: unknown) => Result<never>)(input);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: unknown) => void);
      return () => void set.delete(listener as (payload: unknown) => void);
    },
    // The host's opaque reference to a chosen file (here: its name; never a path the window holds).
    async chosenFile(file) {
      return { ok: true, data: file.name };
    },
    mediaUrl: async (id) => `/media/${id}`,
    onReachable(listener) {
      reachability.add(listener);
      return () => void reachability.delete(listener);
    },
    onSessionEnded: () => () => {},
    openLive: () => {
      throw new Error('this fake bridge has no live link');
    },
    setReachable(reachable) {
      for (const listener of reachability) listener(reachable);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
  return bridge;
}

export function job(id: string, changes: Partial<Job> = {}): Job {
  return {
    id,
    file: { path: `/data/${id}.wav`, name: `${id}.wav`, size: 1000 },
    connection: 'local',
    params: { d: 'grammarFileNames=-a-general-en', logging: false },
    mode: 'sync',
    route: 'sync',
    status: 'completed',
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    ...changes,
  };
}

export function renderApp(bridge: Bridge) {
  return render(<App bridge={bridge} />);
}

/** Calls noticed (core/calls/call-watcher.ts): the list, the settings, the answers. */
import type { CallSettingsStore } from '../calls/call-settings';
import type { CallWatcher } from '../calls/call-watcher';
import { attempt, type HandlerSet } from './types';

export type CallsChannel = 'calls:list' | 'calls:settings' | 'calls:answer' | 'calls:expectOwn';

export function callHandlers(deps: {
  readonly calls: CallWatcher;
  readonly callSettings: CallSettingsStore;
}): HandlerSet<CallsChannel> {
  const { calls, callSettings } = deps;
  const status = () => {
    const { settings, watching, problem } = calls.list();
    return { settings, watching, ...(problem ? { problem } : {}) };
  };
  return {
    'calls:list': () => attempt(() => Promise.resolve(calls.list())),
    'calls:settings': (patch) =>
      attempt(async () => {
        await callSettings.update(patch);
        await calls.settingsChanged();
        return status();
      }),
    'calls:answer': ({ id, answer }) =>
      attempt(async () => ({ call: await calls.answer(id, answer) })),
    'calls:expectOwn': ({ streams }) =>
      attempt(() => {
        calls.expectOwn(streams);
        return Promise.resolve({});
      }),
  };
}

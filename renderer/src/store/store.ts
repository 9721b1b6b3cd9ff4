/**
 * One zustand store composed of the feature slices (docs/architecture.md §5). The host is injected, so
 * component tests give it a small fake bridge and the window gives it the real one.
 */
import { createContext, useContext } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import type { Bridge } from '../host/bridge';
import { createCallsSlice, type CallsSlice } from './calls-slice';
import { createConnectionsSlice, type ConnectionsSlice } from './connections-slice';
import {
  createDictionarySlice,
  dictionaryLeaveGuard,
  type DictionarySlice,
} from './dictionary-slice';
import { createJobsSlice, type JobsSlice } from './jobs-slice';
import { createKeysSlice, type KeysSlice } from './keys-slice';
import type { CaptureApi } from './live-capture';
import { createLiveSlice, type LiveSlice } from './live-slice';
import { createPrefsSlice, type PrefsSlice } from './prefs-slice';
import { createProgramsSlice, type ProgramsSlice } from './programs-slice';
import { createSearchSlice, type SearchSlice } from './search-slice';
import { createServiceSlice, type ServiceSlice } from './service-slice';
import { createTranscribeSlice, type TranscribeSlice } from './transcribe-slice';
import { createViewerSlice, type ViewerSlice } from './viewer-slice';
import { createUsageSlice, type UsageSlice } from './usage-slice';
import { createWatchSlice, type WatchSlice } from './watch-slice';
import { keptInStore } from './result';

export interface StoreDeps {
  readonly bridge: Bridge;
  /** The inputs for the Live screen (features/live/capture); none in most component tests. */
  readonly capture?: CaptureApi;
}

/** One slice per domain of the contract (connections, keys, jobs, dictionary, service), plus the window's own. */
export type AppState = PrefsSlice &
  ServiceSlice &
  ConnectionsSlice &
  KeysSlice &
  JobsSlice &
  SearchSlice &
  TranscribeSlice &
  ViewerSlice &
  DictionarySlice &
  LiveSlice &
  WatchSlice &
  UsageSlice &
  CallsSlice &
  ProgramsSlice;
export type AppStore = StoreApi<AppState>;

export function createAppStore(deps: StoreDeps): AppStore {
  const store = createStore<AppState>()((...a) => ({
    ...createPrefsSlice(...a),
    ...createServiceSlice(deps)(...a),
    ...createConnectionsSlice(deps)(...a),
    ...createKeysSlice(deps)(...a),
    ...createJobsSlice(deps)(...a),
    ...createSearchSlice(deps)(...a),
    ...createTranscribeSlice(deps)(...a),
    ...createViewerSlice(deps)(...a),
    ...createDictionarySlice(deps)(...a),
    ...createLiveSlice(deps)(...a),
    ...createWatchSlice(deps)(...a),
    ...createUsageSlice(deps)(...a),
    ...createCallsSlice(deps)(...a),
    ...createProgramsSlice(deps)(...a),
  }));
  // Whatever holds unsaved work registers its guard here (the window asks before it is dropped).
  store.getState().registerLeaveGuard('dictionary', dictionaryLeaveGuard);
  return store;
}

/**
 * Hydrates from the host and follows its events. Returns the function that stops following.
 */
export function connectStore(store: AppStore, bridge: Bridge): () => void {
  const state = store.getState;
  const stops = [
    bridge.on('jobs:changed', ({ job }) => state().applyJob(job)),
    bridge.on('jobs:removed', ({ id }) => state().dropJob(id)),
    bridge.on('upload:progress', ({ id, sent, total }) =>
      state().setUploadProgress(id, sent, total),
    ),
    bridge.on('service:status', (status) => {
      const before = state().service?.state;
      state().setService(status);
      // The local connection's address is filled in when the service starts.
      if (status.state === 'running' && before !== 'running')
        void keptInStore(state().loadConnections());
    }),
    bridge.on('watch:changed', (list) => state().setWatchedFolders(list)),
    // Settings' figures, once read, follow each send; the warning is shown wherever one is.
    bridge.on('usage:changed', () => {
      if (state().usage) void keptInStore(state().loadUsage());
    }),
    bridge.on('usage:warning', (warning) => state().setUsageWarning(warning)),
    bridge.on('calls:call', (call) => state().applyCall(call)),
    bridge.on('calls:changed', (status) => state().setCallsStatus(status)),
    bridge.on('programs:changed', (view) => state().setPrograms(view)),
    bridge.onSessionEnded(() => store.setState({ sessionEnded: true })),
    bridge.onReachable((reachable) => {
      // What failed while the host was away is no news once it is back.
      store.setState(reachable ? { hostLost: false, hostError: undefined } : { hostLost: true });
      // Events sent while the stream was down are lost: read everything again.
      if (reachable) void hydrate();
    }),
  ];
  async function hydrate() {
    const status = await bridge.call('service:status', {});
    if (status.ok) state().setService(status.data);
    await Promise.all([state().loadConnections(), state().loadJobs(), state().loadCalls()]);
  }
  void hydrate();
  return () => stops.forEach((stop) => stop());
}

export const StoreContext = createContext<AppStore | null>(null);

export function useApp<T>(selector: (state: AppState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useApp needs a StoreContext provider');
  return useStore(store, selector);
}

export function useAppStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppStore needs a StoreContext provider');
  return store;
}

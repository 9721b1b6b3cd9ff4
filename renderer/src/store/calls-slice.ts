/**
 * Calls noticed (contract domain `calls:*`, core/calls/call-watcher.ts) as the window shows them:
 * the calls going on (their notices) and Settings → Calls. The core notices and decides; the
 * window asks the person, and records what they start with its own Live (the microphone and the
 * computer's sound, named for the call): Start, or a call that starts by itself, is taken with
 * `calls:answer` (once, whichever window is first) and then given to `liveStart`.
 */
import type { StateCreator } from 'zustand';
import type { CallSettingsPatch, CallView } from '../../../shared/domain/calls';
import type { AppError } from '../../../shared/domain/errors';
import type { ChannelOutput } from '../../../shared/ipc/contract';
import { DONE, keptInStore, type Result } from './result';
import type { AppState, StoreDeps } from './store';

export type CallsStatus = ChannelOutput<'calls:settings'>;

export interface CallsSlice {
  /** Every call this window knows, by id, as the core last said it. */
  calls: Readonly<Record<string, CallView>>;
  /** The notices the person closed (an ended call's, a busy one's). */
  callsDismissed: Readonly<Record<string, true>>;
  callsStatus: CallsStatus | undefined;
  callsError: AppError | undefined;
  /** Reads the calls and the settings; a failure is kept in `callsError`. */
  loadCalls: () => Promise<Result<void>>;
  /** A call as the core says it now (its event); one that starts by itself is taken here. */
  applyCall: (call: CallView) => void;
  setCallsStatus: (status: CallsStatus) => void;
  /** Start: the call is taken and Live starts for it (the Live tab opens). */
  startCall: (id: string) => Promise<Result<void>>;
  /** Not now, or never for its application. */
  declineCall: (id: string, never: boolean) => Promise<Result<void>>;
  dismissCall: (id: string) => void;
  setCallSettings: (patch: CallSettingsPatch) => Promise<Result<void>>;
}

export const createCallsSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], CallsSlice> =>
  (set, get) => {
    /** Calls this window has tried to take: each once. */
    const tried = new Set<string>();
    const take = async (call: CallView, byPerson: boolean): Promise<Result<void>> => {
      if (tried.has(call.id)) return DONE;
      tried.add(call.id);
      const taken = await bridge.call('calls:answer', { id: call.id, answer: 'start' });
      if (!taken.ok) return taken;
      get().applyCall(taken.data.call);
      if (byPerson) get().requestTab('live');
      await get().liveStart({ call: { id: call.id, app: call.app } });
      return DONE;
    };
    return {
      calls: {},
      callsDismissed: {},
      callsStatus: undefined,
      callsError: undefined,
      async loadCalls() {
        const listed = await bridge.call('calls:list', {});
        if (!listed.ok) {
          set({ callsError: listed.error });
          return listed;
        }
        const { calls, ...status } = listed.data;
        set({ callsStatus: status, callsError: undefined });
        for (const call of calls) get().applyCall(call);
        return DONE;
      },
      applyCall(call) {
        set({ calls: { ...get().calls, [call.id]: call } });
        // Started by itself (a ticked application): the first window to take it records it.
        if (call.state === 'starting' && call.started === 'auto')
          void keptInStore(take(call, false));
      },
      setCallsStatus(status) {
        set({ callsStatus: status });
      },
      async startCall(id) {
        const call = get().calls[id];
        if (!call) return DONE;
        const started = await take(call, true);
        if (!started.ok) tried.delete(id);
        return started;
      },
      async declineCall(id, never) {
        const answered = await bridge.call('calls:answer', {
          id,
          answer: never ? 'never' : 'not-now',
        });
        if (!answered.ok) return answered;
        get().applyCall(answered.data.call);
        return DONE;
      },
      dismissCall(id) {
        set({ callsDismissed: { ...get().callsDismissed, [id]: true } });
      },
      async setCallSettings(patch) {
        // Shown at once (a radio or a box follows the click); the core's answer then holds.
        const before = get().callsStatus;
        if (before) {
          const { mode, auto, never } = patch;
          set({
            callsStatus: {
              ...before,
              settings: {
                ...before.settings,
                ...(mode ? { mode } : {}),
                ...(auto ? { auto } : {}),
                ...(never ? { never } : {}),
              },
            },
          });
        }
        const changed = await bridge.call('calls:settings', patch);
        if (!changed.ok) {
          set({ callsStatus: before });
          return changed;
        }
        set({ callsStatus: changed.data });
        return DONE;
      },
    };
  };

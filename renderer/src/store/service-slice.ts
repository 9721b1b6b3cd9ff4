/**
 * The other side of the bridge (contract domain `service:*`): the local service's state and data
 * folder, and whether the host itself is there (its event stream, this window's session).
 */
import type { StateCreator } from 'zustand';
import type { AppError } from '../../../shared/domain/errors';
import type { EventPayload } from '../../../shared/ipc/contract';
import { DONE, type Result } from './result';
import type { AppState, StoreDeps } from './store';

export type ServiceStatus = EventPayload<'service:status'>;

export interface ServiceSlice {
  service: ServiceStatus | undefined;
  dataDir: string | undefined;
  /** The last failure of a call the window made on its own (hydration, switching). */
  hostError: AppError | undefined;
  /** The host's event stream dropped (the app stopped or crashed); cleared when it is back. */
  hostLost: boolean;
  /** The host no longer knows this window (started again, or its session ended): final. */
  sessionEnded: boolean;
  setService: (status: ServiceStatus) => void;
  restartService: () => Promise<Result<void>>;
  /** Reads the data folder; a failure is also kept in `hostError` (the status bar shows it). */
  loadServiceInfo: () => Promise<Result<void>>;
}

/**
 * The local service's state as the window shows it: `disconnected` while the host cannot be
 * reached (what it said last is not known to hold), so no part of the window says "Running".
 */
export const shownServiceState = (
  s: AppState,
): ServiceStatus['state'] | 'unknown' | 'disconnected' =>
  s.hostLost || s.sessionEnded ? 'disconnected' : (s.service?.state ?? 'unknown');

export const createServiceSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], ServiceSlice> =>
  (set, get) => ({
    service: undefined,
    dataDir: undefined,
    hostError: undefined,
    hostLost: false,
    sessionEnded: false,
    setService: (service) => set({ service }),
    async restartService() {
      const result = await bridge.call('service:restart', {});
      if (!result.ok) return result;
      get().setService(result.data);
      // The restarted service listens on a new port: the local connection's address changed.
      return get().loadConnections();
    },
    async loadServiceInfo() {
      const result = await bridge.call('service:status', {});
      if (!result.ok) {
        set({ hostError: result.error });
        return result;
      }
      set({ dataDir: result.data.dataDir });
      return DONE;
    },
  });

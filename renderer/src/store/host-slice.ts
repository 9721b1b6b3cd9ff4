/** What the host says about itself: the local service's state and the connections. */
import type { StateCreator } from 'zustand';
import type { Connection } from '../../../shared/domain/connection';
import type { AppError } from '../../../shared/domain/errors';
import type { EventPayload } from '../../../shared/ipc/contract';
import type { AppState, StoreDeps } from './store';

export type ServiceStatus = EventPayload<'service:status'>;

export interface HostSlice {
  service: ServiceStatus | undefined;
  connections: Connection[];
  activeConnection: string;
  /** The last failure of a call the window made on its own (hydration, switching). */
  hostError: AppError | undefined;
  /** The host's event stream dropped (the app stopped or crashed); cleared when it is back. */
  hostLost: boolean;
  /** The host no longer knows this window (started again, or its session ended): final. */
  sessionEnded: boolean;
  setService(status: ServiceStatus): void;
  loadConnections(): Promise<void>;
  setActiveConnection(id: string): Promise<void>;
  saveConnection(connection: Connection): Promise<AppError | undefined>;
  /** Removes a connection the person added; the host makes the local one active if it was. */
  removeConnection(id: string): Promise<AppError | undefined>;
}

export const createHostSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], HostSlice> =>
  (set) => ({
    service: undefined,
    connections: [],
    activeConnection: '',
    hostError: undefined,
    hostLost: false,
    sessionEnded: false,
    setService: (service) => set({ service }),
    async loadConnections() {
      const result = await bridge.call('connections:list', {});
      if (!result.ok) return set({ hostError: result.error });
      set({ connections: result.data.connections, activeConnection: result.data.active });
    },
    async setActiveConnection(id) {
      const result = await bridge.call('connections:setActive', { id });
      if (!result.ok) return set({ hostError: result.error });
      set({ activeConnection: result.data.active, hostError: undefined });
    },
    async removeConnection(id) {
      const result = await bridge.call('connections:remove', { id });
      if (!result.ok) return result.error;
      const active = result.data.active;
      set((state) => ({
        connections: state.connections.filter((c) => c.id !== id),
        activeConnection: active,
      }));
      return undefined;
    },
    async saveConnection(connection) {
      const result = await bridge.call('connections:save', { connection });
      if (!result.ok) return result.error;
      const saved = result.data.connection;
      set((state) => ({
        connections: state.connections.map((c) => (c.id === saved.id ? saved : c)),
      }));
      return undefined;
    },
  });

/** The connections (contract domain `connections:*`): the list, the active one, and changing them. */
import type { StateCreator } from 'zustand';
import type { Connection } from '../../../shared/domain/connection';
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract';
import { DONE, type Result } from './result';
import type { AppState, StoreDeps } from './store';

export interface ConnectionsSlice {
  connections: Connection[];
  activeConnection: string;
  /** Reads the list again; a failure is also kept in `hostError` (the status bar shows it). */
  loadConnections: () => Promise<Result<void>>;
  /** Makes a connection active; a failure is also kept in `hostError` (the status bar shows it). */
  setActiveConnection: (id: string) => Promise<Result<void>>;
  saveConnection: (connection: Connection) => Promise<Result<void>>;
  /** Removes a connection the person added; the host makes the local one active if it was. */
  removeConnection: (id: string) => Promise<Result<void>>;
  testConnection: (
    connection: ChannelInput<'connections:test'>['connection'],
  ) => Promise<Result<ChannelOutput<'connections:test'>>>;
}

export const createConnectionsSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], ConnectionsSlice> =>
  (set) => ({
    connections: [],
    activeConnection: '',
    async loadConnections() {
      const result = await bridge.call('connections:list', {});
      if (!result.ok) {
        set({ hostError: result.error });
        return result;
      }
      set({ connections: result.data.connections, activeConnection: result.data.active });
      return DONE;
    },
    async setActiveConnection(id) {
      const result = await bridge.call('connections:setActive', { id });
      if (!result.ok) {
        set({ hostError: result.error });
        return result;
      }
      set({ activeConnection: result.data.active, hostError: undefined });
      return DONE;
    },
    async removeConnection(id) {
      const result = await bridge.call('connections:remove', { id });
      if (!result.ok) return result;
      const active = result.data.active;
      set((state) => ({
        connections: state.connections.filter((c) => c.id !== id),
        activeConnection: active,
      }));
      return DONE;
    },
    async saveConnection(connection) {
      const result = await bridge.call('connections:save', { connection });
      if (!result.ok) return result;
      const saved = result.data.connection;
      set((state) => ({
        connections: state.connections.map((c) => (c.id === saved.id ? saved : c)),
      }));
      return DONE;
    },
    testConnection: (connection) => bridge.call('connections:test', { connection }),
  });

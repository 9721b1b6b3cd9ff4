/** The keychain's entries as Settings shows them, and the calls that change them. */
import type { StateCreator } from 'zustand';
import type { KeyEntry } from '../../../shared/domain/key';
import type { AppError } from '../../../shared/domain/errors';
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract';
import type { AppState, StoreDeps } from './store';

type Answer<T> = { ok: true; data: T } | { ok: false; error: AppError };

export interface SettingsSlice {
  keyEntries: KeyEntry[];
  keyStorage: 'keychain' | 'session' | undefined;
  /** Why keys are kept for this session only, as the key store said it. */
  /** Why keys are kept for this session only, when they are. */
  keyNotice: AppError | undefined;
  keysError: AppError | undefined;
  dataDir: string | undefined;
  loadKeys(): Promise<void>;
  addKey(input: ChannelInput<'keys:add'>): Promise<Answer<KeyEntry>>;
  removeKey(id: string): Promise<AppError | undefined>;
  revealKey(id: string): Promise<Answer<string>>;
  issueKey(input: ChannelInput<'keys:issue'>): Promise<Answer<string>>;
  testConnection(
    connection: ChannelInput<'connections:test'>['connection'],
  ): Promise<Answer<ChannelOutput<'connections:test'>>>;
  restartService(): Promise<AppError | undefined>;
  loadServiceInfo(): Promise<void>;
}

export const createSettingsSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], SettingsSlice> =>
  (set, get) => ({
    keyEntries: [],
    keyStorage: undefined,
    keyNotice: undefined,
    keysError: undefined,
    dataDir: undefined,
    async loadKeys() {
      const result = await bridge.call('keys:list', {});
      if (!result.ok) return set({ keysError: result.error });
      set({
        keyEntries: result.data.keys,
        keyStorage: result.data.storage,
        keyNotice: result.data.notice,
        keysError: undefined,
      });
    },
    async addKey(input) {
      const result = await bridge.call('keys:add', input);
      if (!result.ok) return result;
      await Promise.all([get().loadKeys(), get().loadConnections()]);
      return { ok: true, data: result.data.key };
    },
    async removeKey(id) {
      const result = await bridge.call('keys:remove', { id });
      if (!result.ok) return result.error;
      await Promise.all([get().loadKeys(), get().loadConnections()]);
      return undefined;
    },
    async revealKey(id) {
      const result = await bridge.call('keys:reveal', { id });
      return result.ok ? { ok: true, data: result.data.key } : result;
    },
    async issueKey(input) {
      const result = await bridge.call('keys:issue', input);
      return result.ok ? { ok: true, data: result.data.key } : result;
    },
    testConnection: (connection) => bridge.call('connections:test', { connection }),
    async restartService() {
      const result = await bridge.call('service:restart', {});
      if (!result.ok) return result.error;
      get().setService(result.data);
      // The restarted service listens on a new port: the local connection's address changed.
      await get().loadConnections();
      return undefined;
    },
    async loadServiceInfo() {
      const result = await bridge.call('service:status', {});
      if (result.ok) set({ dataDir: result.data.dataDir });
    },
  });

/** The keychain's entries (contract domain `keys:*`) as Settings shows them, and changing them. */
import type { StateCreator } from 'zustand';
import type { AppError } from '../../../shared/domain/errors';
import type { KeyEntry } from '../../../shared/domain/key';
import type { ChannelInput } from '../../../shared/ipc/contract';
import { DONE, type Result } from './result';
import type { AppState, StoreDeps } from './store';

export interface KeysSlice {
  keyEntries: KeyEntry[];
  keyStorage: 'keychain' | 'session' | undefined;
  /** Why keys are kept for this session only, when they are. */
  keyNotice: AppError | undefined;
  keysError: AppError | undefined;
  /** Reads the entries again; a failure is also kept in `keysError` (the keys panel shows it). */
  loadKeys: () => Promise<Result<void>>;
  addKey: (input: ChannelInput<'keys:add'>) => Promise<Result<KeyEntry>>;
  removeKey: (id: string) => Promise<Result<void>>;
  revealKey: (id: string) => Promise<Result<string>>;
  issueKey: (input: ChannelInput<'keys:issue'>) => Promise<Result<string>>;
}

export const createKeysSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], KeysSlice> =>
  (set, get) => ({
    keyEntries: [],
    keyStorage: undefined,
    keyNotice: undefined,
    keysError: undefined,
    async loadKeys() {
      const result = await bridge.call('keys:list', {});
      if (!result.ok) {
        set({ keysError: result.error });
        return result;
      }
      set({
        keyEntries: result.data.keys,
        keyStorage: result.data.storage,
        keyNotice: result.data.notice,
        keysError: undefined,
      });
      return DONE;
    },
    async addKey(input) {
      const result = await bridge.call('keys:add', input);
      if (!result.ok) return result;
      // The lists just read again show their own failures; the key itself was added.
      await Promise.all([get().loadKeys(), get().loadConnections()]);
      return { ok: true, data: result.data.key };
    },
    async removeKey(id) {
      const result = await bridge.call('keys:remove', { id });
      if (!result.ok) return result;
      await Promise.all([get().loadKeys(), get().loadConnections()]);
      return DONE;
    },
    async revealKey(id) {
      const result = await bridge.call('keys:reveal', { id });
      return result.ok ? { ok: true, data: result.data.key } : result;
    },
    async issueKey(input) {
      const result = await bridge.call('keys:issue', input);
      return result.ok ? { ok: true, data: result.data.key } : result;
    },
  });

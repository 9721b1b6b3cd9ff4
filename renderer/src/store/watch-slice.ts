/**
 * The app's watched folders (contract domain `watch:*`) as Settings shows them, and changing them.
 * Under Electron a folder is chosen with the system's picker (the core asks); in the browser the
 * person types its path, which the core checks.
 */
import type { StateCreator } from 'zustand';
import type { AppError } from '../../../shared/domain/errors';
import type { ChannelInput, WatchedFolderView } from '../../../shared/ipc/contract';
import { DONE, keptInStore, type Result } from './result';
import type { AppState, StoreDeps } from './store';

export interface WatchSlice {
  watchedFolders: WatchedFolderView[];
  /** Whether folders are chosen with the system's picker (Electron) rather than typed. */
  folderPicker: boolean;
  watchError: AppError | undefined;
  setWatchedFolders: (folders: WatchedFolderView[]) => void;
  /** Reads the folders again; a failure is also kept in `watchError` (the panel shows it). */
  loadWatchedFolders: () => Promise<Result<void>>;
  /** Adds a folder (typed, or picked when no path is given); nothing when the picker was cancelled. */
  addWatchedFolder: (
    input: ChannelInput<'watch:add'>,
  ) => Promise<Result<WatchedFolderView | undefined>>;
  updateWatchedFolder: (input: ChannelInput<'watch:update'>) => Promise<Result<void>>;
  removeWatchedFolder: (id: string) => Promise<Result<void>>;
}

export const createWatchSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], WatchSlice> =>
  (set, get) => ({
    watchedFolders: [],
    folderPicker: bridge.mode === 'electron',
    watchError: undefined,
    setWatchedFolders: (watchedFolders) => set({ watchedFolders }),
    async loadWatchedFolders() {
      const result = await bridge.call('watch:list', {});
      if (!result.ok) {
        set({ watchError: result.error });
        return result;
      }
      set({ watchedFolders: result.data.folders, watchError: undefined });
      return DONE;
    },
    async addWatchedFolder(input) {
      const result = await bridge.call('watch:add', input);
      if (!result.ok) return result;
      // The list read again shows its own failure; the folder itself was added.
      await keptInStore(get().loadWatchedFolders());
      return { ok: true, data: result.data.folder };
    },
    async updateWatchedFolder(input) {
      const result = await bridge.call('watch:update', input);
      if (!result.ok) return result;
      return get().loadWatchedFolders();
    },
    async removeWatchedFolder(id) {
      const result = await bridge.call('watch:remove', { id });
      if (!result.ok) return result;
      return get().loadWatchedFolders();
    },
  });

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
  /** The revision of the list shown: an older one, arriving late, is not shown over it. */
  watchedRevision: number;
  /** Whether folders are chosen with the system's picker (Electron) rather than typed. */
  folderPicker: boolean;
  watchError: AppError | undefined;
  setWatchedFolders: (list: { folders: WatchedFolderView[]; revision: number }) => void;
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
    watchedRevision: -1,
    folderPicker: bridge.mode === 'electron',
    watchError: undefined,
    setWatchedFolders: ({ folders, revision }) => {
      if (revision >= get().watchedRevision)
        set({ watchedFolders: folders, watchedRevision: revision });
    },
    async loadWatchedFolders() {
      const result = await bridge.call('watch:list', {});
      if (!result.ok) {
        set({ watchError: result.error });
        return result;
      }
      get().setWatchedFolders(result.data);
      set({ watchError: undefined });
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

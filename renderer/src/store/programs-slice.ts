/**
 * Settings → Programs (contract domain `programs:*`): the keys made for programs, the
 * OpenAI-compatible base URL, and the folders an assistant may have transcribed. A new key is
 * answered once, to the panel that asked, and never kept here.
 */
import type { StateCreator } from 'zustand';
import type { AppError } from '../../../shared/domain/errors';
import type { ProgramsView } from '../../../shared/domain/program-key';
import { DONE, keptInStore, type Result } from './result';
import type { AppState, StoreDeps } from './store';

export interface ProgramsSlice {
  programs: ProgramsView | undefined;
  programsError: AppError | undefined;
  setPrograms: (view: ProgramsView) => void;
  loadPrograms: () => Promise<Result<void>>;
  /** Makes a key: the answer is the only place it is. */
  makeProgramKey: (name: string) => Promise<Result<{ name: string; key: string }>>;
  revokeProgramKey: (name: string) => Promise<Result<void>>;
  /** Allows a folder (typed, or picked when no path is given). */
  allowProgramFolder: (path?: string) => Promise<Result<void>>;
  disallowProgramFolder: (path: string) => Promise<Result<void>>;
}

export const createProgramsSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], ProgramsSlice> =>
  (set, get) => {
    const apply = (result: Result<ProgramsView>): Result<void> => {
      if (!result.ok) return result;
      get().setPrograms(result.data);
      return DONE;
    };
    return {
      programs: undefined,
      programsError: undefined,
      setPrograms: (view) => set({ programs: view }),
      async loadPrograms() {
        const result = await bridge.call('programs:list', {});
        set({ programsError: result.ok ? undefined : result.error });
        return apply(result);
      },
      async makeProgramKey(name) {
        const result = await bridge.call('programs:create', { name });
        // The list read again shows its own failure (programsError); the key was made.
        if (result.ok) await keptInStore(get().loadPrograms());
        return result;
      },
      async revokeProgramKey(name) {
        const result = await bridge.call('programs:revoke', { name });
        if (!result.ok) return result;
        return get().loadPrograms();
      },
      async allowProgramFolder(path) {
        return apply(await bridge.call('programs:addFolder', path === undefined ? {} : { path }));
      },
      async disallowProgramFolder(path) {
        return apply(await bridge.call('programs:removeFolder', { path }));
      },
    };
  };

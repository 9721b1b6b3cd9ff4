/**
 * The dictionary being edited: where it lives (connection, engine, profile), its rows, the saved
 * version they are compared with, and the undo history. Every edit replaces the row array, so
 * undo is a pointer swap and a 100,000-word profile stays cheap to edit.
 */
import type { StateCreator } from 'zustand';
import type { ProfileWord } from '../../../shared/api/profile-words';
import type { AppError } from '../../../shared/domain/errors';
import type { ChannelOutput } from '../../../shared/ipc/contract';
import { newRowKey, rowOf, sameWords, wordOf, type WordRow } from './word-rows';
import type { Tab } from './prefs-slice';
import type { AppState, StoreDeps } from './store';

const UNDO_DEPTH = 100;

export type WordDiff = Omit<ChannelOutput<'dictionary:diff'>, never>;

/** What is waiting for the person to confirm that unsaved edits may go. */
export type PendingLeave =
  | { readonly kind: 'tab'; readonly tab: Tab }
  | { readonly kind: 'create'; readonly id: string }
  | {
      readonly kind: 'select';
      readonly connection: string;
      readonly engine: string;
      readonly profile: string;
    };

export interface WordDraft {
  readonly written: string;
  readonly spoken: string;
  readonly classname: string;
}

export interface DictionarySlice {
  dictConnection: string;
  dictEngine: string;
  dictProfile: string;
  dictProfiles: string[];
  dictClassnames: string[];
  wordRows: WordRow[];
  savedWords: ProfileWord[];
  undoStack: WordRow[][];
  dictDirty: boolean;
  dictLoading: boolean;
  dictError: AppError | undefined;
  /** The word the service refused at the last save, until the rows change. */
  dictRejection: AppError | undefined;
  pendingLeave: PendingLeave | undefined;

  /** Loads the profiles and class names for a connection and engine (no profile chosen yet). */
  openDictionary(connection: string, engine: string): Promise<void>;
  /** The profiles of each service and engine asked for (key `profilesKey`), for every screen. */
  profileLists: Record<string, readonly string[]>;
  /** Asks for the profiles of a connection's engine and keeps them in `profileLists`. */
  loadProfiles(connection: string, engine: string): Promise<AppError | undefined>;
  /** Switches where the dictionary lives; asks first when there are unsaved edits. */
  requestSelect(connection: string, engine: string, profile: string): void;
  requestTab(tab: Tab): void;
  confirmLeave(): Promise<void>;
  cancelLeave(): void;
  /** A profile that exists only here until it is saved (asks first, like switching). */
  createProfile(id: string): void;
  addWord(draft: WordDraft): void;
  editWord(key: number, draft: WordDraft): void;
  deleteWord(key: number): void;
  /** Replaces (or, with `merge`, extends: same written form replaced) the rows with imported words. */
  applyImport(words: readonly ProfileWord[], merge: boolean): void;
  undoEdit(): void;
  previewSave(): Promise<WordDiff | AppError>;
  saveWords(): Promise<AppError | undefined>;
}

const trimmed = (draft: WordDraft) => ({
  written: draft.written.trim(),
  spoken: draft.spoken.trim(),
  classname: draft.classname.trim(),
});

export const createDictionarySlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], DictionarySlice> =>
  (set, get) => {
    const ref = () => {
      const s = get();
      return { connection: s.dictConnection, engine: s.dictEngine, profileId: s.dictProfile };
    };
    /** Every edit goes through here: one undo step, and the dirty flag against the saved words. */
    const edit = (wordRows: WordRow[]) =>
      set((s) => ({
        wordRows,
        undoStack: [...s.undoStack.slice(-(UNDO_DEPTH - 1)), s.wordRows],
        dictDirty: !sameWords(wordRows, s.savedWords),
        dictRejection: undefined,
      }));

    async function loadWords(): Promise<void> {
      const { connection, engine, profileId } = ref();
      if (!profileId) {
        set({ wordRows: [], savedWords: [], undoStack: [], dictDirty: false });
        return;
      }
      set({ dictLoading: true });
      const result = await bridge.call('dictionary:getWords', { connection, engine, profileId });
      if (!result.ok) return set({ dictLoading: false, dictError: result.error });
      set({
        wordRows: result.data.words.map(rowOf),
        dictRejection: undefined,
        savedWords: result.data.words,
        undoStack: [],
        dictDirty: false,
        dictLoading: false,
        dictError: undefined,
      });
    }

    async function select(connection: string, engine: string, profile: string): Promise<void> {
      const before = ref();
      const moved = before.connection !== connection || before.engine !== engine;
      // On another connection or engine, the profile is chosen only once that list is known.
      set({ dictConnection: connection, dictEngine: engine, dictProfile: moved ? '' : profile });
      if (moved) {
        await get().openDictionary(connection, engine);
        set({ dictProfile: get().dictProfiles.includes(profile) ? profile : '' });
      }
      await loadWords();
    }

    return {
      dictConnection: '',
      dictEngine: '',
      dictProfile: '',
      dictProfiles: [],
      profileLists: {},
      dictClassnames: [],
      wordRows: [],
      savedWords: [],
      undoStack: [],
      dictDirty: false,
      dictLoading: false,
      dictError: undefined,
      dictRejection: undefined,
      pendingLeave: undefined,

      async loadProfiles(connection, engine) {
        const result = await bridge.call('dictionary:profiles', { connection, engine });
        if (!result.ok) return result.error;
        const key = profilesKey(connection, engine);
        set((state) => ({ profileLists: { ...state.profileLists, [key]: result.data.profiles } }));
        return undefined;
      },
      async openDictionary(connection, engine) {
        set({ dictConnection: connection, dictEngine: engine, dictLoading: true });
        const [profiles, classnames] = await Promise.all([
          bridge.call('dictionary:profiles', { connection, engine }),
          bridge.call('dictionary:classnames', { connection, engine }),
        ]);
        // A newer choice of connection or engine answers for itself.
        if (get().dictConnection !== connection || get().dictEngine !== engine) return;
        if (!profiles.ok) {
          return set({
            dictProfiles: [],
            dictClassnames: [],
            dictLoading: false,
            dictError: profiles.error,
          });
        }
        // A profile created meanwhile exists only here until its first save.
        const chosen = get().dictProfile;
        const listed = new Set(profiles.data.profiles);
        if (chosen) listed.add(chosen);
        const key = profilesKey(connection, engine);
        set((state) => ({
          profileLists: { ...state.profileLists, [key]: profiles.data.profiles },
        }));
        set({
          dictProfiles: [...listed].sort(),
          dictClassnames: classnames.ok ? classnames.data.classnames : [],
          dictLoading: false,
          dictError: classnames.ok ? undefined : classnames.error,
        });
      },
      requestSelect(connection, engine, profile) {
        if (get().dictDirty) {
          set({ pendingLeave: { kind: 'select', connection, engine, profile } });
          return;
        }
        void select(connection, engine, profile);
      },
      requestTab(tab) {
        if (get().dictDirty && get().tab === 'dictionary' && tab !== 'dictionary') {
          set({ pendingLeave: { kind: 'tab', tab } });
          return;
        }
        get().setTab(tab);
      },
      async confirmLeave() {
        const pending = get().pendingLeave;
        if (!pending) return;
        const saved = get().savedWords;
        set({
          pendingLeave: undefined,
          wordRows: saved.map(rowOf),
          undoStack: [],
          dictDirty: false,
        });
        if (pending.kind === 'tab') get().setTab(pending.tab);
        else if (pending.kind === 'create') get().createProfile(pending.id);
        else await select(pending.connection, pending.engine, pending.profile);
      },
      cancelLeave: () => set({ pendingLeave: undefined }),
      createProfile(id) {
        if (get().dictDirty) return set({ pendingLeave: { kind: 'create', id } });
        set((s) => ({
          dictProfiles: s.dictProfiles.includes(id)
            ? s.dictProfiles
            : [...s.dictProfiles, id].sort(),
          dictProfile: id,
          wordRows: [],
          savedWords: [],
          undoStack: [],
          dictDirty: false,
          dictError: undefined,
        }));
      },
      addWord(draft) {
        edit([{ key: newRowKey(), ...trimmed(draft) }, ...get().wordRows]);
      },
      editWord(key, draft) {
        const wordRows = get().wordRows;
        const index = wordRows.findIndex((r) => r.key === key);
        if (index < 0) return;
        const next = { key, ...trimmed(draft) };
        const old = wordRows[index]!;
        if (
          old.written === next.written &&
          old.spoken === next.spoken &&
          old.classname === next.classname
        )
          return;
        edit(wordRows.with(index, next));
      },
      deleteWord(key) {
        edit(get().wordRows.filter((r) => r.key !== key));
      },
      applyImport(words, merge) {
        const imported = words.map(rowOf);
        if (!merge) return edit(imported);
        const replaced = new Map(imported.map((r) => [r.written, r]));
        const kept = get().wordRows.map((r) => replaced.get(r.written) ?? r);
        const present = new Set(get().wordRows.map((r) => r.written));
        edit([...kept, ...imported.filter((r) => !present.has(r.written))]);
      },
      undoEdit() {
        const stack = get().undoStack;
        const previous = stack.at(-1);
        if (!previous) return;
        set((s) => ({
          wordRows: previous,
          undoStack: stack.slice(0, -1),
          dictRejection: undefined,
          dictDirty: !sameWords(previous, s.savedWords),
        }));
      },
      async previewSave() {
        const result = await bridge.call('dictionary:diff', {
          ...ref(),
          words: get().wordRows.map(wordOf),
        });
        return result.ok ? result.data : result.error;
      },
      async saveWords() {
        const wordRows = get().wordRows;
        const result = await bridge.call('dictionary:setWords', {
          ...ref(),
          words: wordRows.map(wordOf),
        });
        if (!result.ok) {
          if (get().wordRows === wordRows) set({ dictRejection: result.error });
          return result.error;
        }
        set((s) => ({
          dictRejection: undefined,
          savedWords: result.data.words,
          wordRows: s.wordRows === wordRows ? result.data.words.map(rowOf) : s.wordRows,
          undoStack: [],
          dictDirty: s.wordRows === wordRows ? false : !sameWords(s.wordRows, result.data.words),
          dictProfiles: s.dictProfiles.includes(s.dictProfile)
            ? s.dictProfiles
            : [...s.dictProfiles, s.dictProfile].sort(),
        }));
        return undefined;
      },
    };
  };

/** Where a connection's engine's profile list is kept in `profileLists`. */
export const profilesKey = (connection: string, engine: string): string =>
  `${connection}\n${engine}`;

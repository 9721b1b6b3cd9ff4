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
import type { LeaveGuard } from './prefs-slice';
import { DONE, type Result } from './result';
import type { AppState, StoreDeps } from './store';

const UNDO_DEPTH = 100;

export type WordDiff = Omit<ChannelOutput<'dictionary:diff'>, never>;

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

  /**
   * Loads the profiles and class names for a connection and engine (no profile chosen yet); a
   * failure is also kept in `dictError` (the screen shows it).
   */
  openDictionary: (connection: string, engine: string) => Promise<Result<void>>;
  /** The profiles of each service and engine asked for (key `profilesKey`), for every screen. */
  profileLists: Record<string, readonly string[]>;
  /** Asks for the profiles of a connection's engine and keeps them in `profileLists`. */
  loadProfiles: (connection: string, engine: string) => Promise<Result<void>>;
  /** Switches where the dictionary lives; asks first when there are unsaved edits. */
  requestSelect: (connection: string, engine: string, profile: string) => void;
  /**
   * A profile that exists only here until it is saved (asks first, like switching). With
   * `forFiles` (a word taught from a job made with no profile) it also becomes the connection's
   * profile, so the next files use it; a failure to save that is kept in `dictError`.
   */
  createProfile: (id: string, options?: { forFiles?: boolean }) => void;
  addWord: (draft: WordDraft) => void;
  editWord: (key: number, draft: WordDraft) => void;
  deleteWord: (key: number) => void;
  /** Replaces (or, with `merge`, extends: same written form replaced) the rows with imported words. */
  applyImport: (words: readonly ProfileWord[], merge: boolean) => void;
  undoEdit: () => void;
  previewSave: () => Promise<Result<WordDiff>>;
  saveWords: () => Promise<Result<void>>;
  /** Puts the saved words back, dropping the edits and their undo history. */
  discardEdits: () => void;
  /**
   * A word to add from a correction in the viewer: the add form starts with it, until
   * a word is added. `spoken` is what the service heard there, when known.
   */
  dictDraft: { id: number; written: string; spoken: string; original: string } | undefined;
  /**
   * Opens the dictionary of a job's connection, engine and profile (the one chosen stays when the
   * job had none) with the add form filled from a correction.
   */
  teachDictionary: (word: {
    connection: string;
    engine: string;
    profile: string;
    written: string;
    spoken: string;
    original: string;
  }) => void;
}

/**
 * Unsaved edits hold the person back from leaving the Dictionary section, and from switching
 * connection, engine or profile (the changes the slice names `dictionary:*`).
 */
export const dictionaryLeaveGuard: LeaveGuard = {
  holds: (state, leaving) =>
    state.dictDirty &&
    (leaving.kind === 'tab'
      ? state.tab === 'dictionary' && leaving.tab !== 'dictionary'
      : leaving.name.startsWith('dictionary:')),
  question: (state) => ({
    title: 'dictionary.leaveTitle',
    body: 'dictionary.leaveBody',
    values: { profile: state.dictProfile },
    stay: 'dictionary.stay',
    discard: 'dictionary.discard',
  }),
  discard: (state) => state.discardEdits(),
};

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
        // Its failure is the screen's (dictError): there are no words to load then.
        const opened = await get().openDictionary(connection, engine);
        if (!opened.ok) return;
        set({ dictProfile: get().dictProfiles.includes(profile) ? profile : '' });
      }
      await loadWords();
    }

    /** Opens a new, empty profile that exists only here until its first save. */
    function create(id: string): void {
      set((s) => ({
        dictProfiles: s.dictProfiles.includes(id) ? s.dictProfiles : [...s.dictProfiles, id].sort(),
        dictProfile: id,
        wordRows: [],
        savedWords: [],
        undoStack: [],
        dictDirty: false,
        dictError: undefined,
      }));
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
      dictDraft: undefined,

      teachDictionary({ connection, engine, profile, written, spoken, original }) {
        set({ dictDraft: { id: Date.now(), written, spoken, original } });
        const here = get();
        const sameService = here.dictConnection === connection && here.dictEngine === engine;
        if (!sameService || (profile !== '' && here.dictProfile !== profile))
          get().requestSelect(
            connection,
            engine,
            sameService && !profile ? here.dictProfile : profile,
          );
        get().requestTab('dictionary');
      },

      async loadProfiles(connection, engine) {
        const result = await bridge.call('dictionary:profiles', { connection, engine });
        if (!result.ok) return result;
        const key = profilesKey(connection, engine);
        set((state) => ({ profileLists: { ...state.profileLists, [key]: result.data.profiles } }));
        return DONE;
      },
      async openDictionary(connection, engine) {
        set({ dictConnection: connection, dictEngine: engine, dictLoading: true });
        const [profiles, classnames] = await Promise.all([
          bridge.call('dictionary:profiles', { connection, engine }),
          bridge.call('dictionary:classnames', { connection, engine }),
        ]);
        // A newer choice of connection or engine answers for itself.
        if (get().dictConnection !== connection || get().dictEngine !== engine) return DONE;
        if (!profiles.ok) {
          set({
            dictProfiles: [],
            dictClassnames: [],
            dictLoading: false,
            dictError: profiles.error,
          });
          return profiles;
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
        return classnames.ok ? DONE : classnames;
      },
      requestSelect(connection, engine, profile) {
        get().requestLeave({
          kind: 'change',
          name: 'dictionary:select',
          go: () => select(connection, engine, profile),
        });
      },
      discardEdits() {
        set((s) => ({ wordRows: s.savedWords.map(rowOf), undoStack: [], dictDirty: false }));
      },
      createProfile(id, { forFiles = false } = {}) {
        get().requestLeave({
          kind: 'change',
          name: 'dictionary:create',
          go: async () => {
            create(id);
            if (!forFiles) return;
            const connection = get().connections.find((c) => c.id === get().dictConnection);
            if (!connection || connection.profileId === id) return;
            const saved = await get().saveConnection({ ...connection, profileId: id });
            if (!saved.ok) set({ dictError: saved.error });
          },
        });
      },
      addWord(draft) {
        set({ dictDraft: undefined });
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
        return result;
      },
      async saveWords() {
        const wordRows = get().wordRows;
        const result = await bridge.call('dictionary:setWords', {
          ...ref(),
          words: wordRows.map(wordOf),
        });
        if (!result.ok) {
          if (get().wordRows === wordRows) set({ dictRejection: result.error });
          return result;
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
        return DONE;
      },
    };
  };

/** Where a connection's engine's profile list is kept in `profileLists`. */
export const profilesKey = (connection: string, engine: string): string =>
  `${connection}\n${engine}`;

/**
 * The window's own preferences (language, theme, notifications, the player's speed), the open section, and the leave
 * guards: anything that holds unsaved work registers one, and every way of leaving (a tab, or a
 * switch inside a screen) asks the guards first.
 */
import type { StateCreator } from 'zustand';
import { rememberLang, storedLang, systemLang, type Lang, type MessageKey } from '../i18n';
import type { AppState } from './store';

export const TABS = ['transcribe', 'live', 'jobs', 'dictionary', 'settings'] as const;
export type Tab = (typeof TABS)[number];
export const THEME_PREFS = ['system', 'light', 'dark'] as const;
export type ThemePref = (typeof THEME_PREFS)[number];
const THEME_KEY = 'kikitori.theme';
const NOTIFY_KEY = 'kikitori.notify';
const RATE_KEY = 'kikitori.playbackRate';
const READINGS_KEY = 'kikitori.readings';
/** The player's speeds, slowest first (the viewer steps through them). */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

function storedRate(): PlaybackRate {
  try {
    const value = Number(localStorage.getItem(RATE_KEY));
    return PLAYBACK_RATES.find((rate) => rate === value) ?? 1;
  } catch {
    return 1;
  }
}

/** A choice kept as `on` or `off`; off when never made. */
function storedFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'on';
  } catch {
    return false;
  }
}

function rememberFlag(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    // The choice lasts for this page only.
  }
}

function storedTheme(): ThemePref {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return (THEME_PREFS as readonly string[]).includes(value ?? '')
      ? (value as ThemePref)
      : 'system';
  } catch {
    return 'system';
  }
}

/** A way of leaving what is on screen: another section, or a change the screen names. */
export type Leaving =
  | { readonly kind: 'tab'; readonly tab: Tab }
  | { readonly kind: 'change'; readonly name: string; readonly go: () => unknown };

/** The question a guard asks, as translation keys and their values. */
export interface LeaveQuestion {
  readonly title: MessageKey;
  readonly body: MessageKey;
  readonly values?: Readonly<Record<string, string>>;
  readonly stay: MessageKey;
  readonly discard: MessageKey;
}

/** Something that holds work the person has not saved, and may hold them back from leaving it. */
export interface LeaveGuard {
  /** Whether `leaving` would drop the work: then the person is asked first. */
  readonly holds: (state: AppState, leaving: Leaving) => boolean;
  readonly question: (state: AppState) => LeaveQuestion;
  /** Drops the work: the person chose to leave anyway. */
  readonly discard: (state: AppState) => void;
}

export interface PrefsSlice {
  lang: Lang;
  themePref: ThemePref;
  tab: Tab;
  /** A system notification when a long job finishes while the window is hidden. */
  notify: boolean;
  /** The viewer's playback speed, remembered. */
  playbackRate: PlaybackRate;
  /** The viewer shows readings over Japanese words (ruby), remembered; off until asked for. */
  showReadings: boolean;
  /** The registered guards, by name (the dictionary's is `dictionary`). */
  leaveGuards: Readonly<Record<string, LeaveGuard>>;
  /** A leaving a guard holds, waiting for the person's answer. */
  pendingLeave: { readonly guard: string; readonly leaving: Leaving } | undefined;
  setLang: (lang: Lang) => void;
  setNotify: (on: boolean) => void;
  setPlaybackRate: (rate: PlaybackRate) => void;
  setShowReadings: (on: boolean) => void;
  setThemePref: (theme: ThemePref) => void;
  /** Opens a section at once (a drop opens Transcribe: nothing is lost, edits stay in the store). */
  setTab: (tab: Tab) => void;
  registerLeaveGuard: (name: string, guard: LeaveGuard) => void;
  /** Leaves as asked, or, when a guard holds, keeps it in `pendingLeave` for the person to answer. */
  requestLeave: (leaving: Leaving) => void;
  /** Opens a section the person chose, through the guards. */
  requestTab: (tab: Tab) => void;
  /** The person chose to leave: the holding guard drops its work, then the leaving goes on. */
  confirmLeave: () => Promise<void>;
  cancelLeave: () => void;
}

export const createPrefsSlice: StateCreator<AppState, [], [], PrefsSlice> = (set, get) => {
  const leave = async (leaving: Leaving): Promise<void> => {
    if (leaving.kind === 'tab') get().setTab(leaving.tab);
    else await leaving.go();
  };
  return {
    lang: storedLang() ?? systemLang(),
    themePref: storedTheme(),
    tab: 'transcribe',
    notify: storedFlag(NOTIFY_KEY),
    playbackRate: storedRate(),
    showReadings: storedFlag(READINGS_KEY),
    leaveGuards: {},
    pendingLeave: undefined,
    setNotify(notify) {
      rememberFlag(NOTIFY_KEY, notify);
      set({ notify });
    },
    setPlaybackRate(playbackRate) {
      try {
        localStorage.setItem(RATE_KEY, String(playbackRate));
      } catch {
        // The choice lasts for this page only.
      }
      set({ playbackRate });
    },
    setShowReadings(showReadings) {
      rememberFlag(READINGS_KEY, showReadings);
      set({ showReadings });
    },
    setLang(lang) {
      rememberLang(lang);
      set({ lang });
    },
    setThemePref(themePref) {
      try {
        localStorage.setItem(THEME_KEY, themePref);
      } catch {
        // The choice lasts for this page only.
      }
      set({ themePref });
    },
    setTab: (tab) => set({ tab, openJob: undefined, transcript: undefined }),
    registerLeaveGuard: (name, guard) =>
      set((state) => ({ leaveGuards: { ...state.leaveGuards, [name]: guard } })),
    requestLeave(leaving) {
      const state = get();
      const holding = Object.entries(state.leaveGuards).find(([, guard]) =>
        guard.holds(state, leaving),
      );
      if (holding) return set({ pendingLeave: { guard: holding[0], leaving } });
      void leave(leaving);
    },
    requestTab: (tab) => get().requestLeave({ kind: 'tab', tab }),
    async confirmLeave() {
      const pending = get().pendingLeave;
      if (!pending) return;
      set({ pendingLeave: undefined });
      get().leaveGuards[pending.guard]?.discard(get());
      await leave(pending.leaving);
    },
    cancelLeave: () => set({ pendingLeave: undefined }),
  };
};

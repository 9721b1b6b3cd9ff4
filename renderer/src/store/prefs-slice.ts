/** The window's own preferences: language, theme, notifications and the open section. */
import type { StateCreator } from 'zustand';
import { rememberLang, storedLang, systemLang, type Lang } from '../i18n';
import type { AppState } from './store';

export const TABS = ['transcribe', 'jobs', 'dictionary', 'settings'] as const;
export type Tab = (typeof TABS)[number];
export const THEME_PREFS = ['system', 'light', 'dark'] as const;
export type ThemePref = (typeof THEME_PREFS)[number];
const THEME_KEY = 'kikitori.theme';
const NOTIFY_KEY = 'kikitori.notify';

function storedNotify(): boolean {
  try {
    return localStorage.getItem(NOTIFY_KEY) === 'on';
  } catch {
    return false;
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

export interface PrefsSlice {
  lang: Lang;
  themePref: ThemePref;
  tab: Tab;
  /** A system notification when a long job finishes while the window is hidden. */
  notify: boolean;
  setLang(lang: Lang): void;
  setNotify(on: boolean): void;
  setThemePref(theme: ThemePref): void;
  setTab(tab: Tab): void;
}

export const createPrefsSlice: StateCreator<AppState, [], [], PrefsSlice> = (set) => ({
  lang: storedLang() ?? systemLang(),
  themePref: storedTheme(),
  tab: 'transcribe',
  notify: storedNotify(),
  setNotify(notify) {
    try {
      localStorage.setItem(NOTIFY_KEY, notify ? 'on' : 'off');
    } catch {
      // The choice lasts for this page only.
    }
    set({ notify });
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
});

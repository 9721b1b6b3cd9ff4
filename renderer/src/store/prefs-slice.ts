/** The window's own preferences: language, theme and the open section. */
import type { StateCreator } from 'zustand';
import { rememberLang, storedLang, systemLang, type Lang } from '../i18n';
import type { AppState } from './store';

export const TABS = ['transcribe', 'jobs', 'dictionary', 'settings'] as const;
export type Tab = (typeof TABS)[number];
export const THEME_PREFS = ['system', 'light', 'dark'] as const;
export type ThemePref = (typeof THEME_PREFS)[number];
const THEME_KEY = 'kikitori.theme';

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
  setLang(lang: Lang): void;
  setThemePref(theme: ThemePref): void;
  setTab(tab: Tab): void;
}

export const createPrefsSlice: StateCreator<AppState, [], [], PrefsSlice> = (set) => ({
  lang: storedLang() ?? systemLang(),
  themePref: storedTheme(),
  tab: 'transcribe',
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

/**
 * ja and en (docs/architecture.md §8): the OS language at first, then the person's choice, remembered in
 * localStorage (a UI preference, so it may live there).
 */
import i18next, { type ParseKeys, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { TRANSLATIONS } from './translations';

export const LANGS = ['en', 'ja'] as const;
export type Lang = (typeof LANGS)[number];
const LANG_KEY = 'kikitori.lang';

export function storedLang(): Lang | undefined {
  try {
    const value = localStorage.getItem(LANG_KEY);
    return (LANGS as readonly string[]).includes(value ?? '') ? (value as Lang) : undefined;
  } catch {
    return undefined;
  }
}

export function systemLang(): Lang {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  const first = languages.find((l) => /^(ja|en)\b/i.test(l)) ?? 'en';
  return first.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export function rememberLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

/** A key of the window's strings (typed: i18next.d.ts), for code that names a message to show. */
export type MessageKey = ParseKeys;

/** Strings in both languages, like those a screen brings with its code. */
export type Strings = Readonly<Record<Lang, object>>;

const added = new WeakMap<i18n, Set<Strings>>();

/**
 * Adds a screen's strings to the window's, both languages (a switch of language needs no wait),
 * merged into the general ones: `dictionary.heading` stays beside `dictionary.save`. Once per
 * instance and table, so a screen may call it as it renders.
 */
export function addStrings(instance: i18n, strings: Strings): void {
  const done = added.get(instance) ?? new Set<Strings>();
  added.set(instance, done);
  if (done.has(strings)) return;
  done.add(strings);
  for (const lang of LANGS)
    instance.addResourceBundle(lang, 'translation', strings[lang], true, true);
}

/** The window's strings in `lang`, with `more` (a screen's own) already added. */
export function createI18n(lang: Lang, ...more: Strings[]): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    // Copies: adding a screen's strings merges into these objects, never into the shared tables.
    resources: {
      en: { translation: structuredClone(TRANSLATIONS.en) },
      ja: { translation: structuredClone(TRANSLATIONS.ja) },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  for (const strings of more) addStrings(instance, strings);
  return instance;
}

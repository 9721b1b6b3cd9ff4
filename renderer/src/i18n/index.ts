/**
 * ja and en (docs/architecture.md §8): the OS language at first, then the person's choice, remembered in
 * localStorage (a UI preference, so it may live there).
 */
import i18next, { type i18n } from 'i18next';
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

export function createI18n(lang: Lang): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    resources: {
      en: { translation: TRANSLATIONS.en },
      ja: { translation: TRANSLATIONS.ja },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

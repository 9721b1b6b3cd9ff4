/** Every string of the window, per language: the general ones and those of Dictionary and Settings. */
import { en } from './en';
import { enDictionarySettings } from './en-dictionary-settings';
import { ja } from './ja';
import { jaDictionarySettings } from './ja-dictionary-settings';

export const TRANSLATIONS = {
  en: { ...en, ...enDictionarySettings },
  ja: { ...ja, ...jaDictionarySettings },
} as const;

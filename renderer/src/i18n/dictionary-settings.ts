/**
 * The strings of Dictionary and Settings, per language: loaded with either screen's code
 * (app/screens.tsx) and added to the window's strings then (`addStrings`), so the first screen
 * does not carry them.
 */
import { enDictionarySettings } from './en-dictionary-settings';
import { enPrograms } from './en-programs';
import { enWatch } from './en-watch';
import { jaDictionarySettings } from './ja-dictionary-settings';
import { jaPrograms } from './ja-programs';
import { jaWatch } from './ja-watch';
import { enUsage } from './en-usage';
import { enIme } from './en-ime';
import { jaIme } from './ja-ime';
import { jaUsage } from './ja-usage';

export const DICTIONARY_SETTINGS = {
  en: { ...enDictionarySettings, ...enWatch, ...enUsage, ...enIme, ...enPrograms },
  ja: { ...jaDictionarySettings, ...jaWatch, ...jaUsage, ...jaIme, ...jaPrograms },
} as const;

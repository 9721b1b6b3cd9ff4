/**
 * The strings that load with the window, per language: the general ones and the names every screen
 * may show. Those only Dictionary and Settings show come with those screens (dictionary-settings.ts),
 * as do Jobs' (jobs-strings.ts), Live's (live-strings.ts) and the viewer's (viewer-strings.ts).
 */
import { en } from './en';
import { enCalls } from './en-calls';
import { enNames } from './en-names';
import { ja } from './ja';
import { jaCalls } from './ja-calls';
import { jaNames } from './ja-names';

export const TRANSLATIONS = {
  en: { ...en, ...enNames, ...enCalls },
  ja: { ...ja, ...jaNames, ...jaCalls },
} as const;

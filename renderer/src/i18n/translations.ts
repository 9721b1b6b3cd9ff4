/**
 * The strings that load with the window, per language: the general ones and the names every screen
 * may show. Those only Dictionary and Settings show come with those screens (dictionary-settings.ts),
 * as do Jobs' (jobs-strings.ts), Live's (live-strings.ts), the viewer's (viewer-strings.ts) and
 * those of calls' notices (calls-strings.ts), with the first notice.
 */
import { en } from './en';
import { enNames } from './en-names';
import { ja } from './ja';
import { jaNames } from './ja-names';

export const TRANSLATIONS = {
  en: { ...en, ...enNames },
  ja: { ...ja, ...jaNames },
} as const;

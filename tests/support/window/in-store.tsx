/**
 * A piece of the window inside its store and its language, as App puts every screen (with the
 * strings Dictionary and Settings bring when they open).
 */
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n, type Lang } from '../../../renderer/src/i18n';
import { CALLS_STRINGS } from '../../../renderer/src/i18n/calls-strings';
import { DICTIONARY_SETTINGS } from '../../../renderer/src/i18n/dictionary-settings';
import { JOBS_STRINGS } from '../../../renderer/src/i18n/jobs-strings';
import { LIVE_STRINGS } from '../../../renderer/src/i18n/live-strings';
import { VIEWER_STRINGS } from '../../../renderer/src/i18n/viewer-strings';
import { StoreContext, type AppStore } from '../../../renderer/src/store/store';

/** Every screen's strings (and the calls' notices'), which the window adds as each loads (app/screens.tsx). */
export const SCREEN_STRINGS = [
  DICTIONARY_SETTINGS,
  JOBS_STRINGS,
  LIVE_STRINGS,
  VIEWER_STRINGS,
  CALLS_STRINGS,
];

export function inStore(store: AppStore, lang: Lang, node: ReactNode) {
  return (
    <StoreContext.Provider value={store}>
      <I18nextProvider i18n={createI18n(lang, ...SCREEN_STRINGS)}>{node}</I18nextProvider>
    </StoreContext.Provider>
  );
}

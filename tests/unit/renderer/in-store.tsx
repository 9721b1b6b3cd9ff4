/**
 * A piece of the window inside its store and its language, as App puts every screen (with the
 * strings Dictionary and Settings bring when they open).
 */
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n, type Lang } from '../../../renderer/src/i18n';
import { DICTIONARY_SETTINGS } from '../../../renderer/src/i18n/dictionary-settings';
import { StoreContext, type AppStore } from '../../../renderer/src/store/store';

export function inStore(store: AppStore, lang: Lang, node: ReactNode) {
  return (
    <StoreContext.Provider value={store}>
      <I18nextProvider i18n={createI18n(lang, DICTIONARY_SETTINGS)}>{node}</I18nextProvider>
    </StoreContext.Provider>
  );
}

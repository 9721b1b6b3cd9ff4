// @vitest-environment jsdom
import './dom-setup';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { KeysPanel } from '../../../renderer/src/features/keys/KeysPanel';
import { createI18n } from '../../../renderer/src/i18n';
import { createAppStore, StoreContext } from '../../../renderer/src/store/store';
import { appError, errorText } from '../../../shared/domain/errors';
import { fakeBridge } from './table-bridge';

describe('the keys panel without a keychain', () => {
  for (const lang of ['en', 'ja'] as const) {
    it(`says once, in ${lang}, that keys last only this session`, () => {
      const notice = appError('keychain-unavailable', {});
      const store = createAppStore({ bridge: fakeBridge({}) });
      store.setState({ lang, keyStorage: 'session', keyNotice: notice, keyEntries: [] });
      const i18n = createI18n(lang);
      render(
        <StoreContext.Provider value={store}>
          <I18nextProvider i18n={i18n}>
            <KeysPanel />
          </I18nextProvider>
        </StoreContext.Provider>,
      );
      expect(screen.getByTestId('keys-session-notice').textContent).toBe(errorText(notice, lang));
    });
  }

  it('says it in its own words when the host gave no notice', () => {
    const store = createAppStore({ bridge: fakeBridge({}) });
    store.setState({ lang: 'en', keyStorage: 'session', keyNotice: undefined, keyEntries: [] });
    render(
      <StoreContext.Provider value={store}>
        <I18nextProvider i18n={createI18n('en')}>
          <KeysPanel />
        </I18nextProvider>
      </StoreContext.Provider>,
    );
    expect(screen.getByTestId('keys-session-notice').textContent).toBe(
      'No system keychain is available: keys are kept only until Kikitori stops.',
    );
  });
});

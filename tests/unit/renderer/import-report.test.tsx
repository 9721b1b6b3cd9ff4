// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect, it } from 'vitest';
import { ImportButton } from '../../../renderer/src/features/dictionary/ImportButton';
import { createI18n } from '../../../renderer/src/i18n';
import { DICTIONARY_SETTINGS } from '../../../renderer/src/i18n/dictionary-settings';
import { BridgeContext } from '../../../renderer/src/host/use-bridge';
import { createAppStore, StoreContext } from '../../../renderer/src/store/store';
import { fakeBridge } from '../../support/window/table-bridge';

afterEach(cleanup);

it('reports each rejected line by number with its reason in the window’s language', async () => {
  const user = userEvent.setup({ delay: null });
  // The table is read in the window: nothing goes to the host until the words are saved.
  const bridge = fakeBridge({});
  const store = createAppStore({ bridge });
  store.setState({ lang: 'ja' });
  render(
    <BridgeContext.Provider value={bridge}>
      <StoreContext.Provider value={store}>
        <I18nextProvider i18n={createI18n('ja', DICTIONARY_SETTINGS)}>
          <ImportButton />
        </I18nextProvider>
      </StoreContext.Provider>
    </BridgeContext.Provider>,
  );
  const table =
    'written\tspoken\nMarianne\tmary ann\n\tno written form\nMarianne\tagain\na\tb\tc\td\n';
  await user.upload(
    screen.getByTestId('import-file'),
    new File([table], 'words.tsv', { type: 'text/tab-separated-values' }),
  );
  const report = await screen.findByTestId('import-report');
  expect(within(report).getByText('1 語を読み込みました（TSV）。')).toBeTruthy();
  expect(within(report).getByText('3 行を除外しました：')).toBeTruthy();
  const items = within(report)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(items).toEqual([
    '3 行目\tno written form表記（1 列目）が空です。',
    '4 行目Marianne\tagain「Marianne」は 2 行目にもあります。どちらか一方を残してください。',
    '5 行目a\tb\tc\tdこの行はタブ区切りで 4 列あります。1 行は表記・読み・（省略可の）クラスです。',
  ]);
  // The highlighted default adds to the table; replacing it is never the primary action.
  const replace = within(report).getByRole('button', { name: '表を置き換える' });
  expect(replace.classList.contains('primary')).toBe(false);
  const dialog = screen.getByRole('dialog');
  const primary = dialog.querySelector('.button.primary');
  expect(primary?.textContent).not.toBe('表を置き換える');
  await user.click(replace);
  expect(store.getState().wordRows.map((r) => r.written)).toEqual(['Marianne']);
  expect(bridge.calls).toEqual([]);
});

it('says which imported words have no reading, quoted in the language’s own marks', async () => {
  const user = userEvent.setup({ delay: null });
  // The table is read in the window: nothing goes to the host until the words are saved.
  const bridge = fakeBridge({});
  const store = createAppStore({ bridge });
  render(
    <BridgeContext.Provider value={bridge}>
      <StoreContext.Provider value={store}>
        <I18nextProvider i18n={createI18n('en', DICTIONARY_SETTINGS)}>
          <ImportButton />
        </I18nextProvider>
      </StoreContext.Provider>
    </BridgeContext.Provider>,
  );
  const table = 'hello\tハロー\nworld\nbad line with no tabs at all\n';
  await user.upload(
    screen.getByTestId('import-file'),
    new File([table], 'words.tsv', { type: 'text/tab-separated-values' }),
  );
  expect((await screen.findByTestId('import-no-reading')).textContent).toBe(
    '2 words have no reading: “world”, “bad line with no tabs at all”. An engine that needs readings (the local English one) refuses them until you add one.',
  );
});

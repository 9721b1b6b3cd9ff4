// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { KeysPanel } from '../../../renderer/src/features/keys/KeysPanel';
import { createAppStore } from '../../../renderer/src/store/store';
import { appError } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';
import { inStore } from '../../support/window/in-store';
import { fakeBridge, LOCAL_CONNECTION } from '../../support/window/table-bridge';
import { ConnectionsPanel } from '../../../renderer/src/features/settings/ConnectionsPanel';
import { BUILT_IN_CONNECTIONS } from '../../../shared/domain/connection';

const cloud = BUILT_IN_CONNECTIONS.find((c) => c.id === 'cloud')!;

describe('the keys panel without a keychain', () => {
  for (const lang of ['en', 'ja'] as const) {
    it(`says once, in ${lang}, that keys last only this session`, () => {
      const notice = appError('keychain-unavailable', {});
      const store = createAppStore({ bridge: fakeBridge({}) });
      store.setState({ lang, keyStorage: 'session', keyNotice: notice, keyEntries: [] });
      render(inStore(store, lang, <KeysPanel />));
      expect(screen.getByTestId('keys-session-notice').textContent).toBe(errorText(notice, lang));
    });
  }

  it('says it in its own words when the host gave no notice', () => {
    const store = createAppStore({ bridge: fakeBridge({}) });
    store.setState({ lang: 'en', keyStorage: 'session', keyNotice: undefined, keyEntries: [] });
    render(inStore(store, 'en', <KeysPanel />));
    expect(screen.getByTestId('keys-session-notice').textContent).toBe(
      'No system keychain is available: keys are kept only until Kikitori stops.',
    );
  });
});

describe('names the app gave itself, in Japanese', () => {
  it("shows the built-in connections and the local key in the window's language, a renamed one as stored", () => {
    const store = createAppStore({ bridge: fakeBridge({}) });
    store.setState({
      lang: 'ja',
      keyStorage: 'keychain',
      activeConnection: 'local',
      connections: [LOCAL_CONNECTION, { ...cloud, name: 'My cloud' }],
      keyEntries: [
        {
          id: 'k',
          label: 'Local service',
          connection: 'local',
          service: { kind: 'local' },
          last4: 'abcd',
          createdAt: 0,
        },
      ],
    });
    render(
      inStore(
        store,
        'ja',
        <>
          <ConnectionsPanel />
          <KeysPanel />
        </>,
      ),
    );
    expect(screen.getByRole('button', { name: /ローカル（オフライン）/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /My cloud/ })).toBeTruthy();
    const row = screen.getByRole('row', { name: /ローカルサービス/ });
    expect(row.textContent).toContain('ローカル（オフライン）');
    expect(document.body.textContent).not.toContain('Local (offline)');
    expect(document.body.textContent).not.toContain('Local service');
    const key = screen.getByRole<HTMLSelectElement>('combobox', { name: 'API キー' });
    expect(key.selectedOptions[0]?.textContent).toBe('ローカルサービス (…abcd)');
  });
});

describe('keys and when they stop working', () => {
  it('shows when an issued key expires, marks an expired one, and says what deleting the local key does', async () => {
    const user = userEvent.setup({ delay: null });
    const store = createAppStore({ bridge: fakeBridge({}) });
    const day = 86_400_000;
    store.setState({
      lang: 'en',
      keyStorage: 'keychain',
      connections: [{ ...LOCAL_CONNECTION, keyRef: 'local-key' }],
      keyEntries: [
        {
          id: 'local-key',
          label: 'Local service',
          connection: 'local',
          service: { kind: 'local' },
          last4: 'abcd',
          createdAt: 0,
        },
        {
          id: 'fresh',
          label: 'for Ana',
          connection: 'local',
          service: { kind: 'local' },
          last4: 'efgh',
          createdAt: 0,
          expiresAt: Date.now() + day,
        },
        {
          id: 'stale',
          label: 'for Ben',
          connection: 'local',
          service: { kind: 'local' },
          last4: 'ijkl',
          createdAt: 0,
          expiresAt: Date.now() - day,
        },
      ],
    });
    render(inStore(store, 'en', <KeysPanel />));
    const expiry = (label: string) =>
      within(screen.getByRole('row', { name: new RegExp(label) })).getByTestId('key-expiry')
        .textContent;
    expect(expiry('Local service')).toBe('Not known');
    expect(expiry('for Ana')).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    expect(expiry('for Ben')).toMatch(/^Expired \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    expect(screen.getByRole('columnheader', { name: 'Expires' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete key Local service' }));
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Kikitori files a new one for it at once, on the same account: local transcription goes on',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Delete key for Ana' }));
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'It is removed from the keychain',
    );
  });
});

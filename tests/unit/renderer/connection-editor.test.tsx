// @vitest-environment jsdom
import './dom-setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ConnectionEditor } from '../../../renderer/src/features/settings/ConnectionEditor';
import { createI18n } from '../../../renderer/src/i18n';
import { createAppStore, StoreContext } from '../../../renderer/src/store/store';
import { BUILT_IN_CONNECTIONS, type Connection } from '../../../shared/domain/connection';
import { fakeBridge } from './table-bridge';

const cloud = { ...BUILT_IN_CONNECTIONS.find((c) => c.kind === 'cloud')!, keyRef: null };

describe('the connection editor', () => {
  it('follows a key set for the connection underneath it, without turning Save on', async () => {
    const user = userEvent.setup();
    const saved: Connection[] = [];
    const store = createAppStore({
      bridge: fakeBridge({
        'connections:save': ({ connection }) => {
          saved.push(connection);
          return { connection };
        },
      }),
    });
    const withKey = { ...cloud, keyRef: 'new-key' };
    store.setState({
      lang: 'en',
      activeConnection: 'local',
      connections: [cloud],
      keyEntries: [
        { id: 'new-key', label: 'Fresh', connection: cloud.id, last4: '9876', createdAt: 0 },
      ],
    });
    const wrap = (node: ReactNode) => (
      <StoreContext.Provider value={store}>
        <I18nextProvider i18n={createI18n('en')}>{node}</I18nextProvider>
      </StoreContext.Provider>
    );
    const editor = (connection: Connection) => (
      <ConnectionEditor
        connection={connection}
        isNew={false}
        onSaved={() => {}}
        onCancelNew={() => {}}
      />
    );
    const { rerender } = render(wrap(editor(cloud)));
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(screen.getByLabelText('Name'), ' EU');

    // "Add key…" with "Use it for this connection": the saved connection now has the key.
    rerender(wrap(editor({ ...withKey })));
    expect((screen.getByLabelText('API key') as HTMLSelectElement).value).toBe('new-key');
    // The name edited here stays edited; Save writes it with the new key, not the old "none".
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(`${cloud.name} EU`);
    await user.click(save);
    expect(saved[0]).toMatchObject({ name: `${cloud.name} EU`, keyRef: 'new-key' });

    rerender(wrap(editor({ ...withKey, name: `${cloud.name} EU` })));
    expect(save.disabled).toBe(true);
  });
});

// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ConnectionEditor } from '../../../renderer/src/features/settings/ConnectionEditor';
import { createAppStore } from '../../../renderer/src/store/store';
import { BUILT_IN_CONNECTIONS, type Connection } from '../../../shared/domain/connection';
import { inStore } from '../../support/window/in-store';
import { fakeBridge, LOCAL_CONNECTION } from '../../support/window/table-bridge';
import { ConnectionsPanel } from '../../../renderer/src/features/settings/ConnectionsPanel';
import { within } from '@testing-library/react';

const cloud = { ...BUILT_IN_CONNECTIONS.find((c) => c.kind === 'cloud')!, keyRef: null };

describe('the connection editor', () => {
  it('follows a key set for the connection underneath it, without turning Save on', async () => {
    const user = userEvent.setup({ delay: null });
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
        {
          id: 'new-key',
          label: 'Fresh',
          connection: cloud.id,
          service: { kind: 'remote', baseUrl: cloud.baseUrl, asyncUrl: cloud.asyncUrl },
          last4: '9876',
          createdAt: 0,
        },
      ],
    });
    const wrap = (node: ReactNode) => inStore(store, 'en', node);
    const editor = (connection: Connection) => (
      <ConnectionEditor
        connection={connection}
        isNew={false}
        onSaved={() => {}}
        onCancelNew={() => {}}
        onRemoved={() => {}}
      />
    );
    const { rerender } = render(wrap(editor(cloud)));
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    await user.type(screen.getByLabelText('Name'), ' EU');

    // "Add key…" with "Use it for this connection": the saved connection now has the key.
    rerender(wrap(editor({ ...withKey })));
    expect(screen.getByLabelText<HTMLSelectElement>('API key').value).toBe('new-key');
    // The name edited here stays edited; Save writes it with the new key, not the old "none".
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe(`${cloud.name} EU`);
    await user.click(save);
    expect(saved[0]).toMatchObject({ name: `${cloud.name} EU`, keyRef: 'new-key' });

    rerender(wrap(editor({ ...withKey, name: `${cloud.name} EU` })));
    expect(save.disabled).toBe(true);
  });

  it('turns on sending only speech for the connection, saved with it, its hint read with it', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: Connection[] = [];
    const store = createAppStore({
      bridge: fakeBridge({
        'connections:save': ({ connection }) => {
          saved.push(connection);
          return { connection };
        },
      }),
    });
    store.setState({ lang: 'ja', activeConnection: 'cloud', connections: [cloud], keyEntries: [] });
    render(
      inStore(
        store,
        'ja',
        <ConnectionEditor
          connection={cloud}
          isNew={false}
          onSaved={() => {}}
          onCancelNew={() => {}}
          onRemoved={() => {}}
        />,
      ),
    );
    const box = screen.getByRole<HTMLInputElement>('checkbox', {
      name: '発話部分だけを送る（ファイル）',
    });
    expect(box.checked).toBe(false);
    expect(screen.getByRole('checkbox', { description: /ライブは常に全部を送ります/ })).toBe(box);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(saved[0]).toMatchObject({ id: 'cloud', speechOnly: true });
  });

  it('removes a connection the person added after asking, never a built-in', async () => {
    const user = userEvent.setup({ delay: null });
    const staging = { ...cloud, id: 'staging', name: 'Staging' };
    const bridge = fakeBridge({ 'connections:remove': () => ({ active: 'local' }) });
    const store = createAppStore({ bridge });
    store.setState({
      lang: 'en',
      activeConnection: 'staging',
      connections: [LOCAL_CONNECTION, cloud, staging],
      keyEntries: [],
    });
    render(inStore(store, 'en', <ConnectionsPanel />));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const ask = screen.getByRole('alertdialog', { name: 'Remove connection “Staging”?' });
    expect(ask.textContent).toContain('Its API key stays in the keychain');
    expect(ask.textContent).toContain('the local connection becomes active');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(bridge.calls.filter((c) => c.channel === 'connections:remove')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(bridge.calls.find((c) => c.channel === 'connections:remove')?.input).toEqual({
      id: 'staging',
    });
    await screen.findByRole('form', { name: LOCAL_CONNECTION.name });
    expect(store.getState().activeConnection).toBe('local');
    expect(screen.queryByRole('button', { name: /Staging/ })).toBeNull();
    // The built-ins cannot be removed.
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /AmiVoice Cloud/ }));
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  /** The Connections panel with the built-ins, after a click on Add connection. */
  async function addingConnection() {
    const user = userEvent.setup({ delay: null });
    const bridge = fakeBridge({});
    const store = createAppStore({ bridge });
    store.setState({
      lang: 'en',
      activeConnection: 'local',
      connections: [LOCAL_CONNECTION, cloud],
      keyEntries: [],
    });
    render(inStore(store, 'en', <ConnectionsPanel />));
    await user.click(screen.getByRole('button', { name: 'Add connection' }));
    return { user, bridge };
  }

  it('starts a new connection with logging off', async () => {
    await addingConnection();
    const logging = screen.getByRole<HTMLInputElement>('checkbox', { name: /logging/ });
    expect(logging.checked).toBe(false);
  });

  it("takes focus to the new connection's ID, and a failed Save to the first wrong field", async () => {
    const { user, bridge } = await addingConnection();
    const id = screen.getByLabelText('ID');
    expect(document.activeElement).toBe(id);
    await user.type(id, 'staging');
    await user.type(screen.getByLabelText('Name'), 'Staging');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The ID and name are right; the base URL ("https://") is the first wrong one.
    expect(document.activeElement).toBe(screen.getByLabelText('Base URL'));
    expect(screen.getByLabelText('Base URL').getAttribute('aria-invalid')).toBe('true');
    expect(bridge.calls.filter((c) => c.channel === 'connections:save')).toEqual([]);
  });
});

describe('a built-in connection’s name in the editor', () => {
  it('reads in the window’s language until the person renames it', async () => {
    const user = userEvent.setup({ delay: null });
    const local = BUILT_IN_CONNECTIONS.find((c) => c.id === 'local')!;
    const store = createAppStore({ bridge: fakeBridge({}) });
    store.setState({ lang: 'ja', activeConnection: 'local', connections: [local] });
    render(
      inStore(
        store,
        'ja',
        <ConnectionEditor
          connection={local}
          isNew={false}
          onSaved={() => {}}
          onCancelNew={() => {}}
          onRemoved={() => {}}
        />,
      ),
    );
    const name = screen.getByLabelText<HTMLInputElement>('名前');
    expect(name.value).toBe('ローカル（オフライン）');
    // Unchanged, nothing to save; typing makes it the person's own name.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '保存' }).disabled).toBe(true);
    await user.clear(name);
    await user.type(name, '自宅の PC');
    expect(name.value).toBe('自宅の PC');
  });
});

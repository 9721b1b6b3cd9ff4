/**
 * The channels the Settings window added: testing a connection, issuing a key with another
 * issuable key or a typed service ID and password, and restarting the local service.
 */
import { describe, expect, it } from 'vitest';
import { useWebHost } from '../support/hooks';

const web = useWebHost('kikitori-window-');
const host = web.host;

interface Conn {
  id: string;
  keyRef: string | null;
  baseUrl: string;
  engine: string;
  [k: string]: unknown;
}
const local = async () =>
  (await host.call<{ connections: Conn[] }>('connections:list')).connections.find(
    (c) => c.id === 'local',
  )!;

describe('window channels', () => {
  it('tests a connection: the engines it offers and whether its key is accepted', async () => {
    const connection = await local();
    const found = await host.call<{ engines: string[]; key: string }>('connections:test', {
      connection,
    });
    expect(found.engines).toContain('-a-general-en');
    expect(found.key).toBe('accepted');

    const keyless = await host.call<{ key: string }>('connections:test', {
      connection: { ...connection, keyRef: null },
    });
    expect(keyless.key).toBe('none');

    const { key: entry } = await host.call<{ key: { id: string } }>('keys:add', {
      label: 'wrong',
      key: 'not-a-real-key-at-all',
      connection: 'local',
    });
    const refused = await host.call<{ key: string; keyProblem: { code: string } }>(
      'connections:test',
      { connection: { ...connection, keyRef: entry.id } },
    );
    expect(refused).toMatchObject({ key: 'refused', keyProblem: { code: 'auth' } });
    // connections:save never sets a key: the working one goes back through keys:add.
    const { key: original } = await host.call<{ key: string }>('keys:reveal', {
      id: connection.keyRef!,
    });
    await host.call('keys:add', { label: 'Local service', key: original, connection: 'local' });

    const nowhere = await host.rpc('connections:test', {
      connection: { ...connection, baseUrl: 'http://127.0.0.1:9' },
    });
    expect(nowhere).toMatchObject({ ok: false, error: { code: 'network' } });
  });

  it('issues a key authenticated by another keychain key, or by a typed service ID and password', async () => {
    const connection = await local();
    const { key: entry } = await host.call<{ key: { id: string } }>('keys:add', {
      label: 'unusable',
      key: 'not-a-real-key-at-all',
      connection: 'local',
    });
    // The connection's key was replaced by an unusable one; the issuable key still issues.
    const issuable = connection.keyRef!;
    const withAuthKey = await host.call<{ key: string }>('keys:issue', {
      epi: '5m',
      authKey: issuable,
    });
    expect(withAuthKey.key).toMatch(/^\S{8,}$/);
    expect(await host.rpc('keys:issue', { epi: '5m' })).toMatchObject({
      ok: false,
      error: { code: 'auth' },
    });
    expect(await host.rpc('keys:issue', { epi: '5m', authKey: entry.id })).toMatchObject({
      ok: false,
      error: { code: 'auth' },
    });
    // sid/spw go in the request instead of a key: wrong ones are refused by the service.
    expect(
      await host.rpc('keys:issue', { epi: '5m', authKey: issuable, sid: 'nobody', spw: 'wrong' }),
    ).toMatchObject({ ok: false, error: { code: 'auth' } });
    await host.call('connections:save', { connection });
  });

  it('reports the data folder and restarts the local service', async () => {
    const before = await host.call<{ state: string; url: string; dataDir: string }>(
      'service:status',
    );
    expect(before).toMatchObject({ state: 'running', dataDir: web.dataDir });
    const after = await host.call<{ state: string; url: string }>('service:restart');
    expect(after.state).toBe('running');
    expect(after.url).not.toBe(before.url);
    const connection = await local();
    expect(connection.baseUrl).toBe(after.url);
  }, 120_000);
});

describe('filing a key without using it', () => {
  it('keeps the connection on its key when the new one is only filed', async () => {
    const before = await local();
    const { key: entry } = await host.call<{ key: { id: string } }>('keys:add', {
      label: 'kept for later',
      key: 'filed-but-not-used',
      connection: 'local',
      use: false,
    });
    expect((await local()).keyRef).toBe(before.keyRef);
    expect(await host.call('keys:reveal', { id: entry.id })).toEqual({ key: 'filed-but-not-used' });
  });
});

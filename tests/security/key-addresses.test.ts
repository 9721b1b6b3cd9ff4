/**
 * A key follows the service it was filed for, not its connection's id. A
 * connection moved to another address loses its key, and no way of naming the key again —
 * saving the old keyRef with the new addresses, issuing with it as `authKey`, testing, the
 * dictionary — sends it to the new address. Two real HTTP servers on loopback: the service the
 * key was filed for, and the one the connection is moved to, which records every byte it gets.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAM } from '../../core/core';
import { bindOlderKeys, keyFor, openKeyStore } from '../../core/key-store/key-store';
import type { Connection } from '../../shared/domain/connection';
import type { KeyEntry } from '../../shared/domain/key';
import { loggedConnection } from '../support/connections';
import { useOfflineCore } from '../support/hooks';
import { startPrivateKeyring, type PrivateKeyring } from '../support/keyring';

const KEY = 'real-cloud-key-0123456789abcdef';
const core = useOfflineCore('kikitori-key-addresses-');
const seen: string[] = [];
let honest: { server: Server; url: string };
let moved: { server: Server; url: string };

/** A server answering like the API's engine list, keeping what each request carried. */
async function recording(keep?: string[]): Promise<{ server: Server; url: string }> {
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      keep?.push(
        `${req.method} ${req.url}\n${JSON.stringify(req.headers)}\n${Buffer.concat(chunks).toString('utf8')}`,
      );
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ engines: [{ name: '-a-general-en', language: 'en' }], profiles: [] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  return {
    server,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  };
}

beforeAll(async () => {
  honest = await recording();
  moved = await recording(seen);
});
afterAll(() => {
  honest.server.close();
  moved.server.close();
});

const call = async <T>(channel: string, input: unknown) =>
  core.dispatch(channel, input, PROGRAM) as Promise<
    { ok: true; data: T } | { ok: false; error: { code: string } }
  >;

describe('a key goes only to the service it was filed for', () => {
  let keyId: string;
  let connection: Connection;

  it('a connection moved to another address loses its key, and nothing sends it there', async () => {
    connection = loggedConnection('custom', 'Custom', honest.url);
    expect(await call('connections:save', { connection })).toMatchObject({ ok: true });
    const added = await call<{ key: KeyEntry }>('keys:add', {
      label: 'mine',
      key: KEY,
      connection: 'custom',
    });
    expect(added).toMatchObject({
      ok: true,
      data: { key: { service: { kind: 'remote', baseUrl: honest.url, asyncUrl: honest.url } } },
    });
    keyId = (added as { data: { key: KeyEntry } }).data.key.id;
    expect(core.connections.get('custom')?.keyRef).toBe(keyId);

    // Moved: the key stays behind.
    const elsewhere = { ...connection, baseUrl: moved.url, asyncUrl: moved.url, keyRef: keyId };
    expect(await call('connections:save', { connection: elsewhere })).toMatchObject({ ok: true });
    expect(core.connections.get('custom')?.keyRef).toBeNull();
    // Saved again with the old keyRef: refused, still no key.
    expect(await call('connections:save', { connection: elsewhere })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(core.connections.get('custom')?.keyRef).toBeNull();
    // Issuing with it as the authorising key, testing, the dictionary: none sends it.
    expect(
      await call('keys:issue', { connection: 'custom', epi: '1h', authKey: keyId }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(await call('connections:test', { connection: elsewhere })).toMatchObject({
      ok: true,
      data: { key: 'none' },
    });
    expect(
      await call('dictionary:profiles', { connection: 'custom', engine: '-a-general-en' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'no-key' },
    });
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) expect(request).not.toContain(KEY);
  });

  it('moved back to the addresses it was filed for, the key serves it again', async () => {
    const back = { ...connection, keyRef: keyId };
    expect(await call('connections:save', { connection: back })).toMatchObject({ ok: true });
    expect(core.connections.get('custom')?.keyRef).toBe(keyId);
    expect(await keyFor(core.keys, keyId, core.connections.get('custom')!)).toBe(KEY);
  });
});

describe('keys filed before they recorded their service (a real keychain)', () => {
  let keyring: PrivateKeyring;
  beforeAll(async () => {
    keyring = await startPrivateKeyring();
    process.env.DBUS_SESSION_BUS_ADDRESS = keyring.address;
  });
  afterAll(() => keyring.stop());

  it('the one a connection uses is bound to its service once; others serve nothing', async () => {
    const keytar = (await import('keytar')).default;
    const legacy = (key: string) =>
      JSON.stringify({ key, label: 'old', connection: 'custom', createdAt: 1 });
    await keytar.setPassword('kikitori', 'in-use', legacy('in-use-key-0000'));
    await keytar.setPassword('kikitori', 'left-over', legacy('left-over-key-1111'));
    const store = await openKeyStore();
    const custom = { ...loggedConnection('custom', 'Custom', honest.url), keyRef: 'in-use' };
    await bindOlderKeys(store, [custom]);
    const entries = await store.list();
    expect(entries.find((k) => k.id === 'in-use')?.service).toEqual({
      kind: 'remote',
      baseUrl: honest.url,
      asyncUrl: honest.url,
    });
    expect(entries.find((k) => k.id === 'left-over')?.service).toBeUndefined();
    expect(await keyFor(store, 'in-use', custom)).toBe('in-use-key-0000');
    const usingLeftOver: Connection = { ...custom, keyRef: 'left-over' };
    expect(await keyFor(store, 'left-over', usingLeftOver)).toBeUndefined();
    // Bound once: a later move does not re-bind it.
    const movedCustom = { ...custom, baseUrl: moved.url, asyncUrl: moved.url };
    await bindOlderKeys(store, [movedCustom]);
    expect(await keyFor(store, 'in-use', movedCustom)).toBeUndefined();
  });
});

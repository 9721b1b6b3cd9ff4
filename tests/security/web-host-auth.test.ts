/**
 * The web host process refuses every request that is not from this launch's page: no token or a
 * wrong one (Bearer), a foreign Origin, a Host that is not the loopback address and port (DNS
 * rebinding), on /rpc, /events and the page alike; and a refused call changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/service-process';
import { useWebHost } from '../support/hooks';
import { EVIL_CONNECTION, evilSaved } from './evil-connection';

const web = useWebHost('kikitori-auth-');
const host = web.host;
let port: string;

beforeAll(async () => {
  port = new URL(host.url).port;
}, 120_000);

const body = Buffer.from(JSON.stringify({ connection: EVIL_CONNECTION }));

function save(headers: Record<string, string>) {
  return rawRequest(host.url, {
    path: '/rpc/connections:save',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
}

const saved = () => evilSaved(host);

describe('web host authentication', () => {
  it('refuses /rpc without a token, with a wrong one, or with the token anywhere but the header', async () => {
    const sameLength = host.token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    expect(sameLength).not.toBe(host.token);
    const attempts: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer nope' },
      { Authorization: `Bearer ${sameLength}` },
      { Authorization: `Bearer ${host.token}x` },
      { Authorization: `Basic ${host.token}` },
      { Authorization: host.token },
      { Cookie: `token=${host.token}` },
    ];
    for (const headers of attempts) expect((await save(headers)).status).toBe(401);
    const inQuery = await rawRequest(host.url, {
      path: `/rpc/connections:save?token=${host.token}`,
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(inQuery.status).toBe(401);
    expect(await saved()).toBe(false);
  });

  it('refuses /events without the token or with a wrong one', async () => {
    for (const path of ['/events', '/events?token=nope'])
      expect((await rawRequest(host.url, { method: 'GET', path })).status).toBe(401);
  });

  it('refuses a foreign Origin even with the right token', async () => {
    for (const origin of [
      'http://evil.example',
      'null',
      `http://127.0.0.1:${Number(port) + 1}`,
      `https://127.0.0.1:${port}`,
    ]) {
      const res = await save({ Authorization: `Bearer ${host.token}`, Origin: origin });
      expect(res.status).toBe(403);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(await saved()).toBe(false);
  });

  it('refuses a rebound Host (DNS rebinding) even with the right token, for the page too', async () => {
    for (const hostHeader of [
      `evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `localhost.evil.example:${port}`,
      '127.0.0.1',
      `127.0.0.1:${Number(port) + 1}`,
    ]) {
      const res = await save({ Authorization: `Bearer ${host.token}`, Host: hostHeader });
      expect(res.status).toBe(403);
      const page = await rawRequest(host.url, {
        method: 'GET',
        path: '/',
        headers: { Host: hostHeader },
      });
      expect(page.status).toBe(403);
    }
    expect(await saved()).toBe(false);
  });

  it('(accepts the same call from its own page: the refusals above are not a broken host)', async () => {
    const res = await save({ Authorization: `Bearer ${host.token}`, Origin: host.url });
    expect(res.status).toBe(200);
    expect(await saved()).toBe(true);
  });
});

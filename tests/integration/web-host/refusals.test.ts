/**
 * The web host refuses a caller that is not the app's own window with `forbidden`, and a
 * malformed request from the window with `invalid-input`: the same codes as the Electron host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from '../../../web-host/server';
import { webRoutes } from '../../../web-host/routes';
import { rawRequest } from '../../support/service-process';
import { useOfflineCore } from '../../support/hooks';

const TOKEN = 'refusals-test-token-0123456789';
/** Save dialogs the core was asked for: the web host must never reach one. */
const asked: string[] = [];
const core = useOfflineCore('kikitori-web-host-', {
  askSavePath: async ({ fileName }) => {
    asked.push(fileName);
    return undefined;
  },
});
let host: WebHost;

beforeAll(async () => {
  host = await startWebHost({ core, port: 0, token: TOKEN });
});
afterAll(async () => {
  await host?.close();
});

const rpc = (headers: Record<string, string>, body = '{}', method = 'POST') =>
  rawRequest(host.url, { method, path: '/rpc/jobs:list', headers, body: Buffer.from(body) });
const bearer = { Authorization: `Bearer ${TOKEN}` };

describe('web host refusals', () => {
  it('answers a foreign caller with forbidden', async () => {
    const callers = [
      rpc({}),
      rpc({ Authorization: 'Bearer wrong' }),
      rpc({ ...bearer, Origin: 'http://evil.example' }),
      rpc({ ...bearer, Host: `evil.example:${host.port}` }),
      rawRequest(host.url, { method: 'GET', path: '/events' }),
    ];
    for (const answer of await Promise.all(callers)) {
      expect([401, 403]).toContain(answer.status);
      expect(answer.json()).toMatchObject({ ok: false, error: { code: 'forbidden', params: {} } });
    }
  });

  it('answers bad input from the window with invalid-input', async () => {
    const answers = await Promise.all([
      rpc(bearer, 'not json'),
      rpc(bearer, '{}', 'PUT'),
      rawRequest(host.url, {
        path: '/rpc/jobs:get',
        headers: bearer,
        body: Buffer.from('{"id":42}'),
      }),
      rawRequest(host.url, { path: '/rpc/no:such', headers: bearer, body: Buffer.from('{}') }),
    ]);
    for (const answer of answers) {
      expect(answer.json()).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
    expect(answers.map((a) => a.status)).toEqual([400, 405, 200, 200]);
  });

  it('does not serve export:save: in the browser an export is a download', async () => {
    const answer = await rawRequest(host.url, {
      path: '/rpc/export:save',
      headers: bearer,
      body: Buffer.from(JSON.stringify({ fileName: 'talk.txt', text: 'hello', format: 'txt' })),
    });
    expect(answer.status).toBe(404);
    expect(answer.json()).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(asked).toEqual([]);
  });

  it('holds every route of its table to the methods and callers it declares', async () => {
    const table = webRoutes({} as Parameters<typeof webRoutes>[0]);
    const guarded = table.filter((r) => r.access !== 'anyone');
    // The routes a page reaches before it has a session, and those that need a caller.
    expect(table.filter((r) => r.access === 'anyone').map((r) => r.path)).toEqual([
      '/open',
      '/session/claim',
    ]);
    expect(guarded.map((r) => r.path)).toEqual([
      '/session/ticket',
      '/session/code',
      '/rpc/',
      '/uploads',
      '/media/',
      '/events',
    ]);
    for (const route of table) {
      const path = route.path.endsWith('/') ? `${route.path}x` : route.path;
      if (route.methods) {
        const wrong = route.methods.includes('POST') ? 'DELETE' : 'POST';
        const headers = { ...bearer, Connection: 'close' };
        const answer = await rawRequest(host.url, { method: wrong, path, headers });
        expect(answer.status, `${wrong} ${path}`).toBe(405);
      }
      if (route.access === 'anyone') continue;
      const method = route.methods?.[0] ?? (route.path === '/uploads' ? 'PUT' : 'GET');
      const headers = { Connection: 'close' };
      const answer = await rawRequest(host.url, { method, path, headers });
      expect(answer.status, `${method} ${path} with no caller`).toBe(401);
      expect(answer.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });
});

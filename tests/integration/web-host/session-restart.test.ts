/**
 * Browser-mode sessions outlive the web host (web-host/sessions.ts): a host
 * stopped and started again on the same data folder, with a new launch token, still knows a
 * page's session, kept only as its SHA-256 in a 0600 file of the data folder; it still ends 12
 * hours after its last use; a host on another data folder never knows it. Real hosts and cores;
 * the clock is moved with vitest's fake Date.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_MS, startWebHost, type WebHost } from '../../../web-host/server';
import { lastPort, sessionsFile } from '../../../web-host/sessions';
import { rawRequest } from '../../support/service-process';
import { useOfflineCore } from '../../support/hooks';
import { claimPageSession } from '../../support/page-session';

const core = useOfflineCore('kikitori-session-restart-');
const other = useOfflineCore('kikitori-session-other-');
const hosts: WebHost[] = [];
const start = async (on = core, port = 0, token = `token-${hosts.length}-0123456789abcdef`) => {
  const host = await startWebHost({ core: on, port, token });
  hosts.push(host);
  return host;
};

afterEach(async () => {
  vi.useRealTimers();
  for (const host of hosts.splice(0)) await host.close();
});

const rpc = (host: WebHost, session: string) =>
  rawRequest(host.url, {
    path: '/rpc/jobs:list',
    headers: { 'X-Kikitori-Session': session },
    body: Buffer.from('{}'),
  }).then((r) => r.status);

describe('a page’s session across starts of the web host', () => {
  it('works after a stop and a new start on the same data folder and port, new token and all', async () => {
    const first = await start();
    const session = await claimPageSession(first);
    expect(await rpc(first, session)).toBe(200);
    await first.close();

    // Kept by its hash only, readable by this user only, with the port its tab knows.
    const file = sessionsFile(core.dataDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(session);
    expect(text).toContain(createHash('sha256').update(session).digest('base64url'));
    expect(await lastPort(core.dataDir)).toBe(first.port);

    const again = await start(core, first.port);
    expect(again.port).toBe(first.port);
    expect(await rpc(again, session)).toBe(200);
    // A session this start does not know is still refused.
    expect(await rpc(again, `${session}x`)).toBe(401);
  });

  it('still ends 12 hours after its last use, whichever start saw that use', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const first = await start();
    const session = await claimPageSession(first);
    vi.advanceTimersByTime(SESSION_IDLE_MS - 60_000);
    // Used just before the stop: its end slid, and the stop wrote that down.
    expect(await rpc(first, session)).toBe(200);
    await first.close();
    vi.advanceTimersByTime(SESSION_IDLE_MS - 60_000);
    const second = await start();
    expect(await rpc(second, session)).toBe(200);
    await second.close();
    vi.advanceTimersByTime(SESSION_IDLE_MS + 1);
    const third = await start();
    expect(await rpc(third, session)).toBe(401);
  });

  it('is never valid for a host on another data folder', async () => {
    const first = await start();
    const session = await claimPageSession(first);
    const elsewhere = await start(other);
    expect(await rpc(elsewhere, session)).toBe(401);
    expect(await rpc(first, session)).toBe(200);
  });
});

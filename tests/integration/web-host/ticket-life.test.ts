/**
 * How long a page's tickets live (web-host/server.ts): the player's ticket for a job's media
 * keeps working while its session lives, however long the player sat paused (with
 * preload="metadata" the audio is fetched only when played, maybe long after the viewer opened);
 * an events ticket still ends 10 minutes after its last use; every ticket ends with its session.
 * The clock is moved with vitest's fake Date; the host and its core are real.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SESSION_IDLE_MS,
  TICKET_IDLE_MS,
  startWebHost,
  type WebHost,
} from '../../../web-host/server';
import { rawRequest } from '../../support/service-process';
import { useOfflineCore } from '../../support/hooks';
import { claimPageSession } from '../../support/page-session';

const core = useOfflineCore('kikitori-ticket-life-');
let host: WebHost;

beforeAll(async () => {
  host = await startWebHost({ core, port: 0, token: 'ticket-life-test-token-0123456789' });
});
afterAll(async () => {
  await host?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A page's session, claimed as the window claims it. */
const session = () => claimPageSession(host);

async function ticket(secret: string, path: string): Promise<string> {
  const answer = await rawRequest(host.url, {
    path: '/session/ticket',
    headers: { 'X-Kikitori-Session': secret, 'Content-Type': 'application/json' },
    body: Buffer.from(JSON.stringify({ path })),
  });
  return answer.json<{ data: { ticket: string } }>().data.ticket;
}

/** 404 (no such job) once the ticket let the request through; 401 when it did not. */
const media = (t: string) =>
  rawRequest(host.url, { method: 'GET', path: `/media/no-such-job?ticket=${t}` }).then(
    (r) => r.status,
  );

describe('a page’s tickets', () => {
  it('let the player at its media however long it sat paused, while the session lives', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const secret = await session();
    const player = await ticket(secret, '/media/no-such-job');
    expect(await media(player)).toBe(404);
    // The person reads the transcript for half an hour, using the window, then presses play.
    for (let minutes = 0; minutes < 30; minutes += 5) {
      vi.advanceTimersByTime(5 * 60_000);
      await ticket(secret, '/events');
    }
    expect(await media(player)).toBe(404);
  });

  it('end an events ticket 10 minutes after its last use, and every ticket with its session', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const secret = await session();
    const events = await ticket(secret, '/events');
    const player = await ticket(secret, '/media/no-such-job');
    vi.advanceTimersByTime(TICKET_IDLE_MS + 1);
    const stream = await rawRequest(host.url, { method: 'GET', path: `/events?ticket=${events}` });
    expect(stream.status).toBe(401);
    vi.advanceTimersByTime(SESSION_IDLE_MS);
    expect(await media(player)).toBe(401);
  });

  it('keep a session alive while its window holds the event stream open, then 12 hours more', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const secret = await session();
    const events = await ticket(secret, '/events');
    const controller = new AbortController();
    const stream = await fetch(`${host.url}/events?ticket=${events}`, {
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const rpc = () =>
      rawRequest(host.url, {
        path: '/rpc/jobs:list',
        headers: { 'X-Kikitori-Session': secret },
        body: Buffer.from('{}'),
      }).then((r) => r.status);
    // The window sits open overnight, its stream connected, no request made.
    vi.advanceTimersByTime(SESSION_IDLE_MS * 2);
    expect(await rpc()).toBe(200);
    controller.abort();
    await stream.body?.cancel().catch(() => undefined);
    // Once it lets go, the session ends after its idle time.
    await vi.waitFor(async () => {
      vi.advanceTimersByTime(SESSION_IDLE_MS + 1);
      expect(await rpc()).toBe(401);
    });
  });
});

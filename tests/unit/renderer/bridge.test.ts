// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserBridge, takeTokenFromAddress } from '../../../renderer/src/host/bridge';

afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('the browser-mode bridge', () => {
  it('takes the token out of the visible address and keeps it for reloads of this tab', () => {
    history.replaceState(null, '', '/?token=secret-1&view=x#token=secret-1');
    expect(takeTokenFromAddress()).toBe('secret-1');
    expect(location.href).not.toContain('secret-1');
    expect(location.search).toBe('?view=x');
    expect(sessionStorage.getItem('kikitori.token')).toBe('secret-1');
    expect(takeTokenFromAddress()).toBe('secret-1');
    history.replaceState(null, '', '/#token=from-hash');
    expect(takeTokenFromAddress()).toBe('from-hash');
    expect(location.hash).toBe('');
  });

  it('calls /rpc/<channel> with the token, and answers a Result when the host is gone', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true, data: { jobs: [] } })));
    vi.stubGlobal('fetch', fetch);
    const bridge = browserBridge('', 'tok');
    expect(await bridge.call('jobs:list', {})).toEqual({ ok: true, data: { jobs: [] } });
    expect(fetch).toHaveBeenCalledWith('/rpc/jobs:list', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer tok' },
      body: '{}',
    });
    expect(await bridge.mediaUrl('a b')).toBe('/media/a%20b?token=tok');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await bridge.call('jobs:list', {})).toMatchObject({
      ok: false,
      error: { code: 'network' },
    });
  });

  it('spends the address’s one-time code for a session sent as a header, never a cookie', async () => {
    sessionStorage.clear();
    history.replaceState(null, '', '/#open=code-1');
    const calls: Array<[string, RequestInit]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push([url, init]);
        if (url === '/session/claim')
          return new Response(JSON.stringify({ ok: true, data: { session: 'sess-1' } }));
        if (url === '/session/ticket')
          return new Response(JSON.stringify({ ok: true, data: { ticket: 'tick-1' } }));
        return new Response('{"ok":true,"data":{}}');
      }),
    );
    const bridge = browserBridge('', undefined);
    expect(location.href).not.toContain('code-1');
    expect(await bridge.call('service:status', {})).toMatchObject({ ok: true });
    expect(calls[0]).toEqual([
      '/session/claim',
      expect.objectContaining({ method: 'POST', body: '{"code":"code-1"}' }),
    ]);
    expect(calls[1]![1]).toMatchObject({ headers: { 'X-Kikitori-Session': 'sess-1' } });
    for (const [, init] of calls) expect(init).not.toHaveProperty('credentials');
    expect(sessionStorage.getItem('kikitori.session')).toBe('sess-1');
    // The player's address carries a ticket for that one address, never the session.
    expect(await bridge.mediaUrl('j')).toBe('/media/j?ticket=tick-1');
    expect(JSON.parse(calls.at(-1)![1].body as string)).toEqual({ path: '/media/j' });
    // A reload of the tab keeps the session (sessionStorage), with no code to spend.
    const reloaded = browserBridge('', undefined, undefined);
    expect(await reloaded.call('service:status', {})).toMatchObject({ ok: true });
    expect(calls.at(-1)![1]).toMatchObject({ headers: { 'X-Kikitori-Session': 'sess-1' } });
  });

  it('says the session ended when the host no longer knows it (a new start)', async () => {
    sessionStorage.setItem('kikitori.session', 'from-the-last-start');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"ok":false,"error":{"code":"forbidden","params":{}}}', { status: 401 }),
      ),
    );
    const bridge = browserBridge('', undefined, undefined);
    const ended = vi.fn();
    bridge.onSessionEnded(ended);
    expect(await bridge.call('jobs:list', {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(ended).toHaveBeenCalledTimes(1);
  });
});

// @vitest-environment jsdom
import './dom-setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserBridge, takeTokenFromAddress } from '../../../renderer/src/lib/bridge';

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

  it('calls /rpc/<channel> with the session cookie and the token, and answers a Result when the host is gone', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true, data: { jobs: [] } })));
    vi.stubGlobal('fetch', fetch);
    const bridge = browserBridge('', 'tok');
    expect(await bridge.call('jobs:list', {})).toEqual({ ok: true, data: { jobs: [] } });
    expect(fetch).toHaveBeenCalledWith('/rpc/jobs:list', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer tok' },
      body: '{}',
    });
    expect(bridge.mediaUrl('a b')).toBe('/media/a%20b?token=tok');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await bridge.call('jobs:list', {})).toMatchObject({
      ok: false,
      error: { code: 'network' },
    });
  });

  it('without a token relies on the cookie alone', async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('{"ok":true,"data":{}}'),
    );
    vi.stubGlobal('fetch', fetch);
    await browserBridge('', undefined).call('service:status', {});
    expect(fetch.mock.calls[0]![1]).toMatchObject({
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(browserBridge('', undefined).mediaUrl('j')).toBe('/media/j');
  });
});

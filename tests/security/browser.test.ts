/**
 * The web host's protections, proven in Debian's Chromium against the real web host process:
 * the page it serves carries the exact CSP both hosts send, under which an injected inline
 * script, an inline event handler and `eval` do not run and a request to another origin is never
 * sent; a page of another origin in the same browser cannot call /rpc; and a page reached through
 * a rebound DNS name is refused. A page without the CSP, served by the test, shows each
 * injection running, so the checks can tell.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type Page, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../core/host/renderer-files';
import { useWebHost } from '../support/hooks';
import { EVIL_CONNECTION, evilSaved } from './evil-connection';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

// The page's globals, as far as the scripts below use them (this Node project has no DOM types).
interface PageNode {
  innerHTML: string;
  textContent: string | null;
  append(...nodes: PageNode[]): void;
  querySelector(selector: string): PageNode | null;
  addEventListener(
    type: string,
    listener: (event: { effectiveDirective: string }) => void,
    options?: { once: boolean },
  ): void;
}
declare const document: PageNode & {
  body: PageNode;
  cookie: string;
  createElement(tag: string): PageNode;
};
declare const window: Record<string, unknown>;
declare const sessionStorage: { getItem(key: string): string | null };
declare class EventSource {
  constructor(url: string, init?: { withCredentials: boolean });
  onopen: (() => void) | null;
  onerror: (() => void) | null;
  close(): void;
}

/** A name the browser resolves to 127.0.0.1, as an attacker's DNS would after rebinding. */
const REBOUND = 'rebound.kikitori.test';

const web = useWebHost('kikitori-browser-');
const host = web.host;
let browser: Browser;
/** Another origin (127.0.0.1 on another port): serves a page without CSP and records requests. */
let other: Server;
let otherUrl: string;
const otherHits: string[] = [];
let pageHtml = '';

beforeAll(async () => {
  // The window's own page, less the CSP it also declares in a <meta>: this copy shows what the
  // header (and the meta) stop.
  pageHtml = (await (await fetch(`${host.url}/`)).text()).replace(
    /<meta\s+http-equiv="Content-Security-Policy"[^>]*>/i,
    '',
  );
  other = createServer((req, res) => {
    otherHits.push(req.url ?? '');
    if (req.url === '/page') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      return void res.end(pageHtml);
    }
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('pong');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${REBOUND} 127.0.0.1`],
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (other) await new Promise((resolve) => other.close(resolve));
});

async function openPage(url: string): Promise<{ page: Page; status: number; csp?: string }> {
  const page = await browser.newPage();
  const response = await page.goto(url);
  return {
    page,
    status: response!.status(),
    csp: (await response!.allHeaders())['content-security-policy'],
  };
}

/** Every injection an attacker's string could make, and what each did. */
async function inject(page: Page, target: string) {
  return page.evaluate(async (target) => {
    const w = window;
    const violations: string[] = [];
    w.violations = violations;
    document.addEventListener('securitypolicyviolation', (e) =>
      violations.push(e.effectiveDirective),
    );
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="/no-such-image.png" onerror="window.handlerRan = true">';
    // Listened for before the image can fail: its own handler, if allowed, runs first.
    const imageFailed = new Promise((resolve) =>
      holder.querySelector('img')!.addEventListener('error', resolve, { once: true }),
    );
    document.body.append(holder);
    // Called from a task of the page's own (a timer), not from the test's evaluation, which
    // DevTools exempts from the CSP.
    const evalRan = await new Promise<boolean>((resolve) =>
      setTimeout(() => {
        try {
          resolve(eval('true') === true);
        } catch {
          resolve(false);
        }
      }, 0),
    );
    const fetched = await fetch(`${target}/ping`, { mode: 'no-cors' }).then(
      () => true,
      () => false,
    );
    await imageFailed;
    return {
      inlineRan: w.inlineRan === true,
      handlerRan: w.handlerRan === true,
      evalRan,
      fetched,
    };
  }, target);
}

/** The CSP directives the page reported violated, once there are `count` of them. */
async function violations(page: Page, count: number): Promise<string[]> {
  const handle = await page.waitForFunction((count) => {
    const seen = (window as unknown as { violations: string[] }).violations;
    return new Set(seen).size >= count && [...new Set(seen)].sort();
  }, count);
  return (await handle.jsonValue()) as string[];
}

describe('the CSP in Chromium', () => {
  it('is sent exactly as both hosts define it', async () => {
    const { page, status, csp } = await openPage(`${host.url}/`);
    expect(status).toBe(200);
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    await page.close();
  });

  it('stops an injected inline script, an inline handler and eval, and never sends a request elsewhere', async () => {
    const { page } = await openPage(`${host.url}/`);
    const before = otherHits.length;
    const result = await inject(page, otherUrl);
    expect(result).toEqual({ inlineRan: false, handlerRan: false, evalRan: false, fetched: false });
    expect(await violations(page, 4)).toEqual([
      'connect-src',
      'script-src',
      'script-src-attr',
      'script-src-elem',
    ]);
    expect(otherHits.slice(before)).toEqual([]);
    await page.close();
  });

  it('(the same page without the CSP runs every injection)', async () => {
    const { page, csp } = await openPage(`${otherUrl}/page`);
    expect(csp).toBeUndefined();
    const before = otherHits.length;
    // localhost is another origin than the page's 127.0.0.1.
    const result = await inject(page, otherUrl.replace('127.0.0.1', 'localhost'));
    expect(otherHits.slice(before)).toContain('/ping');
    expect(result).toEqual({ inlineRan: true, handlerRan: true, evalRan: true, fetched: true });
    await page.close();
  });
});

describe('another origin in the same browser', () => {
  it('cannot call /rpc, with or without the token', async () => {
    const { page } = await openPage(`${otherUrl}/page`);
    const results = await page.evaluate(
      async ({ url, token, body }) => {
        const attempt = (init: RequestInit) =>
          fetch(`${url}/rpc/connections:save`, { method: 'POST', body, ...init }).then(
            (res) => `status ${res.status}`,
            (error: Error) => error.name,
          );
        return [
          // A "simple" request: sent without a preflight, its answer unreadable.
          await attempt({ headers: { 'Content-Type': 'text/plain' } }),
          await attempt({ mode: 'no-cors', headers: { 'Content-Type': 'text/plain' } }),
          // With the token (had the page learnt it): the preflight is refused.
          await attempt({
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          }),
        ];
      },
      { url: host.url, token: host.token, body: JSON.stringify({ connection: EVIL_CONNECTION }) },
    );
    expect(results).toEqual(['TypeError', 'status 0', 'TypeError']);
    expect(await evilSaved(host)).toBe(false);
    await page.close();
  });

  it('is refused when it reaches the web host through a rebound DNS name', async () => {
    const port = new URL(host.url).port;
    const { page, status } = await openPage(`http://${REBOUND}:${port}/`);
    expect(status).toBe(403);
    const answer = await page.evaluate(
      async ({ token, body }) =>
        fetch('/rpc/connections:save', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body,
        }).then((res) => res.status),
      { token: host.token, body: JSON.stringify({ connection: EVIL_CONNECTION }) },
    );
    expect(answer).toBe(403);
    expect(await evilSaved(host)).toBe(false);
    await page.close();
  });
});

describe('the session of a window let in through the one-time address', () => {
  it('lives in the page only: a page on another loopback port, with all a browser gives it, gets nothing', async () => {
    const made = await fetch(`${host.url}/session/code`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${host.token}` },
    });
    const { url: address } = ((await made.json()) as { data: { url: string } }).data;
    const context = await browser.newContext();
    try {
      // The window, as a person reaches it: /open, then the page spends the code itself.
      const window = await context.newPage();
      await window.goto(address);
      const session = await window.waitForFunction(() =>
        sessionStorage.getItem('kikitori.session'),
      );
      const secret = (await session.jsonValue()) as string;
      expect(window.url()).toBe(`${host.url}/`);
      expect(await context.cookies()).toEqual([]);
      // The session works from the window's own page…
      expect(
        await window.evaluate(
          (secret) =>
            fetch('/rpc/keys:list', {
              method: 'POST',
              headers: { 'X-Kikitori-Session': secret },
              body: '{}',
            }).then((r) => r.status),
          secret,
        ),
      ).toBe(200);

      // …while a page of another loopback port in the same browser holds nothing of it.
      const stranger = await context.newPage();
      await stranger.goto(`${otherUrl}/page`);
      const seen = await stranger.evaluate(async (url) => {
        const stored = sessionStorage.getItem('kikitori.session');
        const rpc = await fetch(`${url}/rpc/keys:reveal`, {
          method: 'POST',
          credentials: 'include',
          mode: 'no-cors',
          headers: { 'Content-Type': 'text/plain' },
          body: '{"id":"x"}',
        }).then(
          (r) => `status ${r.status}`,
          (e: Error) => e.name,
        );
        const events = await new Promise<string>((resolve) => {
          const source = new EventSource(`${url}/events`, { withCredentials: true });
          source.onopen = () => resolve('open');
          source.onerror = () => {
            source.close();
            resolve('refused');
          };
        });
        return { stored, cookie: document.cookie, rpc, events };
      }, host.url);
      expect(seen).toEqual({ stored: null, cookie: '', rpc: 'status 0', events: 'refused' });
      // Everything the browser keeps for 127.0.0.1 (no cookie at all), replayed without a
      // browser's checks, opens nothing either.
      const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const replay = await fetch(`${host.url}/rpc/keys:list`, {
        method: 'POST',
        headers: cookies ? { Cookie: cookies } : {},
        body: '{}',
      });
      expect(replay.status).toBe(401);
      expect((await fetch(`${host.url}/events`)).status).toBe(401);
    } finally {
      await context.close();
    }
  });
});

/**
 * `npm run dev` (scripts/dev.mjs) as a developer runs it: the real web host, core and local
 * service on free ports, the window served from its sources by Vite inside the host, with hot
 * reload on the same port, and browser mode's rules intact (the one-time address, the page's
 * session, the Host check, the CSP, now with a nonce for Vite's inline script and styles). It
 * builds nothing and writes nothing in the repository, and stops cleanly.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../support/service-process';
import { listing } from '../support/tree-watch';
import { startWebHostProcess, type RunningWebHost } from '../support/web-host-process';

/** What is changed or new in the working tree (git's view: built and ignored files aside). */
const gitStatus = () =>
  execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { encoding: 'utf8' });
/** The built output, which `npm run dev` must not touch (it serves the sources). */
const built = async () => (existsSync('dist') ? await listing('dist') : []);

let dataDir: string;
let host: RunningWebHost;
let before: { status: string; built: string[] };

beforeAll(async () => {
  before = { status: gitStatus(), built: await built() };
  dataDir = await tempDir('kikitori-dev-');
  // No Secret Service on this bus address: keys stay in the session, as the app says.
  host = await startWebHostProcess(
    dataDir,
    { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
    ['scripts/dev.mjs'],
  );
});

afterAll(async () => {
  // SIGTERM, which scripts/dev.mjs passes on to the host (a no-op once the last test stopped it).
  await host?.stop();
  await removeDir(dataDir);
});

describe('npm run dev', () => {
  it('prints the one-time address of browser mode, saying the window hot-reloads', () => {
    // (Vite's own lines may come first: it tells when it bundles the window's dependencies.)
    expect(host.lines).toContainEqual(
      expect.stringMatching(/^Kikitori is running in browser mode, .*hot reload\b/),
    );
    expect(host.openUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/open\?code=\S+$/);
    expect(host.lines).toContainEqual(expect.stringMatching(/^Local service: running at /));
  });

  it('serves the app from its sources: the page with Vite’s client, the root and a nonce CSP', async () => {
    const page = await fetch(`${host.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('src="/@vite/client"');
    expect(html).toContain('src="./src/main.tsx"');
    const policy = page.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'self' 'nonce-([\w-]+)'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    // Inline script and style by that nonce only; everything else as in browser mode.
    expect(policy).toBe(
      `default-src 'none'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data: blob:; font-src 'self'; media-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    // Every inline script carries the nonce, and the page's own <meta> policy names it too.
    const inline = [...html.matchAll(/<script\b([^>]*)>(?!<\/script>)/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(html).toMatch(
      new RegExp(
        `http-equiv="Content-Security-Policy"\\s+content="[^"]*script-src 'self' 'nonce-${nonce}'`,
      ),
    );
    // A new page load, a new nonce.
    const again = (await fetch(`${host.url}/`)).headers.get('content-security-policy');
    expect(again).not.toContain(nonce);

    const module = await fetch(`${host.url}/src/main.tsx`);
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await module.text()).toMatch(/from "\/src\/|from "\/node_modules\/|from "\/@/);
  });

  it('reaches the core through the page’s API route, with the session the one-time address gives', async () => {
    const opened = await fetch(host.openUrl, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const code = decodeURIComponent(/#open=(.+)$/.exec(opened.headers.get('location') ?? '')![1]!);
    const claimed = await fetch(`${host.url}/session/claim`, {
      method: 'POST',
      headers: { Origin: host.url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const { session } = ((await claimed.json()) as { data: { session: string } }).data;
    const list = (headers: Record<string, string>) =>
      fetch(`${host.url}/rpc/connections:list`, { method: 'POST', headers, body: '{}' });

    const answer = await list({ 'X-Kikitori-Session': session, Origin: host.url });
    expect(answer.status).toBe(200);
    const result = (await answer.json()) as {
      ok: boolean;
      data: { active: string; connections: Array<{ id: string }> };
    };
    expect(result.ok).toBe(true);
    expect(result.data.active).toBe('local');
    expect(result.data.connections.map((c) => c.id)).toContain('local');

    // The same rules as browser mode: no session, no call; another Host, not even the page.
    expect((await list({})).status).toBe(401);
    const elsewhere = await new Promise<number>((resolve, reject) =>
      request(`${host.url}/`, { headers: { Host: 'evil.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end(),
    );
    expect(elsewhere).toBe(403);
  });

  it('answers the hot-reload socket on the same port', async () => {
    const client = await (await fetch(`${host.url}/@vite/client`)).text();
    const token = /wsToken = "([^"]+)"/.exec(client)?.[1];
    expect(token).toBeDefined();
    const status = await new Promise<number>((resolve, reject) => {
      const upgrade = request(`${host.url}/?token=${encodeURIComponent(token!)}`, {
        headers: {
          Connection: 'Upgrade',
          Upgrade: 'websocket',
          'Sec-WebSocket-Version': '13',
          'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
          'Sec-WebSocket-Protocol': 'vite-hmr',
        },
      });
      upgrade.on('upgrade', (res, socket) => {
        socket.destroy();
        resolve(res.statusCode ?? 0);
      });
      upgrade.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      upgrade.on('error', reject);
      upgrade.end();
    });
    expect(status).toBe(101);
  });

  it('stops on SIGTERM with exit 0, having built nothing and left no file in the repository', async () => {
    expect(await host.stop()).toBe(0);
    expect(existsSync(`${dataDir}/instance.json`)).toBe(false);
    expect(gitStatus()).toBe(before.status);
    expect(await built()).toEqual(before.built);
  });
});

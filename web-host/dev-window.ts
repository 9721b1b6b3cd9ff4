/**
 * `npm run dev`: the window served from its sources by Vite's dev server, inside the web host
 * (startWebHost's `window`), so the page, the API and the hot-reload socket share one origin and
 * every rule of browser mode holds: the one-time address and the session, the Host and Origin
 * checks (the host makes them before Vite sees a request), and the window's CSP. Vite's dev mode
 * needs inline script (React Refresh's preamble) and injects each CSS module as a <style>: the
 * page's policy allows exactly those by a nonce made for each page load, and nothing else.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_SECURITY_POLICY, rendererHeaders } from '../core/host/renderer-files';
import type { WindowFiles } from './server';

/** What Vite writes as each tag's nonce (html.cspNonce); every page load gets its own value. */
const NONCE_SLOT = 'KIKITORI_DEV_NONCE';

/** The window's policy with inline script and style allowed by `nonce` only. */
export function withNonce(policy: string, nonce: string): string {
  return policy
    .replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`)
    .replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`);
}

/** Vite's dev server for the window (vite.config.ts), hot reload on the host's own port. */
export async function viteWindow(server: Server): Promise<WindowFiles> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    appType: 'custom',
    clearScreen: false,
    html: { cspNonce: NONCE_SLOT },
    // No CORS headers: the host already refuses every foreign Origin.
    server: { middlewareMode: true, hmr: { server }, cors: false },
  });
  const indexFile = join(vite.config.root, 'index.html');
  // Every answer but the page's own type: the window's headers (its CSP on the page).
  const { 'Content-Type': _type, ...headers } = rendererHeaders('');

  async function page(res: ServerResponse, pathname: string): Promise<void> {
    const nonce = randomBytes(18).toString('base64url');
    const html = (await vite.transformIndexHtml(pathname, await readFile(indexFile, 'utf8')))
      .replaceAll(NONCE_SLOT, nonce)
      // The page's own <meta> policy is enforced too: it gets the same nonce.
      .replace(
        /(http-equiv="Content-Security-Policy"\s+content=")([^"]*)"/,
        (_match, start: string, policy: string) => `${start}${withNonce(policy, nonce)}"`,
      );
    res.writeHead(200, {
      ...rendererHeaders('text/html; charset=utf-8'),
      'Content-Security-Policy': withNonce(CONTENT_SECURITY_POLICY, nonce),
      'Cache-Control': 'no-store',
    });
    res.end(html);
  }

  return {
    async serve(req: IncomingMessage, res: ServerResponse, pathname: string) {
      if (pathname === '/' || pathname === '/index.html') return page(res, pathname);
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      await new Promise<void>((resolve) => {
        res.on('close', resolve);
        vite.middlewares(req, res, () => {
          res.writeHead(404, rendererHeaders('text/plain; charset=utf-8'));
          res.end();
        });
      });
    },
    close: () => vite.close(),
  };
}

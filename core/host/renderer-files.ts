/**
 * The built renderer's files, as both hosts serve them (Electron's app:// protocol and the web
 * host): which file a path names, with what type, under which headers. Paths that would leave
 * the renderer folder name nothing.
 */
import { isAbsolute, join, normalize, relative, sep } from 'node:path';

/**
 * Everything from the app's own origin, nothing inline, nothing evaluated; no plugins, no frames,
 * no forms posting elsewhere. The renderer reaches the main process through the preload only, so
 * it needs no network access at all (`connect-src 'self'` keeps Vite's module preloads working).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers every answer from the renderer folder carries. */
export function rendererHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export function contentTypeOf(file: string): string {
  const dot = file.lastIndexOf('.');
  return CONTENT_TYPES[dot >= 0 ? file.slice(dot).toLowerCase() : ''] ?? 'application/octet-stream';
}

/**
 * The file a URL path (`/assets/x.js`, percent-encoded) names inside the renderer folder, or
 * undefined when it would leave the folder (`..`, encoded separators, NUL).
 */
export function resolveRendererFile(rendererDir: string, pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.includes('\\')) return undefined;
  if (path === '/' || path === '') path = '/index.html';
  const file = normalize(join(rendererDir, path));
  const inside = relative(rendererDir, file);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    return undefined;
  return file;
}

/** Served as index.html while the renderer has not been built (`npm run build:renderer`). */
export const PLACEHOLDER_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Kikitori</title><p>The Kikitori window has not been built yet; the API answers at /rpc/&lt;channel&gt;.</p></html>';

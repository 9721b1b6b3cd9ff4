/**
 * How the browser gets the one-time address without it ever being on a command line, where any
 * local user can read it (`/proc/<pid>/cmdline`) while it is valid: the address goes into a page
 * only this user can read (`<data>/open/<random>.html`, mode 0600 in a 0700 folder, as Jupyter
 * does), and the browser is given that file's path. The page sends the browser on at once.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A page older than this holds a spent or expired code: it is removed at the next start. */
const STALE_MS = 10 * 60_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Writes the page that sends a browser to `address`; returns its path. */
export async function writeOpenPage(dataDir: string, address: string): Promise<string> {
  const dir = join(dataDir, 'open');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await sweepOpenPages(dir);
  const path = join(dir, `${randomBytes(12).toString('hex')}.html`);
  const href = escapeHtml(address);
  await writeFile(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="referrer" content="no-referrer">` +
      `<meta http-equiv="refresh" content="0;url=${href}"><title>Kikitori</title></head>` +
      `<body><p><a href="${href}">Open Kikitori</a></p></body></html>\n`,
    { mode: 0o600, flag: 'wx' },
  );
  return path;
}

async function sweepOpenPages(dir: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_MS) await rm(path, { force: true });
  }
}

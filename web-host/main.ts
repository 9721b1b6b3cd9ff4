/**
 * `npm run start:web -- [--port <n>] [--no-open] [--data <dir>]`: the core and its handlers over
 * loopback HTTP (the port this data folder last used, else a free one, unless --port says
 * otherwise), one app per data folder. Prints, and
 * opens in the browser named by $BROWSER (else xdg-open) unless --no-open, a one-time address
 * that lets the browser in (see web-host/server.ts); the token stays in the user-only
 * `<data>/instance.json`. A second start on the same data folder hands over to the running one:
 * it prints and opens a new one-time address of that instance, and exits 0. A data folder that
 * cannot be used is one sentence on stderr and exit 1. With --dev (`npm run dev`), the window is
 * served from its sources by Vite, with hot reload (web-host/dev-window.ts). While it holds the
 * data folder it serves the program endpoint too (core/programs/program-endpoint.ts); its start and stop
 * are every host's (core/host/host-start.ts).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AppFailure, appError } from '../shared/domain/errors';
import { errorText } from '../shared/domain/error-text';
import {
  dataDirFrom,
  failWith as fail,
  handOverTo,
  holdDataFolder,
  openOrHandOver,
  stopOnSignals,
} from '../core/host/host-start';
import { writeOpenPage } from '../core/host/open-page';
import { APP_ROOT } from '../core/supervisor/local-service';
import type { Core } from '../core/core';
import { tightenedLine } from '../core/storage/private-folder';
import { startWebHost } from './server';
import { CODE_LIFETIME_MS, lastPort } from './sessions';

const USAGE = 'usage: npm run start:web -- [--port <n>] [--no-open] [--data <dir>] [--dev]';
/** What the address printed below it is for, and what to do once it no longer works. */
const OPEN_ONCE = `Open this address. It works once, and only for ${CODE_LIFETIME_MS / 60_000} minutes; after that, start Kikitori again as you did (npm start), which prints a new address for this same Kikitori. A tab already open reconnects by itself.`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string' },
      'no-open': { type: 'boolean' },
      data: { type: 'string' },
      dev: { type: 'boolean' },
    },
    strict: true,
  }));
} catch (error) {
  process.stderr.write(`kikitori: ${(error as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
const port = Number(values.port ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`kikitori: --port must be a number from 0 to 65535\n${USAGE}\n`);
  process.exit(2);
}
const dataDir = dataDirFrom(values.data);
const noOpen = values['no-open'] === true;
const dev = values.dev === true;

/**
 * Opens the one-time address through a user-only page in the data folder: only that file's path
 * goes on the browser's command line, which other local users can read (core/host/open-page.ts).
 */
async function openInBrowser(address: string): Promise<void> {
  if (noOpen) return;
  const page = await writeOpenPage(dataDir, address);
  const opener = spawn(process.env.BROWSER || 'xdg-open', [page], {
    stdio: 'ignore',
    detached: true,
  });
  opener.on('error', () => {});
  opener.unref();
}

// Core.open takes the data folder's lock: another live Kikitori on it is handed over to, letting
// the person into that one instead; a command holding it lets go and carries on through this one.
let core: Core;
try {
  // The window records the calls the person starts.
  const opened = await openOrHandOver({ dataDir, calls: 'window' });
  if (opened.kind === 'held') {
    const to = handOverTo(dataDir, opened.running);
    if (to.kind === 'refused') fail(to.error);
    if (to.kind === 'window') {
      console.log(`Kikitori is already open in its window (pid ${to.pid}) for ${dataDir}.`);
    } else {
      console.log(`Kikitori is already running for this data folder. ${OPEN_ONCE}`);
      console.log(to.url);
      await openInBrowser(to.url);
    }
    process.exit(0);
  }
  core = opened.core;
  if (opened.takenFrom !== undefined)
    console.log(
      `Kikitori took the data folder over from the command kikitori (process ${opened.takenFrom}), which carries on through it.`,
    );
} catch (error) {
  fail(error);
}
if (core.dataFolderTightenedFrom !== undefined)
  console.log(tightenedLine(dataDir, core.dataFolderTightenedFrom));
const token = randomBytes(24).toString('base64url');
const hostOn = async (on: number) =>
  startWebHost({
    core,
    port: on,
    token,
    staticDir: process.env.KIKITORI_RENDERER_DIR || join(APP_ROOT, 'dist', 'renderer'),
    ...(dev ? { window: (await import('./dev-window')).viteWindow } : {}),
  });
// With no --port, the port this data folder's tabs know (they keep their sessions per origin),
// so a tab left open reconnects by itself; a free one when that is taken.
const remembered = port === 0 ? await lastPort(dataDir) : undefined;
const host = await (
  remembered === undefined
    ? hostOn(port)
    : hostOn(remembered).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return hostOn(0);
        throw error;
      })
).catch((error: unknown) => {
  // A port asked for and taken: one sentence and its own exit code, as the service does (4).
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
    fail(new AppFailure(appError('port-in-use', { port })), 4);
  return fail(error);
});
// The one-time addresses' token for a second start, and the program endpoint for programs.
const held = await holdDataFolder(core, { host: 'browser', url: host.url, token }).catch(fail);
// Stopping the core releases the data folder's lock.
stopOnSignals(() => Promise.all([core.stop(), host.close(), held.stop()]));

const address = host.openUrl();
console.log(
  `Kikitori is running in browser mode${dev ? ', its window served from the sources with hot reload' : ''}. ${OPEN_ONCE}`,
);
console.log(address);
if (core.keys.notice) console.log(errorText(core.keys.notice, 'en'));
await core.start();
const status = core.supervisor?.current();
console.log(
  `Local service: ${status?.state ?? 'off'}${status?.url ? ` at ${status.url}` : ''}${status?.problem ? ` (${errorText(status.problem, 'en')})` : ''}`,
);
await openInBrowser(address);

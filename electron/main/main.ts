/**
 * The Electron main process: one instance per data folder, the app:// protocol serving the built
 * renderer, the hardened window, IPC from the contract, and the core (with the local service as
 * a utility process). Everything else lives in core/ and is shared with the web host.
 *
 * One instance per data folder twice over: Electron's single-instance lock (keyed on userData,
 * which is the data folder) hands a second window start to this one's `second-instance`; the
 * data-folder lock (core/storage/app-lock.ts, taken by Core.open) also keeps out a web host on the same folder, and when a
 * web host holds it this start opens that instance in the browser instead. A data folder that
 * cannot be used is an error dialog, then quit (which releases the single-instance lock). While it
 * holds the data folder it serves the program endpoint (core/programs/program-endpoint.ts), through the
 * start-up every host shares (core/host/host-start.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BrowserWindow,
  app,
  desktopCapturer,
  dialog,
  ipcMain,
  protocol,
  session,
  shell,
} from 'electron';
import { writeOpenPage } from '../../core/host/open-page';
import type { Core } from '../../core/core';
import {
  asAppError,
  dataDirFrom,
  handOverTo,
  holdDataFolder,
  onStopSignals,
  openOrHandOver,
} from '../../core/host/host-start';
import { mediaResponse } from '../../core/media/media';
import { ChosenFiles } from '../../core/media/media-file';
import { tightenedLine } from '../../core/storage/private-folder';
import { AppFailure, appError, langOf } from '../../shared/domain/errors';
import { errorText } from '../../shared/domain/error-text';
import type { Handover } from '../../core/host/app-instance';
import { PLACEHOLDER_PAGE, contentTypeOf, rendererHeaders } from '../../core/host/renderer-files';
import { forwardEvents, registerIpc, registerLive } from './ipc-registrar';
import { folderDialog, saveDialog } from './save-dialog';
import {
  APP_ENTRY,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  createAppWindow,
  denyPermissions,
  hardenWebContents,
  isAppUrl,
  resolveAppPath,
} from './security';
import { installLoopback } from './loopback';
import { utilityProcessLauncher } from './service-launcher';

// The checkout (or the packaged app's resources): package.json's "main" is dist/app/main.mjs.
const ROOT = app.getAppPath();
const RENDERER_DIR = join(ROOT, 'dist', 'renderer');
const PRELOAD = join(ROOT, 'dist', 'app', 'preload.cjs');

// The same data folder as browser mode (KIKITORI_DATA_DIR or ~/.local/share/kikitori/app), so
// jobs, connections and the local service's data are one set whichever host opens them.
app.setPath('userData', dataDirFrom());
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

if (!app.requestSingleInstanceLock()) {
  // Another Kikitori has this data folder: it shows its window instead.
  app.quit();
} else {
  void start();
}

/** The core, once open: app://kikitori/media/<job id> serves that job's audio from it. */
let openCore: Core | undefined;

async function serveApp(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname.startsWith('/media/')) {
    const id = decodeURIComponent(pathname.slice('/media/'.length));
    return mediaResponse(openCore?.journal.get(id), request);
  }
  const file = resolveAppPath(RENDERER_DIR, request.url);
  if (!file) return new Response('not found', { status: 404 });
  try {
    return new Response(await readFile(file), { headers: rendererHeaders(contentTypeOf(file)) });
  } catch {
    if (file === join(RENDERER_DIR, 'index.html'))
      return new Response(PLACEHOLDER_PAGE, { headers: rendererHeaders(contentTypeOf(file)) });
    return new Response('not found', { status: 404 });
  }
}

/** Shows why Kikitori cannot start, then quits (releasing the single-instance lock). */
function quitWith(error: unknown): void {
  const appErr = asAppError(error);
  const text = errorText(appErr, langOf(app.getLocale()));
  dialog.showErrorBox('Kikitori', appErr.detail ? `${text}\n\n${appErr.detail}` : text);
  app.releaseSingleInstanceLock();
  app.exit(1);
}

/** Another Kikitori holds the data folder: open browser mode's in the browser, or say why not. */
async function handOver(dataDir: string, running: Handover | undefined): Promise<void> {
  const to = handOverTo(dataDir, running);
  // A window holding it would have had Electron's single-instance lock: it does not answer.
  if (to.kind === 'window')
    return quitWith(new AppFailure(appError('app-running', { path: dataDir })));
  if (to.kind === 'refused') return quitWith(to.error);
  // The one-time address goes through a user-only page, never on a command line.
  await shell.openPath(await writeOpenPage(dataDir, to.url));
  app.releaseSingleInstanceLock();
  app.exit(0);
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  await app.whenReady();
  let window: BrowserWindow | undefined;
  let core: Core;
  try {
    // Core.open takes the data folder's lock: another live Kikitori on it is handed over to.
    const opened = await openOrHandOver({
      dataDir,
      serviceLauncher: utilityProcessLauncher(join(ROOT, 'service', 'bin.mjs'), ROOT),
      askSavePath: saveDialog(dialog, () => window, app.getPath('documents')),
      askFolder: folderDialog(dialog, () => window, app.getPath('documents')),
      // The window records the calls the person starts (the app quits with its last window).
      calls: 'window',
    });
    if (opened.kind === 'held') return handOver(dataDir, opened.running);
    core = opened.core;
  } catch (error) {
    return quitWith(error);
  }
  if (core.dataFolderTightenedFrom !== undefined)
    console.log(tightenedLine(dataDir, core.dataFolderTightenedFrom));
  denyPermissions(session.defaultSession);
  // The computer's sound for Live on Windows and macOS (Linux: the core's PulseAudio source).
  installLoopback(session.defaultSession, {
    platform: process.platform,
    desktopCapturer,
    isAppOrigin: isAppUrl,
  });
  protocol.handle(APP_SCHEME, serveApp);
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, (url) => void shell.openExternal(url)),
  );

  let held: Awaited<ReturnType<typeof holdDataFolder>>;
  try {
    // No address: a web host started on this folder says the window is open. Programs reach
    // this core through its program endpoint.
    held = await holdDataFolder(core, { host: 'window' });
  } catch (error) {
    await core.stop();
    return quitWith(error);
  }
  openCore = core;
  const chosen = new ChosenFiles();
  registerIpc(ipcMain, (channel, input, caller) => core.dispatch(channel, input, caller), chosen);
  registerLive(ipcMain, (link) => core.live.open(link));

  const open = () => {
    window = createAppWindow(BrowserWindow, PRELOAD);
    const stop = forwardEvents((listener) => core.subscribe(listener), window.webContents);
    window.once('ready-to-show', () => window?.show());
    const windowId = window.webContents.id;
    window.on('closed', () => {
      stop();
      chosen.forget(String(windowId));
      window = undefined;
    });
    void window.loadURL(APP_ENTRY);
  };
  app.on('second-instance', () => {
    if (!window) return open();
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  open();

  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    event.preventDefault();
    quitting = true;
    // Stopping the core releases the data folder's lock.
    void Promise.all([core.stop(), held.stop()]).finally(() => app.quit());
  });
  // A stop asked by the system (SIGTERM, Ctrl+C) quits as the menu does: the endpoint removed.
  onStopSignals(() => app.quit());
  app.on('window-all-closed', () => app.quit());
  await core.start();
}

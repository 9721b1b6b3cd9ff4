/**
 * The Electron main process: one instance per data folder, the app:// protocol serving the built
 * renderer, the hardened window, IPC from the contract, and the core (with the local service as
 * a utility process). Everything else lives in core/ and is shared with the web host.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BrowserWindow, app, ipcMain, protocol, session, shell } from 'electron';
import { Core, defaultAppDataDir } from '../../core/core';
import { PLACEHOLDER_PAGE, contentTypeOf, rendererHeaders } from '../../core/renderer-files';
import { forwardEvents, registerIpc } from './ipc-registrar';
import {
  APP_ENTRY,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  createAppWindow,
  denyPermissions,
  hardenWebContents,
  resolveAppPath,
} from './security';
import { utilityProcessLauncher } from './service-launcher';

// The checkout (or the packaged app's resources): package.json's "main" is dist/app/main.mjs.
const ROOT = app.getAppPath();
const RENDERER_DIR = join(ROOT, 'dist', 'renderer');
const PRELOAD = join(ROOT, 'dist', 'app', 'preload.cjs');

// The same data folder as browser mode (KIKITORI_DATA_DIR or ~/.local/share/kikitori/app), so
// jobs, connections and the local service's data are one set whichever host opens them.
app.setPath('userData', defaultAppDataDir());
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

if (!app.requestSingleInstanceLock()) {
  // Another Kikitori has this data folder: it shows its window instead.
  app.quit();
} else {
  void start();
}

async function serveApp(request: Request): Promise<Response> {
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

async function start(): Promise<void> {
  await app.whenReady();
  denyPermissions(session.defaultSession);
  protocol.handle(APP_SCHEME, serveApp);
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, (url) => void shell.openExternal(url)),
  );

  const core = await Core.open({
    dataDir: app.getPath('userData'),
    serviceLauncher: utilityProcessLauncher(join(ROOT, 'service', 'bin.mjs'), ROOT),
  });
  registerIpc(ipcMain, (channel, input) => core.invoke(channel, input));

  let window: BrowserWindow | undefined;
  const open = () => {
    window = createAppWindow(BrowserWindow, PRELOAD);
    const stop = forwardEvents((listener) => core.subscribe(listener), window.webContents);
    window.once('ready-to-show', () => window?.show());
    window.on('closed', () => {
      stop();
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
    void core.stop().finally(() => app.quit());
  });
  app.on('window-all-closed', () => app.quit());
  await core.start();
}

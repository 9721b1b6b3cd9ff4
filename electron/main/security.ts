/**
 * The window's security settings, in one place and free of Electron at run time (types only), so
 * that unit tests can assert every one of them without the Electron binary.
 *
 * The renderer is loaded from `app://kikitori/`, a privileged standard scheme served from the
 * built renderer folder: it never runs from `file://` (where every local file would be same-origin)
 * and never from a dev server. It is sandboxed, isolated from the preload, without Node, under a
 * strict CSP; it cannot navigate away, open windows, attach webviews or get any permission.
 */
import type {
  BrowserWindowConstructorOptions,
  HandlerDetails,
  Session,
  WebContents,
  WebFrameMain,
} from 'electron';
import { resolveRendererFile } from '../../core/host/renderer-files';

export const APP_SCHEME = 'app';
export const APP_HOST = 'kikitori';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

/** The privileges of the app:// scheme (registered before the app is ready). */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  corsEnabled: false,
  stream: true,
} as const;

/**
 * Creates the app's window. The options are written out at the `new BrowserWindow` itself, so
 * that every security setting is visible where the window is made (Electronegativity checks them
 * there: tests/security/electronegativity.test.ts). The constructor is passed in, so this module
 * stays free of Electron at run time.
 */
export function createAppWindow<W>(
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => W,
  preloadPath: string,
): W {
  return new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Kikitori',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      experimentalFeatures: false,
      // A middle click would otherwise open a link as a new window (which is denied anyway).
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
    },
  });
}

/** The options createAppWindow gives the window. */
export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return createAppWindow(
    class {
      constructor(readonly options: BrowserWindowConstructorOptions) {}
    },
    preloadPath,
  ).options;
}

/** Whether a URL belongs to the app's own origin. */
export function isAppUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * Whether an IPC message may be served: it must come from the app's own top-level page. A
 * destroyed frame (null), a subframe, or any other origin is refused.
 */
export function isTrustedSender(
  frame: Pick<WebFrameMain, 'url' | 'parent'> | null | undefined,
): boolean {
  return !!frame && frame.parent === null && isAppUrl(frame.url);
}

/** The file an app:// URL names inside the renderer folder, or undefined (other host, `..`). */
export function resolveAppPath(rendererDir: string, url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return undefined;
  return resolveRendererFile(rendererDir, parsed.pathname);
}

/** http(s) links the person clicks open in their browser; nothing else leaves the app. */
export function isExternalLink(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

type Contents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** Blocks navigation away from the app, new windows and webviews. */
export function hardenWebContents(contents: Contents, openExternal: (url: string) => void): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler((details: HandlerDetails) => {
    if (isExternalLink(details.url)) openExternal(details.url);
    return { action: 'deny' };
  });
}

type SessionLike = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
>;

/**
 * The permissions the app's page has, only for the app's own top frame: writing sanitized text to
 * the clipboard (its Copy buttons), notifications (asked for when the person turns on "Notify me
 * when a long job finishes") and the microphone (the Live screen): `media` for audio only, never
 * video; and `display-capture`, which the computer's sound comes through on Windows and macOS
 * (electron/main/loopback.ts answers it; the window keeps the sound and stops the picture at
 * once). Nothing else, from anywhere.
 */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set([
  'clipboard-sanitized-write',
  'notifications',
  'media',
  'display-capture',
]);
export function permissionAllowed(
  permission: string,
  requestingUrl: string | undefined,
  isMainFrame: boolean | undefined,
  /** For `media`: the kinds asked for (a request's mediaTypes, a check's mediaType). */
  mediaTypes: readonly string[] = [],
): boolean {
  const mediaOk =
    permission !== 'media' || (mediaTypes.length > 0 && mediaTypes.every((t) => t === 'audio'));
  return (
    ALLOWED_PERMISSIONS.has(permission) &&
    mediaOk &&
    isMainFrame === true &&
    requestingUrl !== undefined &&
    isAppUrl(requestingUrl)
  );
}

/** Every permission (camera, HID, serial, …) is refused but those above. */
export function denyPermissions(session: SessionLike): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(
      permissionAllowed(
        permission,
        details.requestingUrl,
        details.isMainFrame,
        'mediaTypes' in details ? (details.mediaTypes ?? []) : [],
      ),
    ),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    permissionAllowed(
      permission,
      details.requestingUrl ?? requestingOrigin,
      details.isMainFrame,
      details.mediaType ? [details.mediaType] : [],
    ),
  );
  session.setDevicePermissionHandler(() => false);
}

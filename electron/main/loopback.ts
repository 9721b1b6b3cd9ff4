/**
 * The computer's sound for Live on Windows and macOS: the window asks
 * `getDisplayMedia` for audio (features/live/capture/capture.ts) only when the person picks
 * "Computer sound", and this handler answers it. Windows: the system's loopback audio (what
 * every program plays), with the main screen as the picture Chromium insists on (the window stops
 * that track at once). macOS 15 and later: the system's own picker, where the person chooses what
 * to share and whether its sound comes (macOS asks for the screen recording permission the first
 * time, and says why itself). Older macOS has no loopback: the answer carries no sound, and the
 * window says the shared screen came without its sound. Linux is not served here: the core makes
 * the speakers' monitor an input (core/live/sources/pulse-monitor.ts).
 *
 * Only the app's own page, asking with a gesture (the Start press), gets anything.
 *
 * Electron cannot run on the machines the tests run on: this is type-checked against Electron's
 * own declarations and unit-tested with objects of its API's shapes
 * (tests/unit/electron/loopback.test.ts).
 */
import type { DesktopCapturer, Session, Streams } from 'electron';

type HandlerOf<T> = T extends (handler: infer H, ...rest: infer _) => void ? H : never;
/** The handler `session.setDisplayMediaRequestHandler` takes, as Electron declares it. */
export type DisplayMediaHandler = NonNullable<HandlerOf<Session['setDisplayMediaRequestHandler']>>;

export interface LoopbackDeps {
  readonly platform: NodeJS.Platform;
  readonly desktopCapturer: Pick<DesktopCapturer, 'getSources'>;
  /** Whether a page's origin is the app's own. */
  readonly isAppOrigin: (origin: string) => boolean;
}

/** What answers a page's getDisplayMedia: the screen and, on Windows, the system's sound. */
export function loopbackHandler(deps: LoopbackDeps): DisplayMediaHandler {
  return (request, callback) => {
    if (!deps.isAppOrigin(request.securityOrigin) || !request.audioRequested) {
      callback(null);
      return;
    }
    void deps.desktopCapturer
      .getSources({ types: ['screen'], thumbnailSize: { width: 0, height: 0 } })
      .then(
        (sources) => {
          const screen = sources[0];
          if (!screen) return callback(null);
          const streams: Streams = { video: screen };
          // Windows has loopback capture; elsewhere the answer carries no sound of its own.
          if (deps.platform === 'win32') streams.audio = 'loopback';
          callback(streams);
        },
        () => callback(null),
      );
  };
}

/** Installs the handler on the app's session; macOS 15+ uses its own picker instead. */
export function installLoopback(
  session: Pick<Session, 'setDisplayMediaRequestHandler'>,
  deps: LoopbackDeps,
): void {
  session.setDisplayMediaRequestHandler(loopbackHandler(deps), {
    useSystemPicker: deps.platform === 'darwin',
  });
}

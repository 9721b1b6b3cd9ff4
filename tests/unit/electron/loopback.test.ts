/**
 * The computer's sound on Windows and macOS (electron/main/loopback.ts), without the Electron
 * binary (it cannot be downloaded here): the handler is given requests and sources shaped as
 * Electron's declarations say (the types are Electron's own), and what it answers is checked.
 * Windows gets the system's loopback sound with the screen; macOS asks for its own picker; a page
 * that is not the app's, or asks no sound, gets nothing.
 */
import type {
  DesktopCapturerSource,
  DisplayMediaRequestHandlerHandlerRequest,
  DisplayMediaRequestHandlerOpts,
  Streams,
} from 'electron';
import { describe, expect, it } from 'vitest';
import {
  installLoopback,
  loopbackHandler,
  type DisplayMediaHandler,
  type LoopbackDeps,
} from '../../../electron/main/loopback';
import { APP_ORIGIN, isAppUrl, permissionAllowed } from '../../../electron/main/security';

const screen = {
  id: 'screen:0:0',
  name: 'Entire screen',
  display_id: '0',
} as unknown as DesktopCapturerSource;

function deps(platform: NodeJS.Platform, sources: DesktopCapturerSource[] = [screen]) {
  const asked: unknown[] = [];
  const given: LoopbackDeps = {
    platform,
    desktopCapturer: {
      getSources: async (options) => {
        asked.push(options);
        return sources;
      },
    },
    isAppOrigin: isAppUrl,
  };
  return { given, asked };
}

const request = (
  overrides: Partial<DisplayMediaRequestHandlerHandlerRequest> = {},
): DisplayMediaRequestHandlerHandlerRequest => ({
  frame: null,
  securityOrigin: APP_ORIGIN,
  videoRequested: true,
  audioRequested: true,
  userGesture: true,
  ...overrides,
});

const answer = (handler: DisplayMediaHandler, req: DisplayMediaRequestHandlerHandlerRequest) =>
  new Promise<Streams | null>((resolve) => handler(req, resolve));

describe('the computer sound handler (Electron)', () => {
  it('on Windows answers the screen with the system’s loopback sound', async () => {
    const { given, asked } = deps('win32');
    expect(await answer(loopbackHandler(given), request())).toEqual({
      video: screen,
      audio: 'loopback',
    });
    expect(asked).toEqual([{ types: ['screen'], thumbnailSize: { width: 0, height: 0 } }]);
  });

  it('on macOS uses the system picker; the fallback carries no sound of its own', async () => {
    const installed: Array<DisplayMediaRequestHandlerOpts | undefined> = [];
    const { given } = deps('darwin');
    installLoopback(
      { setDisplayMediaRequestHandler: (_handler, opts) => void installed.push(opts) },
      given,
    );
    expect(installed).toEqual([{ useSystemPicker: true }]);
    expect(await answer(loopbackHandler(given), request())).toEqual({ video: screen });
  });

  it('gives nothing to another origin, to a request without sound, or with no screen', async () => {
    const { given } = deps('win32');
    const handler = loopbackHandler(given);
    expect(await answer(handler, request({ securityOrigin: 'https://example.com' }))).toBeNull();
    expect(await answer(handler, request({ audioRequested: false }))).toBeNull();
    expect(await answer(loopbackHandler(deps('win32', []).given), request())).toBeNull();
    const failing: LoopbackDeps = {
      ...given,
      desktopCapturer: { getSources: () => Promise.reject(new Error('no access')) },
    };
    expect(await answer(loopbackHandler(failing), request())).toBeNull();
  });

  it('lets the app’s own top frame ask for display capture, and nobody else', () => {
    expect(permissionAllowed('display-capture', `${APP_ORIGIN}/index.html`, true)).toBe(true);
    expect(permissionAllowed('display-capture', `${APP_ORIGIN}/index.html`, false)).toBe(false);
    expect(permissionAllowed('display-capture', 'https://example.com/', true)).toBe(false);
  });
});

/**
 * The Electron-only files, without the Electron binary (it cannot be downloaded here): the window
 * options, navigation and permission guards, the app:// file mapping, the IPC registrar's sender
 * check, and the preload's bridge. Electron's objects are stood in for by the smallest objects
 * with the same methods; the bundles are built for real and inspected.
 */
import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Core } from '../../../core/core';
import { SessionKeyStore } from '../../../core/key-store/key-store';
import { ChosenFiles } from '../../../core/media/media-file';
import { CONTENT_SECURITY_POLICY } from '../../../core/host/renderer-files';
import { forwardEvents, registerIpc } from '../../../electron/main/ipc-registrar';
import {
  APP_ENTRY,
  denyPermissions,
  hardenWebContents,
  resolveAppPath,
  windowOptions,
} from '../../../electron/main/security';
import { buildBridge } from '../../../electron/preload/bridge';
import { appError } from '../../../shared/domain/errors';
import { CHANNELS, EVENTS } from '../../../shared/ipc/contract';
import { CHANNEL_NAMES, CHOSEN_FILE_MESSAGE, EVENT_NAMES } from '../../../shared/ipc/names';
import { wavHeader } from '../../support/wav-header';

describe('window factory', () => {
  it('isolates the renderer: context isolation, sandbox, no Node, no webviews', () => {
    const options = windowOptions('/app/preload.cjs');
    expect(options.show).toBe(false);
    expect(options.webPreferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      experimentalFeatures: false,
    });
  });

  it('has a CSP with nothing inline, nothing evaluated, and nothing from elsewhere', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => {
        const [name, ...values] = d.split(' ');
        return [name!, values];
      }),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|\*|http:|https:/);
    expect(APP_ENTRY).toBe('app://kikitori/index.html');
  });

  it('blocks navigation away from the app and new windows; opens web links in the browser', () => {
    const contents = new EventEmitter() as EventEmitter & {
      setWindowOpenHandler: (h: (d: { url: string }) => { action: string }) => void;
      openHandler?: (d: { url: string }) => { action: string };
    };
    contents.setWindowOpenHandler = (handler) => (contents.openHandler = handler);
    const opened: string[] = [];
    hardenWebContents(contents as never, (url) => opened.push(url));
    const navigate = (name: string, url: string) => {
      let prevented = false;
      contents.emit(name, { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(navigate('will-navigate', 'app://kikitori.evil/index.html')).toBe(true);
    expect(navigate('will-navigate', 'app://kikitori/index.html#jobs')).toBe(false);
    expect(navigate('will-redirect', 'http://127.0.0.1:1/')).toBe(true);
    expect(navigate('will-attach-webview', 'app://kikitori/')).toBe(true);
    expect(contents.openHandler!({ url: 'https://www.amivoice.com/' })).toEqual({
      action: 'deny',
    });
    expect(contents.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://www.amivoice.com/']);
  });

  it('denies every permission request and check but clipboard writes, notifications and the microphone, from the app', () => {
    const handlers: Record<string, (...args: unknown[]) => unknown> = {};
    denyPermissions({
      setPermissionRequestHandler: (h: never) => (handlers.request = h),
      setPermissionCheckHandler: (h: never) => (handlers.check = h),
      setDevicePermissionHandler: (h: never) => (handlers.device = h),
    });
    const page = { requestingUrl: 'app://kikitori/index.html', isMainFrame: true };
    const ask = (permission: string, details: object) => {
      let granted: boolean | undefined;
      handlers.request!({}, permission, (answer: boolean) => (granted = answer), details);
      return granted;
    };
    // media with no kind named, or video (alone or with audio), is refused like the rest.
    for (const [permission, details] of [
      ['media', page],
      ['media', { ...page, mediaTypes: ['video'], mediaType: 'video' }],
      ['media', { ...page, mediaTypes: ['audio', 'video'] }],
      ['geolocation', page],
      ['clipboard-read', page],
      ['hid', page],
      ['openExternal', page],
    ] as const) {
      expect(ask(permission, details), `${permission} ${JSON.stringify(details)}`).toBe(false);
      expect(handlers.check!({}, permission, 'app://kikitori', details)).toBe(false);
    }
    for (const permission of ['geolocation', 'clipboard-read', 'hid', 'openExternal']) {
      expect(ask(permission, page), permission).toBe(false);
      expect(handlers.check!({}, permission, 'app://kikitori', page)).toBe(false);
    }
    expect(handlers.device!({})).toBe(false);
    // The microphone, for the Live screen: audio only, the app's own top frame only.
    const audio = { mediaTypes: ['audio'], mediaType: 'audio' };
    expect(ask('media', { ...page, ...audio })).toBe(true);
    expect(handlers.check!({}, 'media', 'app://kikitori', { ...page, mediaType: 'audio' })).toBe(
      true,
    );
    for (const other of [
      { requestingUrl: 'app://kikitori/index.html', isMainFrame: false, ...audio },
      { requestingUrl: 'https://evil.example/', isMainFrame: true, ...audio },
      { requestingUrl: 'app://kikitori.evil/index.html', isMainFrame: true, ...audio },
      audio,
    ]) {
      expect(ask('media', other), JSON.stringify(other)).toBe(false);
      expect(handlers.check!({}, 'media', 'https://evil.example', other)).toBe(false);
    }
    // The Copy buttons (sanitized clipboard writes) and "Notify me when a long job finishes",
    // for the app's own top frame only.
    for (const permission of ['clipboard-sanitized-write', 'notifications']) {
      expect(ask(permission, page), permission).toBe(true);
      expect(handlers.check!({}, permission, 'app://kikitori', page), permission).toBe(true);
      for (const other of [
        { requestingUrl: 'app://kikitori/index.html', isMainFrame: false },
        { requestingUrl: 'https://evil.example/', isMainFrame: true },
        { requestingUrl: 'app://kikitori.evil/index.html', isMainFrame: true },
        {},
      ]) {
        expect(ask(permission, other), JSON.stringify(other)).toBe(false);
        expect(handlers.check!({}, permission, 'https://evil.example', other)).toBe(false);
      }
    }
  });

  it('maps app:// URLs to files inside the renderer folder only', () => {
    const dir = '/opt/kikitori/dist/renderer';
    expect(resolveAppPath(dir, 'app://kikitori/')).toBe(`${dir}/index.html`);
    expect(resolveAppPath(dir, 'app://kikitori/assets/index-1a2b.js')).toBe(
      `${dir}/assets/index-1a2b.js`,
    );
    expect(resolveAppPath(dir, 'app://kikitori/a%20b.css')).toBe(`${dir}/a b.css`);
    // The URL parser already folds dot segments, so these stay inside the folder.
    expect(resolveAppPath(dir, 'app://kikitori/../../../etc/passwd')).toBe(`${dir}/etc/passwd`);
    expect(resolveAppPath(dir, 'app://kikitori/%2e%2e/%2e%2e/etc/passwd')).toBe(
      `${dir}/etc/passwd`,
    );
    for (const bad of [
      'app://kikitori/..%2f..%2fetc/passwd',
      'app://kikitori/assets%5c..%5c..%5csecret',
      'app://kikitori/a%00.js',
      'app://kikitori/%E0%A4%A',
      'app://other/index.html',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(resolveAppPath(dir, bad), bad).toBeUndefined();
    }
  });
});

/** ipcMain as the registrar uses it: `handle` for the channels, `on` for the preload's message. */
function fakeIpcMain() {
  const handlers = new Map<string, (event: unknown, input: unknown) => Promise<unknown>>();
  const messages = new Map<
    string,
    (event: { returnValue?: unknown }, ...args: unknown[]) => void
  >();
  const ipcMain = {
    handle: (channel: string, h: unknown) => void handlers.set(channel, h as never),
    on: (channel: string, h: unknown) => {
      messages.set(channel, h as never);
      return ipcMain;
    },
  } as unknown as Parameters<typeof registerIpc>[0];
  /** What the preload's sendSync gets back from the main process. */
  const send = (channel: string, event: object, ...args: unknown[]) => {
    const withReturn: { returnValue?: unknown } = { ...event };
    messages.get(channel)!(withReturn, ...args);
    return withReturn.returnValue;
  };
  return { ipcMain, handlers, send };
}

/** An IPC event from window `id` whose top frame is at `url`. */
const fromWindow = (id: number, url = 'app://kikitori/index.html', parent: unknown = null) => ({
  senderFrame: { url, parent },
  sender: { id },
});

describe('IPC registrar', () => {
  function registered() {
    const { ipcMain, handlers } = fakeIpcMain();
    const calls: Array<[string, unknown]> = [];
    const names = registerIpc(
      ipcMain,
      (channel, input) => {
        calls.push([channel, input]);
        return Promise.resolve({ ok: true, data: { echoed: channel } });
      },
      new ChosenFiles(),
    );
    return { handlers, calls, names };
  }

  it('registers exactly the channels of the contract', () => {
    const { handlers, names } = registered();
    expect([...handlers.keys()].sort()).toEqual(Object.keys(CHANNELS).sort());
    expect(names.sort()).toEqual([...CHANNEL_NAMES].sort());
  });

  it('serves the app’s own top-level page and refuses every other sender', async () => {
    const { handlers, calls } = registered();
    const listJobs = handlers.get('jobs:list')!;
    const frame = (url: string, parent: unknown = null) => fromWindow(1, url, parent);
    expect(await listJobs(frame('app://kikitori/index.html#jobs'), {})).toEqual({
      ok: true,
      data: { echoed: 'jobs:list' },
    });
    for (const sender of [
      frame('https://evil.example/'),
      frame('file:///home/me/page.html'),
      frame('app://kikitori.evil/index.html'),
      frame('app://kikitori/index.html', { url: 'app://kikitori/index.html' }),
      { senderFrame: null, sender: { id: 1 } },
    ]) {
      const answer = await listJobs(sender, {});
      expect(answer, JSON.stringify(sender)).toMatchObject({
        ok: false,
        error: { code: 'forbidden', params: {}, detail: expect.any(String) },
      });
    }
    expect(calls).toEqual([['jobs:list', {}]]);
  });

  it('answers bad input from the app’s page with invalid-input, as the web host does', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kikitori-registrar-'));
    const core = await Core.open({
      dataDir,
      keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
      localService: false,
    });
    try {
      const { ipcMain, handlers } = fakeIpcMain();
      registerIpc(
        ipcMain,
        (c, input, caller) => core.dispatch(c, input, caller),
        new ChosenFiles(),
      );
      const own = fromWindow(1);
      expect(await handlers.get('jobs:get')!(own, { id: 42 })).toMatchObject({
        ok: false,
        error: { code: 'invalid-input', detail: expect.stringMatching(/^jobs:get: id: /) },
      });
      expect(
        await handlers.get('jobs:get')!({ senderFrame: null, sender: { id: 1 } }, { id: 42 }),
      ).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    } finally {
      await core.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('takes from the window no path: only the reference the main process gave for a file the person dropped or picked, in that window', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kikitori-registrar-'));
    const core = await Core.open({
      dataDir,
      keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
      localService: false,
    });
    try {
      const wav = join(dataDir, 'talk.wav');
      await writeFile(wav, Buffer.concat([wavHeader(3200), Buffer.alloc(3200)]));
      const { ipcMain, handlers, send } = fakeIpcMain();
      registerIpc(
        ipcMain,
        (c, input, caller) => core.dispatch(c, input, caller),
        new ChosenFiles(),
      );
      const transcribe = handlers.get('transcribe:files')!;
      const notChosen = (path: string) => ({
        ok: false,
        error: { code: 'file-refused', params: { path, reason: 'not-chosen' } },
      });
      // The window names no path, not even one the person chose: refused, nothing journaled.
      expect(await transcribe(fromWindow(1), { paths: [wav] })).toMatchObject(notChosen(wav));
      // A frame that is not the app's own top page cannot hand over a path.
      expect(send(CHOSEN_FILE_MESSAGE, fromWindow(1, 'https://evil.example/'), wav)).toBe('');
      expect(send(CHOSEN_FILE_MESSAGE, fromWindow(1), 42)).toBe('');
      expect(send(CHOSEN_FILE_MESSAGE, fromWindow(1), '')).toBe('');
      // Dropped in window 1: the preload gets an opaque reference, never the path back.
      const chosen = send(CHOSEN_FILE_MESSAGE, fromWindow(1), wav) as string;
      expect(chosen).toMatch(/^[0-9a-f-]{36}$/);
      expect(chosen).not.toContain('talk');
      expect(await transcribe(fromWindow(1), { paths: [wav] })).toMatchObject(notChosen(wav));
      expect(await transcribe(fromWindow(1), { files: ['made-up'] })).toMatchObject(
        notChosen('made-up'),
      );
      // The reference resolves for window 1 only.
      expect(await transcribe(fromWindow(2), { files: [chosen] })).toMatchObject(notChosen(chosen));
      expect(core.journal.list()).toEqual([]);
      expect(await transcribe(fromWindow(1), { files: [chosen] })).toMatchObject({
        ok: true,
        data: { jobs: [{ file: { path: wav, container: 'wav' } }] },
      });
      expect(core.journal.list()).toHaveLength(1);
    } finally {
      await core.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('saves an export through the host’s save dialog for the app’s page only', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'kikitori-registrar-'));
    const asked: string[] = [];
    const core = await Core.open({
      dataDir,
      keyStore: new SessionKeyStore(appError('keychain-unavailable', {}, 'tests')),
      localService: false,
      askSavePath: async ({ fileName }) => {
        asked.push(fileName);
        return join(dataDir, `chosen-${fileName}`);
      },
    });
    try {
      const { ipcMain, handlers } = fakeIpcMain();
      registerIpc(
        ipcMain,
        (c, input, caller) => core.dispatch(c, input, caller),
        new ChosenFiles(),
      );
      const save = handlers.get('export:save')!;
      const own = fromWindow(1);
      const request = { fileName: 'words.tsv', text: '会議\tかいぎ\n', format: 'tsv' };
      expect(await save({ senderFrame: null, sender: { id: 1 } }, request)).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
      expect(await save(own, { ...request, fileName: '../../etc/words.tsv' })).toMatchObject({
        ok: false,
        error: { code: 'invalid-input', detail: expect.stringMatching(/^export:save: fileName/) },
      });
      expect(asked).toEqual([]);
      const path = join(dataDir, 'chosen-words.tsv');
      expect(await save(own, request)).toEqual({ ok: true, data: { saved: true, path } });
      expect(asked).toEqual(['words.tsv']);
      expect(await readFile(path, 'utf8')).toBe('会議\tかいぎ\n');
      // A transcript is the core's to render: a text the window made is no transcript export.
      expect(await save(own, { ...request, fileName: 'talk.srt', format: 'srt' })).toMatchObject({
        ok: false,
        error: { code: 'invalid-input' },
      });
    } finally {
      await core.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('forwards core events to the window while it exists', () => {
    const sent: Array<[string, unknown]> = [];
    let destroyed = false;
    let listener: ((event: never, payload: unknown) => void) | undefined;
    const stop = forwardEvents(
      (l) => {
        listener = l;
        return () => (listener = undefined);
      },
      {
        send: (channel: string, payload: unknown) => sent.push([channel, payload]),
        isDestroyed: () => destroyed,
      },
    );
    listener!('jobs:removed' as never, { id: 'a' });
    destroyed = true;
    listener!('jobs:removed' as never, { id: 'b' });
    stop();
    expect(listener).toBeUndefined();
    expect(sent).toEqual([['event:jobs:removed', { id: 'a' }]]);
  });
});

describe('preload bridge', () => {
  it('has one named method per channel, grouped by domain, and no generic invoke', async () => {
    const invoked: Array<[string, unknown]> = [];
    const bridge = buildBridge({
      invoke: async (channel, input) => {
        invoked.push([channel, input]);
        return { ok: true, data: null };
      },
      subscribe: () => () => {},
      chosenFile: () => 'ref',
      openLive: () => {
        throw new Error('not opened here');
      },
    });
    const methods = Object.entries(bridge)
      .filter(([, value]) => typeof value === 'object')
      .flatMap(([domain, group]) =>
        Object.keys(group as object).map((verb) => `${domain}:${verb}`),
      );
    expect(methods.sort()).toEqual(Object.keys(CHANNELS).sort());
    expect(Object.keys(bridge)).not.toContain('invoke');
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.isFrozen(bridge.jobs)).toBe(true);
    expect(await bridge.jobs.get({ id: 'j1' })).toMatchObject({ ok: true });
    expect(
      await bridge.dictionary.getWords({ engine: '-a-general-en', profileId: 'p' }),
    ).toMatchObject({ ok: true });
    expect(await bridge.jobs.list({})).toMatchObject({ ok: true });
    expect(invoked).toEqual([
      ['jobs:get', { id: 'j1' }],
      ['dictionary:getWords', { engine: '-a-general-en', profileId: 'p' }],
      ['jobs:list', {}],
    ]);
  });

  it('subscribes to the contract’s events only', () => {
    const subscribed: string[] = [];
    const bridge = buildBridge({
      invoke: async () => null,
      subscribe: (event) => {
        subscribed.push(event);
        return () => {};
      },
      chosenFile: () => 'ref',
      openLive: () => {
        throw new Error('not opened here');
      },
    });
    for (const event of EVENT_NAMES) bridge.on(event, () => {});
    expect(subscribed).toEqual(Object.keys(EVENTS));
    expect(() => bridge.on('keys:reveal' as never, () => {})).toThrow(/no event keys:reveal/);
  });
});

describe('bundles', () => {
  it('builds a preload that requires nothing but electron, and a main process in ESM', async () => {
    await promisify(execFile)(process.execPath, ['scripts/build-app.mjs']);
    const preload = await readFile(join('dist', 'app', 'preload.cjs'), 'utf8');
    const required = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(preload).toContain('exposeInMainWorld');
    expect(preload.length).toBeLessThan(20_000);
    const main = await readFile(join('dist', 'app', 'main.mjs'), 'utf8');
    expect(main).toMatch(/from "electron"/);
    expect(main).toContain('registerSchemesAsPrivileged');
  });
});

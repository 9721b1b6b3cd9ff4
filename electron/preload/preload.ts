/**
 * The preload (sandboxed, bundled to one CommonJS file that requires only `electron`): exposes
 * `window.kikitori` built from the IPC contract, and nothing else.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import {
  CHOSEN_FILE_MESSAGE,
  LIVE_AUDIO_PORT_MESSAGE,
  LIVE_OPEN_MESSAGE,
} from '../../shared/ipc/names';
import { buildBridge } from './bridge';

/** The page's window as the preload uses it (its project has Node's types, not the DOM's). */
const page = globalThis as unknown as {
  postMessage(message: unknown, targetOrigin: string, transfer: unknown[]): void;
  readonly location: { readonly origin: string };
};

contextBridge.exposeInMainWorld(
  'kikitori',
  buildBridge({
    invoke: (channel, input) => ipcRenderer.invoke(channel, input),
    subscribe: (event, listener) => {
      const channel = `event:${event}`;
      const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(channel, handler);
      return () => void ipcRenderer.removeListener(channel, handler);
    },
    chosenFile: (file) => {
      // Only a File the person dropped or picked has a path; the main process keeps it and
      // answers the reference the window gets instead ('' for a File the page made up).
      const path = webUtils.getPathForFile(file);
      if (path === '') return '';
      const answer: unknown = ipcRenderer.sendSync(CHOSEN_FILE_MESSAGE, path);
      return typeof answer === 'string' ? answer : '';
    },
    openLive: () => {
      // Two channels to the main process: the link's (JSON text both ways; its end stays here)
      // and the audio's, whose end goes to the page (Electron's documented way: a window
      // message) and from there to the capture's worklet, so audio crosses no main thread.
      const link = new MessageChannel();
      const audio = new MessageChannel();
      ipcRenderer.postMessage(LIVE_OPEN_MESSAGE, null, [link.port2, audio.port2]);
      const audioPortId = crypto.randomUUID();
      page.postMessage({ type: LIVE_AUDIO_PORT_MESSAGE, id: audioPortId }, page.location.origin, [
        audio.port1,
      ]);
      const { port1 } = link;
      const closed = new Set<() => void>();
      port1.addEventListener('close', () => closed.forEach((listener) => listener()));
      port1.start();
      return {
        audioPortId,
        send: (message) => port1.postMessage(message),
        onMessage: (listener) =>
          port1.addEventListener('message', (event: Event) => {
            const data: unknown = (event as MessageEvent).data;
            if (typeof data === 'string') listener(data);
          }),
        onClose: (listener) => void closed.add(listener),
        close: () => {
          port1.close();
          closed.forEach((listener) => listener());
        },
      };
    },
  }),
);

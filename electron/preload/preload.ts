/**
 * The preload (sandboxed, bundled to one CommonJS file that requires only `electron`): exposes
 * `window.kikitori` built from the IPC contract, and nothing else.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { CHOSEN_PATH_MESSAGE, LIVE_OPEN_MESSAGE } from '../../shared/ipc/names';
import { buildBridge } from './bridge';

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
    pathForFile: (file) => {
      // Only a File the person dropped or picked has a path; the main process records it (in
      // order, before the window can name it) as one this window may transcribe.
      const path = webUtils.getPathForFile(file);
      if (path !== '') ipcRenderer.sendSync(CHOSEN_PATH_MESSAGE, path);
      return path;
    },
    openLive: () => {
      // One end stays here, the other goes to the main process; audio crosses as an
      // ArrayBuffer (transferred, never copied into JSON).
      const { port1, port2 } = new MessageChannel();
      ipcRenderer.postMessage(LIVE_OPEN_MESSAGE, null, [port2]);
      const closed = new Set<() => void>();
      port1.addEventListener('close', () => closed.forEach((listener) => listener()));
      port1.start();
      return {
        send: (message) =>
          typeof message === 'string'
            ? port1.postMessage(message)
            : port1.postMessage(message, [message]),
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

/**
 * The preload (sandboxed, bundled to one CommonJS file that requires only `electron`): exposes
 * `window.kikitori` built from the IPC contract, and nothing else.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { CHOSEN_PATH_MESSAGE } from '../../shared/ipc/names';
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
  }),
);

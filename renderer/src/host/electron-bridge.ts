/**
 * The bridge under Electron: `window.kikitori`, which the preload builds from the IPC contract
 * (electron/preload/bridge.ts): a method per channel, the events, a dropped file's reference and
 * the live link's MessagePort.
 */
import type { ChannelOutput, Result } from '../../../shared/ipc/contract';
import { appError } from '../../../shared/domain/errors';
import type { Bridge, Unsubscribe } from './bridge';
import { audioPortFromPreload, liveConnection } from './live-connection';
import { unreachable } from './unreachable';

/** What the preload's `openLive` gives (electron/preload/bridge.ts PreloadLiveLink). */
interface PreloadLiveLink {
  send(message: string): void;
  onMessage(listener: (message: string) => void): void;
  onClose(listener: () => void): void;
  close(): void;
  /** The id of the window message that brings the audio port (LIVE_AUDIO_PORT_MESSAGE). */
  readonly audioPortId: string;
}

type ElectronMethod = (input: unknown) => Promise<unknown>;
interface ElectronKikitori {
  readonly [domain: string]: unknown;
  on(event: string, listener: (payload: unknown) => void): Unsubscribe;
  chosenFile(file: File): string;
  openLive(): PreloadLiveLink;
}

declare global {
  interface Window {
    kikitori?: ElectronKikitori;
  }
}

export function electronBridge(api: ElectronKikitori): Bridge {
  return {
    mode: 'electron',
    async call(channel, input) {
      const [domain, verb] = channel.split(':') as [string, string];
      const method = (api[domain] as Record<string, ElectronMethod> | undefined)?.[verb];
      if (!method) return unreachable(`no method for ${channel}`);
      try {
        return (await method(input)) as Result<ChannelOutput<typeof channel>>;
      } catch (error) {
        return unreachable((error as Error).message);
      }
    },
    on: (event, listener) => api.on(event, listener as (payload: unknown) => void),
    async chosenFile(file) {
      const chosen = api.chosenFile(file);
      if (chosen !== '') return { ok: true, data: chosen };
      // A File the page made up has no path: nothing the person chose.
      const refused = { path: file.name, name: file.name, reason: 'not-chosen' } as const;
      return { ok: false, error: appError('file-refused', refused) };
    },
    mediaUrl: (jobId) => Promise.resolve(`app://kikitori/media/${encodeURIComponent(jobId)}`),
    // The preload's channel cannot drop while the window lives, nor its session end.
    onReachable: () => () => {},
    onSessionEnded: () => () => {},
    openLive: () => {
      const link = api.openLive();
      return liveConnection(
        async ({ message, closed }) => {
          link.onMessage(message);
          link.onClose(closed);
          return { send: (text) => link.send(text), close: () => link.close() };
        },
        audioPortFromPreload(window, link.audioPortId).then((port) =>
          port ? { port, transfer: false } : undefined,
        ),
      );
    },
  };
}

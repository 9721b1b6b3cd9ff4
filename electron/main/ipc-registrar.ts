/**
 * Registers one `ipcMain.handle` per channel of the IPC contract (docs/architecture.md §4). Each call is
 * served only when it comes from the app's own top-level page; the core then validates the input
 * against the channel's schema and answers a Result. Core events go to the window as
 * `event:<name>`.
 */
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, WebContents } from 'electron';
import type { Caller } from '../../core/core';
import type { ChosenFiles } from '../../core/media/media-file';
import { appError } from '../../shared/domain/errors';
import type { EventName, Result } from '../../shared/ipc/contract';
import type { LiveLink } from '../../shared/ipc/live';
import { CHANNEL_NAMES, CHOSEN_FILE_MESSAGE, LIVE_OPEN_MESSAGE } from '../../shared/ipc/names';
import type { LiveInbound } from '../../core/live/live-session';
import { isTrustedSender } from './security';

export type Invoke = (channel: string, input: unknown, caller: Caller) => Promise<Result<unknown>>;
type Sender = Pick<IpcMainInvokeEvent, 'senderFrame'> & {
  readonly sender: Pick<WebContents, 'id'>;
};

/** The IPC name of a core event. */
export const eventChannel = (event: EventName) => `event:${event}`;

/**
 * The window is trusted with no path: the preload hands each path it read off a File the person
 * dropped or picked to `chosen` (core/media/media-file.ts), and the window gets an opaque reference,
 * which is all it may name; the core resolves it, for that window only.
 */
export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'on'>,
  invoke: Invoke,
  chosen: Pick<ChosenFiles, 'choose' | 'policy'>,
): string[] {
  ipcMain.on(
    CHOSEN_FILE_MESSAGE,
    (event: Pick<IpcMainEvent, 'senderFrame' | 'returnValue'> & Sender, path: unknown) => {
      const trusted = isTrustedSender(event.senderFrame) && typeof path === 'string' && path !== '';
      // The reference, or '' (refused): never the path back.
      event.returnValue = trusted ? chosen.choose(String(event.sender.id), path) : '';
    },
  );
  const channels = [...CHANNEL_NAMES];
  for (const channel of channels) {
    ipcMain.handle(channel, async (event: Sender, input) => {
      if (!isTrustedSender(event.senderFrame)) {
        return {
          ok: false,
          error: appError('forbidden', {}, event.senderFrame?.url || '(closed frame)'),
        } satisfies Result<never>;
      }
      return invoke(channel, input, {
        paths: chosen.policy(String(event.sender.id)),
        folders: 'picker',
      });
    });
  }
  return channels;
}

/** Sends every core event to the window while it exists; returns the unsubscribe. */
export function forwardEvents(
  subscribe: (listener: (event: EventName, payload: unknown) => void) => () => void,
  contents: Pick<WebContents, 'send' | 'isDestroyed'>,
): () => void {
  return subscribe((event, payload) => {
    if (contents.isDestroyed()) return;
    contents.send(eventChannel(event), payload);
  });
}

/** What a MessagePortMain offers that the live link uses. */
export interface LivePort {
  on(event: 'message', listener: (message: { data: unknown }) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  postMessage(message: unknown): void;
  start(): void;
  close(): void;
}

/**
 * The live link (shared/ipc/live.ts): the preload posts one end of each of two MessageChannels,
 * the link's (JSON text both ways) and the audio's (what the window's capture worklet writes:
 * ArrayBuffers of audio, and `pause`, `resume`, `stop` as JSON among them). A session runs over
 * the pair when it comes from the app's own top-level page; otherwise both are closed unused. The
 * audio port is read from the link's first message on (its `start`), so nothing the worklet
 * wrote can overtake it. The link's port closing ends the session (cut off, unless it stopped).
 * The core's limits on live links hold here as for the web host (core/live/live-sessions.ts): at
 * most 3 open at once, and one that says no `start` within 10 s is closed, both ports with it.
 */
export function registerLive(
  ipcMain: Pick<IpcMain, 'on'>,
  open: (link: LiveLink) => LiveInbound,
): void {
  ipcMain.on(
    LIVE_OPEN_MESSAGE,
    (event: Pick<IpcMainEvent, 'senderFrame'> & { readonly ports: readonly LivePort[] }) => {
      const [port, audio, ...more] = event.ports;
      // The preload sends two; any more are not used, and are let go.
      for (const p of more) p.close();
      if (!port) return;
      if (!isTrustedSender(event.senderFrame)) {
        port.close();
        audio?.close();
        return;
      }
      const inbound = open({
        send: (message) => port.postMessage(JSON.stringify(message)),
        close: () => {
          port.close();
          audio?.close();
        },
      });
      const receive = (data: unknown) => {
        if (typeof data === 'string') inbound.text(data);
        else if (data instanceof ArrayBuffer) inbound.audio(new Uint8Array(data));
        else if (ArrayBuffer.isView(data))
          inbound.audio(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        else inbound.text('');
      };
      let audioStarted = false;
      port.on('message', ({ data }) => {
        receive(data);
        if (!audioStarted && audio) {
          audioStarted = true;
          audio.start();
        }
      });
      audio?.on('message', ({ data }) => receive(data));
      port.on('close', () => inbound.closed());
      port.start();
    },
  );
}

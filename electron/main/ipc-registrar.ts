/**
 * Registers one `ipcMain.handle` per channel of the IPC contract (docs/architecture.md §4). Each call is
 * served only when it comes from the app's own top-level page; the core then validates the input
 * against the channel's schema and answers a Result. Core events go to the window as
 * `event:<name>`.
 */
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, WebContents } from 'electron';
import type { Caller } from '../../core/core';
import type { ChosenPaths } from '../../core/media-file';
import { appError } from '../../shared/domain/errors';
import type { EventName, Result } from '../../shared/ipc/contract';
import { CHANNEL_NAMES, CHOSEN_PATH_MESSAGE } from '../../shared/ipc/names';
import { isTrustedSender } from './security';

export type Invoke = (channel: string, input: unknown, caller: Caller) => Promise<Result<unknown>>;
type Sender = Pick<IpcMainInvokeEvent, 'senderFrame'> & {
  readonly sender: Pick<WebContents, 'id'>;
};

/** The IPC name of a core event. */
export const eventChannel = (event: EventName) => `event:${event}`;

/**
 * The window is trusted with no path of its own making: it may name only the files the preload
 * saw the person drop or pick in that window (`chosen`, core/media-file.ts).
 */
export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'on'>,
  invoke: Invoke,
  chosen: ChosenPaths,
): string[] {
  ipcMain.on(
    CHOSEN_PATH_MESSAGE,
    (event: Pick<IpcMainEvent, 'senderFrame' | 'returnValue'> & Sender, path: unknown) => {
      const trusted = isTrustedSender(event.senderFrame) && typeof path === 'string';
      if (trusted) chosen.record(event.sender.id, path);
      event.returnValue = trusted;
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
      return invoke(channel, input, { paths: chosen.policy(event.sender.id) });
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

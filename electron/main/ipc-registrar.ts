/**
 * Registers one `ipcMain.handle` per channel of the IPC contract (docs/architecture.md §4). Each call is
 * served only when it comes from the app's own top-level page; the core then validates the input
 * against the channel's schema and answers a Result. Core events go to the window as
 * `event:<name>`.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { appError } from '../../shared/domain/errors';
import type { EventName, Result } from '../../shared/ipc/contract';
import { CHANNEL_NAMES } from '../../shared/ipc/names';
import { isTrustedSender } from './security';

export type Invoke = (channel: string, input: unknown) => Promise<Result<unknown>>;

/** The IPC name of a core event. */
export const eventChannel = (event: EventName) => `event:${event}`;

export function registerIpc(ipcMain: Pick<IpcMain, 'handle'>, invoke: Invoke): string[] {
  const channels = [...CHANNEL_NAMES];
  for (const channel of channels) {
    ipcMain.handle(channel, async (event: Pick<IpcMainInvokeEvent, 'senderFrame'>, input) => {
      if (!isTrustedSender(event.senderFrame)) {
        return {
          ok: false,
          error: appError('forbidden', {}, event.senderFrame?.url || '(closed frame)'),
        } satisfies Result<never>;
      }
      return invoke(channel, input);
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

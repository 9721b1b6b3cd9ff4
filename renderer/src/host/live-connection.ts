/**
 * A live session's link as the store uses it, over whatever carries its text (Electron's
 * MessagePort through the preload, or the web host's WebSocket in a Worker) and a port for its
 * audio; and the audio port the preload hands over.
 */
import { liveEventSchema, type LiveClientMessage, type LiveEvent } from '../../../shared/ipc/live';
import { LIVE_AUDIO_PORT_MESSAGE } from '../../../shared/ipc/names';
import type { Unsubscribe } from './bridge';

/** One live session's link, as the store uses it. */
export interface LiveConnection {
  /** The link's own text: `start` (and `stop` when the capture could not say it). */
  send(message: LiveClientMessage): void;
  /**
   * The port the audio goes into, for the capture's worklet to write (capture-core.ts): LSB16K
   * ArrayBuffers and, among them, `pause`, `resume` and `stop` as JSON. Undefined when the link
   * could not give one. The audio never passes through the window's main thread.
   */
  audioPort(): Promise<LiveAudioPort | undefined>;
  onEvent(listener: (event: LiveEvent) => void): Unsubscribe;
  /** The link closed: after `stopped`, or cut off (the host went away). */
  onClose(listener: () => void): Unsubscribe;
  close(): void;
}

/** The link's audio port, and whether its other end takes transferred ArrayBuffers. */
export interface LiveAudioPort {
  readonly port: MessagePort;
  /**
   * A Worker does; Electron's MessagePortMain loses a transferred ArrayBuffer's data
   * (electron/electron#34905), so under Electron each chunk is copied (3.2 KB).
   */
  readonly transfer: boolean;
}

/**
 * A LiveConnection over a link that carries text, and a port for the audio: queues what is sent
 * before the link opens, checks each event against the contract (a malformed one is dropped).
 */
export function liveConnection(
  open: (hooks: {
    message: (text: string) => void;
    closed: () => void;
  }) => Promise<{ send: (text: string) => void; close: () => void } | undefined>,
  audio: Promise<LiveAudioPort | undefined>,
): LiveConnection {
  const events = new Set<(event: LiveEvent) => void>();
  const closes = new Set<() => void>();
  let queue: string[] | undefined = [];
  let link: { send: (text: string) => void; close: () => void } | undefined;
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    queue = undefined;
    for (const listener of closes) listener();
  };
  void open({
    message: (text) => {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return;
      }
      const parsed = liveEventSchema.safeParse(json);
      if (parsed.success) for (const listener of events) listener(parsed.data);
    },
    closed: finish,
  })
    .then((opened) => {
      if (!opened) return finish();
      if (closed) return opened.close();
      link = opened;
      for (const data of queue ?? []) opened.send(data);
      queue = undefined;
    })
    // A link that could not be made (no ticket, a Worker that would not start) is closed.
    .catch(finish);
  return {
    send(message) {
      if (closed) return;
      const text = JSON.stringify(message);
      if (link) link.send(text);
      else queue?.push(text);
    },
    audioPort: () => audio,
    onEvent(listener) {
      events.add(listener);
      return () => void events.delete(listener);
    },
    onClose(listener) {
      closes.add(listener);
      if (closed) listener();
      return () => void closes.delete(listener);
    },
    close() {
      link?.close();
      finish();
    },
  };
}

/** How long the preload's audio port may take to arrive before the link is given up. */
const AUDIO_PORT_WAIT_MS = 5_000;

/**
 * The page's end of the live audio channel, which the preload hands over as a window message
 * (Electron's documented way from its world to the page's): only from this window itself, with
 * the id the preload gave the link.
 */
export function audioPortFromPreload(win: Window, id: string): Promise<MessagePort | undefined> {
  return new Promise((resolve) => {
    const done = (port: MessagePort | undefined) => {
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      resolve(port);
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; id?: unknown } | null;
      if (event.source !== win || data?.type !== LIVE_AUDIO_PORT_MESSAGE || data.id !== id) return;
      done(event.ports[0]);
    };
    const timer = setTimeout(() => done(undefined), AUDIO_PORT_WAIT_MS);
    win.addEventListener('message', onMessage);
  });
}

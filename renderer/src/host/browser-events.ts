/**
 * The web host's `/events` stream (Server-Sent Events), opened with a ticket once something
 * listens: each event to its listeners, and whether the host is reachable (the stream dropped or
 * is back). A stream the host closed for good (a new start knows no old ticket) is opened again
 * with another ticket, which also tells whether the session itself is gone.
 */
import type { EventName } from '../../../shared/ipc/contract';
import { EVENT_NAMES } from '../../../shared/ipc/names';
import type { Bridge } from './bridge';
import type { BrowserSession } from './browser-session';

export function hostEvents(session: BrowserSession): Pick<Bridge, 'on' | 'onReachable'> {
  let source: EventSource | undefined;
  let opening = false;
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const reachability = new Set<(reachable: boolean) => void>();
  let reachable = true;
  const tell = (now: boolean) => {
    if (now === reachable) return;
    reachable = now;
    for (const listener of reachability) listener(now);
  };

  /** Opens the event stream with a fresh ticket; again when the host closed it for good. */
  async function openSource(): Promise<void> {
    if (opening || session.hasEnded()) return;
    opening = true;
    const url = await session.ticketed('/events');
    opening = false;
    if (session.hasEnded()) return;
    const stream = new EventSource(url, { withCredentials: false });
    source = stream;
    // EventSource reconnects by itself; these say when it lost and regained the host. Closed
    // means the host refused the stream (a new start knows no old ticket): ask for another,
    // which also tells whether the session itself is gone.
    stream.addEventListener('error', () => {
      tell(false);
      if (stream.readyState === EventSource.CLOSED && source === stream)
        setTimeout(() => void openSource(), 1000);
    });
    stream.addEventListener('open', () => tell(true));
    for (const name of EVENT_NAMES) {
      stream.addEventListener(name, (message) => {
        let payload: unknown;
        try {
          payload = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          return;
        }
        for (const listener of listeners.get(name) ?? []) listener(payload);
      });
    }
  }

  function ensureSource(): void {
    if (!source && !opening) void openSource();
  }

  return {
    on(event, listener) {
      ensureSource();
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const untyped = listener as (payload: unknown) => void;
      set.add(untyped);
      return () => void set.delete(untyped);
    },
    onReachable(listener) {
      ensureSource();
      reachability.add(listener);
      return () => void reachability.delete(listener);
    },
  };
}

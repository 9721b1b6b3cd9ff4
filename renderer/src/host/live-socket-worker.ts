/**
 * The Worker that owns browser mode's live WebSocket (live-relay.ts says what it does and why):
 * only the wiring to the worker's globals. The bridge starts it (bridge.ts, openLive); Vite
 * bundles it as a module of its own, served from 'self' under the window's CSP.
 */
import { relay, type WorkerCommand, type WorkerNews } from './live-relay';

/** The worker scope, typed here: the window's project has DOM types, not the worker's. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerCommand>) => void) | null;
  postMessage(message: WorkerNews): void;
  close(): void;
}

const scope = globalThis as unknown as WorkerScope;
const handle = relay(
  (news) => {
    scope.postMessage(news);
    if (news.type === 'closed') scope.close();
  },
  (url) => new WebSocket(url),
);
scope.onmessage = (event) => handle(event.data);

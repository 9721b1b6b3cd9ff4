/**
 * The only module that talks to the host (docs/architecture.md §2, §4). Under Electron it wraps
 * `window.kikitori` (built by the preload from the IPC contract); in browser mode it calls the web
 * host: `POST /rpc/<channel>`, the `/events` stream, `PUT /uploads` for dropped files (a browser
 * has no paths) and `/media/<job>` for the player (./browser-bridge; Electron's is
 * ./electron-bridge). Every call answers a Result, never throws.
 *
 * Browser-mode auth (web-host/server.ts, ./browser-session): the page arrives with a one-time
 * code in its address (`#open=`), takes it out at once and spends it for a session secret, kept
 * in sessionStorage (this tab only, so a reload works) and sent as a header; the player and the
 * event stream get a ticket for their one URL each. A program's launch token (`#token=`) works
 * too. Nothing rests on a cookie, and nothing secret is logged or left in the address.
 */
import type {
  Channel,
  ChannelInput,
  ChannelOutput,
  EventName,
  EventPayload,
  Result,
} from '../../../shared/ipc/contract';
import { browserBridge } from './browser-bridge';
import { electronBridge } from './electron-bridge';
import type { LiveConnection } from './live-connection';

export { browserBridge } from './browser-bridge';
export { takeOpenCode, takeTokenFromAddress } from './browser-session';
export { audioPortFromPreload } from './live-connection';
export type { LiveAudioPort, LiveConnection } from './live-connection';

export type Unsubscribe = () => void;
export type UploadProgress = (sent: number, total: number) => void;

export interface Bridge {
  readonly mode: 'electron' | 'browser';
  call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): Unsubscribe;
  /**
   * An opaque reference to a dropped or picked file, for transcribe:files (`files`): the window
   * never holds a path. Electron's preload hands the file's path to the main process, which
   * answers the reference; the browser streams the file to the web host, which answers one for
   * where it stored it.
   */
  chosenFile(file: File, onProgress: UploadProgress, signal: AbortSignal): Promise<Result<string>>;
  /** The address the player loads a job's source audio from (with its ticket in browser mode). */
  mediaUrl(jobId: string): Promise<string>;
  /** Whether the host's event stream is up: false when it dropped, true when it is back. */
  onReachable(listener: (reachable: boolean) => void): Unsubscribe;
  /**
   * The host no longer knows this window (it was started again, or the session ended unused):
   * a reload cannot help; the person opens the address the new start gave.
   */
  onSessionEnded(listener: () => void): Unsubscribe;
  /**
   * A live link to the host (shared/ipc/live.ts): Electron's MessagePort through the preload, or
   * the web host's `/live` WebSocket with a ticket. Messages sent before it is open are queued.
   */
  openLive(): LiveConnection;
}

/** The bridge for this window: Electron's preload API when present, else the web host. */
export function hostBridge(): Bridge {
  return window.kikitori ? electronBridge(window.kikitori) : browserBridge();
}

/**
 * What a platform tells the call watcher (core/calls/call-watcher.ts): the streams recording from
 * a microphone right now, each time they change. One interface for every platform, so the
 * watcher's rules (who is asked, when a call has ended) are the same everywhere and each
 * platform's part only says what records:
 * - Linux: PulseAudio's (or pipewire-pulse's) recording streams (pulse-provider.ts);
 * - Windows: the audio sessions of the capture endpoints (windows-provider.ts);
 * - macOS: the input device's "running somewhere" and the processes running input
 *   (mac-provider.ts).
 */
import type { AppError } from '../../shared/domain/errors';

export interface RecordingStream {
  /** The stream's id on this system (a stream index, a session id, a process id). */
  readonly id: string;
  /** The application's name as the system gives it ("Zoom"), as a person reads it. */
  readonly app: string;
  /** The program recording, when the system says it. */
  readonly binary?: string;
  readonly pid?: number;
  /**
   * Kikitori's own capture (its process or a child of it, or a source Kikitori made): never a
   * call.
   */
  readonly own: boolean;
}

export interface CallProviderEvents {
  /** Every stream recording from a microphone, each time they change (and once at start). */
  streams(streams: readonly RecordingStream[]): void;
  /** The platform cannot be watched (no sound server, the helper failed); said once per cause. */
  problem(error: AppError | undefined): void;
}

export interface CallProvider {
  start(events: CallProviderEvents): Promise<void>;
  stop(): Promise<void>;
}

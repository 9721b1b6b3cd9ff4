/**
 * The realtime interface's time limits (docs/api.md §9, [public: limitations]) and this
 * service's own figures. The environment overrides exist for tests: a test of a 60-second
 * limit must not take a minute.
 */
import { REALTIME_LIMITS } from '../../shared/api';

export interface RealtimeLimits {
  /** No frame from the client for this long ends the connection (`e timeout occurred`). */
  readonly noDataMs: number;
  /** No speech in this much audio ends the connection (`p can't feed audio data …`). */
  readonly noSpeechMs: number;
  /** A connection lasts at most this long (`p session timeout occurred`). */
  readonly sessionMaxMs: number;
  /** An utterance is cut and finalized at this length; the rest is a new one. */
  readonly utteranceMaxMs: number;
  /** Interval of `U` events when the client does not set `resultUpdatedInterval` [ours]. */
  readonly defaultUpdateIntervalMs: number;
  /** Audio bytes a session may hold before the socket stops being read [ours]. */
  readonly queueHighWaterBytes: number;
  /** Reply bytes a client may leave unread before its socket stops being read [ours]. */
  readonly maxBufferedBytes: number;
  /** A client that leaves that much unread for this long is closed [ours]. */
  readonly stallMs: number;
  /** A connection with no accepted `s` yet is closed after this long [ours]. */
  readonly unauthenticatedMs: number;
  /** Connections with no accepted `s` yet, at most; past it, upgrades get 503 [ours]. */
  readonly maxUnauthenticated: number;
  /** Realtime connections at most, whatever they are doing; past it, upgrades get 503 [ours]. */
  readonly maxConnections: number;
}

function fromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export function realtimeLimits(): RealtimeLimits {
  return {
    noDataMs: fromEnv('KIKITORI_WRP_NO_DATA_MS', REALTIME_LIMITS.noDataMs),
    noSpeechMs: fromEnv('KIKITORI_WRP_NO_SPEECH_MS', REALTIME_LIMITS.noSpeechMs),
    sessionMaxMs: fromEnv('KIKITORI_WRP_SESSION_MS', REALTIME_LIMITS.sessionMaxMs),
    utteranceMaxMs: fromEnv('KIKITORI_WRP_UTTERANCE_MS', REALTIME_LIMITS.utteranceMaxMs),
    // Often enough that words appear while the person is still speaking; the first `U` comes
    // this long after `C` at the latest.
    defaultUpdateIntervalMs: 400,
    // About 8 s of 16 kHz PCM: the engine keeps up at real time, so only a client sending a
    // file at full speed ever reaches it.
    queueHighWaterBytes: 256 * 1024,
    // Against a local process that sends and never reads (docs/architecture.md §4, "Limits
    // against a hostile local process"): far above what any client leaves unread for long.
    maxBufferedBytes: 1024 * 1024,
    stallMs: fromEnv('KIKITORI_WRP_STALL_MS', 30_000),
    unauthenticatedMs: fromEnv('KIKITORI_WRP_UNAUTHENTICATED_MS', 10_000),
    maxUnauthenticated: fromEnv('KIKITORI_WRP_MAX_UNAUTHENTICATED', 64),
    maxConnections: fromEnv('KIKITORI_WRP_MAX_CONNECTIONS', 256),
  };
}

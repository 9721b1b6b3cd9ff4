/**
 * How a file goes to the service, and why: one rule for the core, which sends it, and the
 * window, which says so. Directly (sync) up to 16,777,215 bytes and the sync length
 * (LIMITS.syncAudioSeconds); as an async job when larger, longer, or with speaker labels on
 * (only jobs give them: a direct request comes back without).
 */
import { LIMITS } from './codes';

export type Route = 'sync' | 'async-size' | 'async-length' | 'async-speakers';

export function routeOf(file: {
  size: number;
  /** The audio's length when known. */
  seconds?: number | undefined;
  speakers: boolean;
}): Route {
  if (file.size > LIMITS.syncAudioBytes) return 'async-size';
  if (file.seconds !== undefined && file.seconds > LIMITS.syncAudioSeconds) return 'async-length';
  if (file.speakers) return 'async-speakers';
  return 'sync';
}

export const modeOf = (route: Route): 'sync' | 'async' => (route === 'sync' ? 'sync' : 'async');

/** Whether a connection's settings ask for speaker labels (`speakerDiarization=True`). */
export const speakerLabelsOn = (settings: Readonly<Record<string, string>>): boolean =>
  /^true$/i.test(settings.speakerDiarization ?? '');

/**
 * Where a file goes: the one routing decision, made once per job by the
 * runner when it makes the job, kept on it (`route`, `mode`) and told to the window with it.
 * Audio the API takes goes sync when it is at most 16,777,215 bytes and at most the sync length
 * (LIMITS.syncAudioSeconds); larger or longer goes async (v2), so a small file of hours is not
 * refused; with speaker labels on always async, since only jobs give them. A container the API
 * does not take (media-formats.ts) is converted to FLAC 16 kHz mono before it is sent: what is
 * sent is that FLAC, whose size follows from the length (core/media/media-tools.ts), so it is routed
 * now, by its length, and never again; one whose length cannot be read goes as a job. A file
 * sent with only its speech (shared/domain/speech-only.ts) is such a FLAC too, at most as long.
 */
import { LIMITS } from '../../shared/api/codes';
import { sentAsIs, type Container } from '../../shared/api/media-formats';
import type { Route } from '../../shared/api/route';
import type { FileHandle } from 'node:fs/promises';
import { audioSeconds, flacBytesAtMost, type MediaInput } from '../media/media-tools';

/**
 * Sync when what is sent is within both sync limits and no speaker labels are asked for; else
 * the first reason it is a job.
 */
export function routeOf(sent: {
  /** The bytes sent; undefined when not known before conversion. */
  size: number | undefined;
  /** The audio's length when known. */
  seconds: number | undefined;
  speakers: boolean;
}): Route {
  // The length first: a converted file's size is only what its length allows.
  if (sent.seconds !== undefined && sent.seconds > LIMITS.syncAudioSeconds) return 'async-length';
  if (sent.size === undefined) return 'async-unknown-length';
  if (sent.size > LIMITS.syncAudioBytes) return 'async-size';
  if (sent.speakers) return 'async-speakers';
  return 'sync';
}

export const modeOf = (route: Route): 'sync' | 'async' => (route === 'sync' ? 'sync' : 'async');

export interface RouteDecision {
  readonly route: Route;
  readonly mode: 'sync' | 'async';
  /** How long the audio is, when that can be told (kept on the job for estimates). */
  readonly seconds: number | undefined;
}

/**
 * The decision for an accepted file: its container (as sniffed), its size, whether only its
 * speech is sent, and whether the connection asks for speaker labels; its length is read from the
 * open file when there is one. `probe` is for tests that must not need ffprobe.
 */
export async function decideRoute(
  file: {
    readonly path: string;
    readonly size: number;
    readonly container: Container;
    readonly handle?: FileHandle;
    readonly speechOnly?: boolean | undefined;
  },
  speakers: boolean,
  probe?: (input: MediaInput) => Promise<number | undefined>,
): Promise<RouteDecision> {
  const input = file.handle ? { handle: file.handle, path: file.path } : file.path;
  const seconds = await audioSeconds(input, probe);
  const converted = !sentAsIs(file.container) || file.speechOnly === true;
  const size = !converted
    ? file.size
    : seconds === undefined
      ? undefined
      : flacBytesAtMost(seconds);
  const route = routeOf({ size, seconds, speakers });
  return { route, mode: modeOf(route), seconds };
}

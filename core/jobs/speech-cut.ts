/**
 * The audio a speech-only job sends: the detector finds where people speak (speech-detector.ts),
 * the plan keeps those stretches with their margins and cuts long gaps down
 * (shared/domain/speech-only.ts), and ffmpeg writes them, one after another, as one FLAC
 * (core/media/media-tools.ts) in the data folder's `converted/`, removed once the job is done as a
 * converted file is. The job keeps the plan, so the result's times map back to the recording,
 * and the cut file's length, which is what the service hears.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppFailure, appError } from '../../shared/domain/errors';
import type { Job } from '../../shared/domain/job';
import { planSpeechCut, sentMs, type SpeechCut } from '../../shared/domain/speech-only';
import { audioSeconds, cutToFlac, type MediaInput } from '../media/media-tools';
import { detectSpeech } from './speech-detector';

export interface SpeechAudio {
  /** The cut file, to send. */
  readonly path: string;
  readonly speech: SpeechCut;
  /** How long the cut file is, by its header. */
  readonly sentSeconds: number;
}

/**
 * What the detector's own ffmpeg opens for the recording: the file already opened and checked,
 * reopened through this process's descriptor (Linux), never the path, which may since name
 * something else; elsewhere the path.
 */
const detectorPath = (input: MediaInput): string =>
  typeof input === 'string'
    ? input
    : process.platform === 'linux'
      ? `/proc/${process.pid}/fd/${input.handle.fd}`
      : input.path;

/**
 * Makes the file `job` sends with only its speech, from `source` (the recording, opened and
 * checked); `no-speech` when nobody speaks in it (nothing is sent then),
 * `speech-detection-failed` or `conversion-failed` when it cannot be read.
 */
export async function speechAudio(
  job: Job,
  dataDir: string,
  signal: AbortSignal,
  source: MediaInput = job.file.path,
): Promise<SpeechAudio> {
  const speech = await detectSpeech(detectorPath(source), signal);
  const heard = speech.at(-1)?.[1] ?? 0;
  // The recording's length as the job was told it; read again if it was not (then at least as
  // long as the last word heard).
  const seconds = job.seconds ?? (await audioSeconds(source));
  const recordingMs = Math.max(heard, Math.round((seconds ?? 0) * 1000));
  const kept = planSpeechCut(speech, recordingMs);
  if (kept.length === 0) throw new AppFailure(appError('no-speech', { name: job.file.name }));
  const dir = join(dataDir, 'converted');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${job.id}.flac`);
  try {
    await cutToFlac(source, kept, path);
    const sent = await audioSeconds(path);
    return {
      path,
      speech: { kept: kept.map(([from, to]) => [from, to]), recordingMs },
      sentSeconds: sent ?? sentMs(kept) / 1000,
    };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

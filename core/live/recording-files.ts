/**
 * Where a live session's files lie (`<data>/recordings/<id>.flac`, the sources kept apart
 * beside it, the journal of finals in `<data>/live/`) and how a recording ffmpeg never finished
 * is made whole.
 *
 * Why a repair: ffmpeg writes FLAC's STREAMINFO (total samples, MD5) only when it finishes, so a
 * recording cut by a crash says its length is unknown, and its last frame may be torn: ffmpeg
 * still decodes it, but ffprobe gives no duration and a player no length to seek in. The repair
 * re-encodes what decodes (seconds per hour of audio) into a finalized FLAC that replaces it; a
 * recording ffmpeg did finalize (its header says its length) is left as it is.
 */
import { randomUUID } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { headerDuration } from '../../shared/api/audio-sniff';
import { LIVE_DIR, RECORDINGS_DIR, SOURCES_SUFFIX } from '../jobs/job-journal';
import { probeSeconds, readHead, reencodeFlac } from '../media/media-tools';

export const recordingPathOf = (dataDir: string, id: string): string =>
  join(dataDir, RECORDINGS_DIR, `${id}.flac`);
/** The sources kept apart: a multi-channel FLAC beside the mix, one per source. */
export const sourcesPathOf = (dataDir: string, id: string): string =>
  join(dataDir, RECORDINGS_DIR, `${id}${SOURCES_SUFFIX}`);
export const finalsPathOf = (dataDir: string, id: string): string =>
  join(dataDir, LIVE_DIR, `${id}.jsonl`);

/** Two digits. */
const two = (n: number) => String(n).padStart(2, '0');

/** "Live 2026-11-25 10-58.flac", in local time: a name a person recognises in a folder. */
export function recordingName(at: number): string {
  const t = new Date(at);
  const date = `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())}`;
  return `Live ${date} ${two(t.getHours())}-${two(t.getMinutes())}.flac`;
}

/** The recording as it lies on disk once its encoder is done. */
export interface AudioFacts {
  readonly size: number;
  readonly seconds: number | undefined;
  /** Absent when nothing playable reached the disk. */
  readonly playable: boolean;
}

export async function sizeOf(path: string): Promise<number> {
  return stat(path).then(
    (info) => info.size,
    () => 0,
  );
}

/**
 * Makes an unfinished recording (a crash, a killed ffmpeg) whole: what decodes is re-encoded to a
 * FLAC whose header says its length, which replaces it. A recording whose header already says its
 * length was finished by ffmpeg and is kept as it is.
 */
export async function repairRecording(path: string): Promise<AudioFacts> {
  const head = await readHead(path).catch(() => undefined);
  if (head && headerDuration(head) !== undefined)
    return { size: await sizeOf(path), seconds: headerDuration(head), playable: true };
  if (!head || head.length === 0) return { size: 0, seconds: undefined, playable: false };
  const temp = join(path, '..', `.${basename(path)}.${randomUUID().slice(0, 8)}.repair.flac`);
  const ok = await reencodeFlac(path, temp);
  const seconds = ok ? await probeSeconds(temp) : undefined;
  if (!ok || seconds === undefined) {
    // Nothing decodes: the file is kept for a person to look at, but not offered to the player.
    await rm(temp, { force: true });
    return { size: await sizeOf(path), seconds: undefined, playable: false };
  }
  await syncFile(temp);
  await rename(temp, path);
  return { size: await sizeOf(path), seconds, playable: true };
}

/** Flushes what ffmpeg wrote of the recording to the disk (fsync acts on the file, not the fd). */
export async function syncFile(path: string): Promise<void> {
  const file = await open(path, 'r').catch(() => undefined);
  if (!file) return;
  try {
    await file.datasync();
  } catch {
    // Some file systems refuse fsync on a read-only descriptor; the journal line is what counts.
  } finally {
    await file.close();
  }
}

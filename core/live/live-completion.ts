/**
 * A live session becomes a completed job: its finals become the transcript, the names given its
 * speakers the job's speaker edits, and the recording's facts the job's file. At the next start,
 * a session whose app died is completed the same way, cut off (`recoverLiveJobs`).
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { applicable, editedTranscript, pushEdit, renameSpeaker } from '../../shared/domain/edits';
import type { Job, Transcript } from '../../shared/domain/job';
import { joinTexts } from '../../shared/format/speakers';
import type { LiveUtterance } from '../../shared/ipc/live';
import { LIVE_DIR, RECORDINGS_DIR, type JobJournal } from '../jobs/job-journal';
import { previewOf } from '../jobs/preview';
import { readLiveJournal } from './live-journal';
import { finalsPathOf, repairRecording, sourcesPathOf, type AudioFacts } from './recording-files';

/** The transcript of a session: its finals in order, their times in recording milliseconds. */
export function transcriptOf(finals: readonly LiveUtterance[]): Transcript {
  const ordered = [...finals].sort((a, b) => a.index - b.index);
  return {
    text: joinTexts(ordered.map((u) => u.text)),
    utterances: ordered.map((u) => ({
      tokens: u.tokens,
      starttime: u.startMs,
      endtime: u.endMs,
      tags: [],
      rulename: '',
      text: u.text,
    })),
  };
}

/**
 * The names given a session's speakers, as the job's speaker edits, so the viewer
 * and exports show them and the viewer can rename them again. Written once: a job that already
 * has edits (a crash after they were written) keeps them. Whether the job's text is edited.
 */
async function nameSpeakers(
  journal: JobJournal,
  id: string,
  transcript: Transcript,
  names: ReadonlyMap<string, string>,
): Promise<boolean> {
  const ops = [...names]
    .filter(([, name]) => name !== '')
    .map(([label, name]) => renameSpeaker(label, name))
    .filter((op) => applicable(transcript, op));
  if (ops.length === 0) return false;
  let history = await journal.readEdits(id);
  if (history.ops.length === 0)
    for (const op of ops) {
      history = pushEdit(history, op);
      await journal.saveEdit(id, { push: op }, history);
    }
  return editedTranscript(transcript, history).edited === true;
}

/**
 * Stores a session's transcript, then completes its job (a job is never completed without its
 * result), then drops its journal of finals.
 */
export async function complete(
  journal: JobJournal,
  job: Job,
  { finals, names }: { finals: readonly LiveUtterance[]; names: ReadonlyMap<string, string> },
  audio: AudioFacts,
  {
    cutOff,
    now,
    dataDir,
    billedSeconds,
  }: { cutOff: boolean; now: number; dataDir: string; billedSeconds?: number },
): Promise<Job> {
  const transcript = transcriptOf(finals);
  const resultFile = await journal.saveResult(job.id, transcript);
  const edited = await nameSpeakers(journal, job.id, transcript, names);
  const lastEnd = Math.max(0, ...finals.map((u) => u.endMs));
  const seconds = audio.seconds ?? (lastEnd > 0 ? lastEnd / 1000 : undefined);
  const file: Job['file'] = { path: job.file.path, name: job.file.name, size: audio.size };
  // Only a recording that plays is offered to the player (core/media/media.ts).
  if (audio.playable) file.container = 'flac';
  const done = await journal.save({
    ...job,
    file,
    status: 'completed',
    resultFile,
    preview: previewOf(transcript.text),
    seconds,
    completedAt: now,
    updatedAt: now,
    cutOff,
    ...(edited && { edited }),
    ...(billedSeconds ? { billedSeconds } : {}),
    error: undefined,
    progress: undefined,
  });
  await rm(finalsPathOf(dataDir, job.id), { force: true });
  return done;
}

/**
 * At start, before jobs are listed or resumed: each live job still `recognizing` belonged to an
 * app that died during its session. It is completed, cut off, from the finals it journaled and
 * the audio that reached the disk (repaired so it plays and says its length). A job that cannot
 * be completed now (a full disk) stays as it is and is tried again at the next start. Recordings
 * and finals no job owns (a crash while a job was removed) are deleted.
 */
export async function recoverLiveJobs(deps: {
  readonly dataDir: string;
  readonly journal: JobJournal;
  readonly emit?: (job: Job) => void;
  readonly now?: () => number;
}): Promise<Job[]> {
  const now = deps.now ?? Date.now;
  const recovered: Job[] = [];
  for (const job of deps.journal.list()) {
    if (job.mode !== 'live' || job.status === 'completed' || job.status === 'failed') continue;
    try {
      const journaled = await readLiveJournal(finalsPathOf(deps.dataDir, job.id));
      const audio = await repairRecording(job.file.path);
      // The sources kept apart, if the session kept them, are made whole the same way.
      const sources = sourcesPathOf(deps.dataDir, job.id);
      if (
        await stat(sources).then(
          () => true,
          () => false,
        )
      )
        // Never in the way of the job's own recovery.
        await repairRecording(sources).catch(() => undefined);
      const done = await complete(deps.journal, job, journaled, audio, {
        cutOff: true,
        now: now(),
        dataDir: deps.dataDir,
      });
      deps.emit?.(done);
      recovered.push(done);
    } catch {
      // Left recognizing: the runner never resumes a live job, and the next start tries again.
    }
  }
  // Tidying is not worth failing a start over (a folder that cannot be written says so elsewhere).
  await dropOrphans(deps.dataDir).catch(() => undefined);
  return recovered;
}

/**
 * Deletes recordings and finals whose job is gone. Any file in the jobs folder keeps its id's
 * files: a job set aside as damaged, or written by a newer Kikitori, may still be recovered.
 */
async function dropOrphans(dataDir: string): Promise<void> {
  const names = await readdir(join(dataDir, 'jobs')).catch(() => [] as string[]);
  const owned = new Set(names.map((name) => name.split('.')[0]!));
  for (const dir of [RECORDINGS_DIR, LIVE_DIR]) {
    for (const name of await readdir(join(dataDir, dir)).catch(() => [] as string[])) {
      // `<id>.flac`, `<id>.jsonl`, or a repair's `.<id>.flac.<hex>.repair.flac` a crash left.
      const id = name.replace(/^\./, '').split('.')[0]!;
      if (!owned.has(id) || name.endsWith('.repair.flac'))
        await rm(join(dataDir, dir, name), { force: true });
    }
  }
}

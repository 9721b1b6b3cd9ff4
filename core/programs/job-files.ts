/**
 * Job to files: the one routine by which a program turns a recording or a job into transcript
 * files. `kikitori transcribe` (a file sent, followed, written), `kikitori export` (a job the core
 * has, written) and the watched folders (a file sent or a job sent before a restart, followed,
 * written with their own record) all go through `jobToFiles`, over nothing but a CoreLink: the
 * core in this process or the app's over its socket, the same steps either way. (The MCP server's
 * `transcribe_file` too: its one file is kept as the tool's answer instead of written.)
 *
 * 1. The job: a file sent as the window sends it (`transcribe:files`: the core routes it), or a
 *    job the core has, by its id.
 * 2. Followed through the link's events to its end (completed, failed, cancelled), or to its
 *    removal, or until the program stops waiting (the job goes on in the core).
 * 3. Rendered by the core in each format asked for (`export:render`), as bytes: on a link made in
 *    this process they are never turned into text and back (shared/ipc/wire.ts).
 * 4. Written by the program, in its own process (its folder, its umask): `writeInto` by default,
 *    never over a file that is there, each file whole or not at all (core/export/save.ts); a
 *    watched folder gives its own writer, which replaces an earlier version's transcripts.
 *
 * The writing stays on the program's side of the link, not in the core: a command's --out is
 * the command's folder (made, and checked writable, before anything is sent), and an answer from
 * the socket is never trusted with a path (a name is made safe here, whoever rendered it).
 */
import { AppFailure, type AppError } from '../../shared/domain/errors';
import { isEnded, type Job, type Transcript } from '../../shared/domain/job';
import type { ExportSettings, ExportSettingsInput } from '../../shared/format/export-settings';
import type { ExportChoice } from '../../shared/format/exporters';
import type { ChannelInput, EventPayload } from '../../shared/ipc/contract';
import { renderTranscript, type RecordingFacts, type RenderedFile } from '../export/render';
import { makeFolder, writeAll } from '../export/save';
import type { CoreLink } from './program-link';

export type { RenderedFile };

/** What the routine needs of the core: its channels and events (a CoreLink, here or the app's). */
export type JobLink = Pick<CoreLink, 'invoke' | 'subscribe'>;

/** Writes rendered files; answers the paths they went to (throws as the write failed). */
export type FileWriter = (files: readonly RenderedFile[]) => Promise<readonly string[]>;

/** Where the transcript comes from. */
export type JobSource =
  /** A file sent now, as the window sends it. */
  | { readonly send: ChannelInput<'transcribe:files'> }
  /** A job the core has, followed to its end first (one sent before a restart). */
  | { readonly follow: string }
  /** A job the core has, written as it is now (the core says why not when it has no transcript). */
  | { readonly done: string };

export interface JobFilesRequest {
  readonly from: JobSource;
  readonly formats: readonly ExportChoice[];
  readonly settings: ExportSettingsInput;
  readonly write: FileWriter;
  /** Told the job once it is known (sent, or found), before it is followed. */
  readonly known?: (job: Job) => void;
  /** Waiting for the job ends when this settles (the job goes on in the core). */
  readonly stop?: Promise<unknown>;
}

export type JobFilesOutcome =
  /** Its files written. */
  | { readonly kind: 'written'; readonly job: Job; readonly paths: readonly string[] }
  /** The core did not take the file (not media, over the budget, no connection…). */
  | { readonly kind: 'refused'; readonly error: AppError }
  /** The job ended without a transcript (failed, cancelled). */
  | { readonly kind: 'failed'; readonly job: Job }
  /** The job has a transcript, but rendering or writing it failed (`error` as thrown). */
  | { readonly kind: 'unwritten'; readonly job: Job; readonly error: unknown }
  /** The job was removed from the journal before it ended (or was never there). */
  | { readonly kind: 'removed'; readonly id: string; readonly error?: AppError }
  /** The program stopped waiting. */
  | { readonly kind: 'stopped'; readonly id: string };

type Ended = { readonly job: Job } | { readonly removed: AppError | undefined } | 'stopped';

/** The routine: the job from its source, followed to its end, rendered and written. */
export async function jobToFiles(
  link: JobLink,
  request: JobFilesRequest,
): Promise<JobFilesOutcome> {
  const follow = following(link);
  try {
    const known = await jobOf(link, request.from);
    if ('removed' in known) return { kind: 'removed', id: known.removed, error: known.error };
    if ('error' in known) return { kind: 'refused', error: known.error };
    request.known?.(known.job);
    const ended =
      'done' in request.from
        ? { job: known.job }
        : await follow.settled(known.job, request.stop ?? new Promise(() => {}));
    if (ended === 'stopped') return { kind: 'stopped', id: known.job.id };
    if ('removed' in ended)
      return {
        kind: 'removed',
        id: known.job.id,
        ...(ended.removed !== undefined && { error: ended.removed }),
      };
    const { job } = ended;
    // A job taken as it is (`done`) is the core's to refuse: it says why it has no transcript.
    if (!('done' in request.from) && job.status !== 'completed') return { kind: 'failed', job };
    try {
      const files = await renderedFiles(link, job.id, request.formats, request.settings);
      return { kind: 'written', job, paths: await request.write(files) };
    } catch (error) {
      return { kind: 'unwritten', job, error };
    }
  } finally {
    follow.stop();
  }
}

/** The job of a source: sent, or asked for (the subscription is made before either). */
async function jobOf(
  link: JobLink,
  from: JobSource,
): Promise<{ job: Job } | { error: AppError } | { removed: string; error: AppError }> {
  if ('send' in from) {
    const sent = await link.invoke('transcribe:files', from.send);
    return sent.ok ? { job: sent.data.jobs[0]! } : { error: sent.error };
  }
  const id = 'follow' in from ? from.follow : from.done;
  const got = await link.invoke('jobs:get', { id });
  if (got.ok) return { job: got.data.job };
  // A job followed that is gone (removed from Jobs meanwhile) is one removed.
  if ('follow' in from && got.error.code === 'not-found') return { removed: id, error: got.error };
  return { error: got.error };
}

interface Following {
  /** The job as it ended (the newest of what was answered and what the events said). */
  settled(job: Job, stop: Promise<unknown>): Promise<Ended>;
  stop(): void;
}

/**
 * The link's events about jobs, listened to from before the job is sent: a job that ends before
 * its sending is answered (a short file, a refusal the runner makes) is not missed.
 */
function following(link: JobLink): Following {
  /** The newest copy of each job an event spoke of, while this routine runs. */
  const newest = new Map<string, Job>();
  const removed = new Set<string>();
  const waiters = new Map<string, (ended: Ended) => void>();
  const unsubscribe = link.subscribe((event, payload) => {
    if (event === 'jobs:changed') {
      const { job } = payload as EventPayload<'jobs:changed'>;
      const before = newest.get(job.id);
      if (before && (before.revision ?? 0) > (job.revision ?? 0)) return;
      newest.set(job.id, job);
      if (isEnded(job.status)) waiters.get(job.id)?.({ job });
    } else if (event === 'jobs:removed') {
      const { id } = payload as EventPayload<'jobs:removed'>;
      removed.add(id);
      waiters.get(id)?.({ removed: undefined });
    }
  });
  return {
    settled(job, stop) {
      const seen = newest.get(job.id);
      const now = seen && (seen.revision ?? 0) >= (job.revision ?? 0) ? seen : job;
      if (removed.has(job.id)) return Promise.resolve({ removed: undefined });
      if (isEnded(now.status)) return Promise.resolve({ job: now });
      return new Promise<Ended>((resolve) => {
        waiters.set(job.id, resolve);
        void stop.then(() => resolve('stopped'));
      });
    },
    stop: unsubscribe,
  };
}

/** A job rendered by the core in each format (`export:render`), as bytes. */
export async function renderedFiles(
  link: JobLink,
  id: string,
  formats: readonly ExportChoice[],
  settings: ExportSettingsInput,
): Promise<RenderedFile[]> {
  const rendered = await link.invoke('export:render', { id, formats: [...formats], settings });
  if (!rendered.ok) throw new AppFailure(rendered.error);
  return rendered.data.files;
}

/**
 * The default writer: each file into `folder` (made when missing), under its own name or the
 * first numbered one free (`talk.srt`, then `talk (2).srt`), never over a file.
 */
export const writeInto =
  (folder: string): FileWriter =>
  async (files) => {
    await makeFolder(folder).catch(() => undefined);
    return writeAll(folder, files);
  };

/**
 * A transcript that is no job's (a recognition result read from a file: `kikitori convert`),
 * rendered by the core's renderer in this process and written as a job's would be: no core, no
 * data folder, the same bytes and the same writing.
 */
export async function transcriptToFiles(
  transcript: Transcript,
  facts: RecordingFacts,
  formats: readonly ExportChoice[],
  settings: ExportSettings,
  folder: string,
): Promise<readonly string[]> {
  const files = await renderTranscript(transcript, transcript, facts, formats, settings);
  return writeInto(folder)(files);
}

export { makeFolder };

/** A transcription job as the app tracks it (sync or async), and its stored transcript. */
import { z } from 'zod';
import { CONTAINERS } from '../api/media-formats';
import { ROUTES } from '../api/route';
import { utteranceSchema } from '../api/recognition';
import { appError, appErrorSchema, type AppError } from './errors';
import { programOriginSchema } from './program-key';
import { speechCutSchema } from './speech-only';

/** The longest title a job may have, in characters. */
export const JOB_TITLE_MAX = 200;

/**
 * A job's state. `uploading` while its file goes out; `recognizing` from its last byte sent (a
 * direct request too, which then waits for the same request's answer) until it ends `completed`,
 * `failed`, or `cancelled` by the person (its `error` says whether the service may still finish it).
 */
export const JOB_STATES = [
  'queued',
  'uploading',
  'recognizing',
  'completed',
  'failed',
  'cancelled',
] as const;
export type JobState = (typeof JOB_STATES)[number];

/** The states a job ends in: nothing more happens to it unless it is retried. */
export const isEnded = (status: JobState): boolean =>
  status === 'completed' || status === 'failed' || status === 'cancelled';

/**
 * Where a watched folder's job came from: the folder, and the claim its record of files seen
 * holds (core/watch/seen-files.ts), by which a watcher restarted after a crash finds its job;
 * and the version of the file the watcher checked whole (its device, inode, size and time): the
 * core opens the file only where it is (never through a link) and sends it only while it is that
 * version (core/media/media-file.ts).
 */
export const watchedOriginSchema = z.object({
  folder: z.string(),
  claim: z.string(),
  version: z
    .object({
      dev: z.number().int().nonnegative(),
      ino: z.number().int().nonnegative(),
      size: z.number().int().nonnegative(),
      mtimeMs: z.number().int(),
    })
    .optional(),
});

export const jobSchema = z.object({
  id: z.string(),
  file: z.object({
    path: z.string(),
    name: z.string(),
    size: z.number().int().nonnegative(),
    /**
     * What the file's first bytes were when the core accepted it as media (core/media/media-file.ts).
     * Only a job with it has its file served to the player, and only while the bytes still say so.
     */
    container: z.enum(CONTAINERS).optional(),
    /**
     * Which file of this name it is, from the second on (2 for the second `talk.wav` given to
     * the app, wherever it came from): shown beside the name, so rows can be told apart.
     */
    nth: z.number().int().min(2).optional(),
  }),
  /** The file actually sent, when the original had to be converted (deleted once done). */
  convertedPath: z.string().optional(),
  connection: z.string(),
  params: z.object({ d: z.string(), c: z.string().optional(), logging: z.boolean() }),
  /** `live`: recorded from a microphone over the realtime interface (core/live/). */
  mode: z.enum(['sync', 'async', 'live']),
  /**
   * Why it goes as it does (core/jobs/routing.ts, decided once when the job is made): the window
   * says so from this, never working it out itself. Jobs made before it was kept have none.
   */
  route: z.enum(ROUTES).optional(),
  apiVersion: z.union([z.literal(1), z.literal(2)]).optional(),
  sessionid: z.string().optional(),
  status: z.enum(JOB_STATES),
  /** How long the audio is, in seconds, when its header or ffprobe could tell (for estimates). */
  seconds: z.number().positive().optional(),
  /**
   * Seconds of audio the service was sent for this job, every try counted (a file's: the length
   * of what was sent; a live session's: what was streamed, audio sent again after a drop too):
   * what it is billed for (shared/domain/usage.ts).
   */
  billedSeconds: z.number().nonnegative().optional(),
  /**
   * Only where people speak is sent (the connection's setting, or `--speech-only` for one run;
   * never a live job): the runner finds it before sending (shared/domain/speech-only.ts).
   */
  speechOnly: z.boolean().optional(),
  /** What was sent of the recording, once found (speechOnly): each result's times map back by it. */
  speech: speechCutSchema.optional(),
  /**
   * How long the audio sent is, in seconds, when it is not the whole recording (speechOnly: the
   * cut file's length, read from its header): what the service hears, and bills. Without it, what
   * was sent is the recording, `seconds` long.
   */
  sentSeconds: z.number().nonnegative().optional(),
  /** When sending began (the last try's): recognition time is measured from here. */
  startedAt: z.number().optional(),
  /**
   * Work seconds per second of audio expected of this job before its connection has finished
   * one of its mode (shared/domain/estimate.ts DEFAULT_RATES): the first estimate, said to be one.
   */
  defaultRate: z.number().positive().optional(),
  /** Upload progress 0–1 while uploading. */
  progress: z.number().min(0).max(1).optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /**
   * How many times the journal has written (or held) this job: each change has a higher number.
   * A window hears of a change twice, as an event and in the answer of the call that made it,
   * over links that need not keep their order, so it keeps the copy with the highest number.
   */
  revision: z.number().int().nonnegative().optional(),
  completedAt: z.number().optional(),
  /** Next status poll of an async job, and the delay that led to it (2 s rising to 30 s). */
  nextPollAt: z.number().optional(),
  pollDelayMs: z.number().optional(),
  error: appErrorSchema.optional(),
  /**
   * Why the last status check of an async job failed (service away, answering 500, too slow).
   * The job is kept and asked about again at nextPollAt; cleared by the next answer.
   */
  pollProblem: appErrorSchema.optional(),
  /**
   * A live job whose session ended without Stop (the app was killed, the computer crashed): it
   * holds what was finalized up to then, and says so.
   */
  cutOff: z.boolean().optional(),
  /** Where the transcript is stored (set together with status completed). */
  resultFile: z.string().optional(),
  /** The transcript's first words, for the rows that list the job (set when it completes). */
  preview: z.string().max(200).optional(),
  /**
   * The name the person gave the job (jobs:rename), shown with its file name; none shows the file
   * name alone. Only a rename writes it: the runner's writes keep whatever the journal has.
   */
  title: z.string().min(1).max(JOB_TITLE_MAX).optional(),
  /** A person corrected the transcript (its edits, core/jobs/job-edits.ts, are in effect). */
  edited: z.boolean().optional(),
  /** The file appeared in a watched folder (core/watch/): Jobs marks it so. */
  watched: watchedOriginSchema.optional(),
  /** A program sent it, with the key of this name (core/programs/openai/): Jobs marks it so. */
  program: programOriginSchema.optional(),
});
export type Job = z.infer<typeof jobSchema>;

/**
 * Whether `text` holds a control character: C0 (line breaks, tabs, ESC), DEL or C1 (U+0080–U+009F,
 * which a terminal takes as commands). Names and corrections never hold one.
 */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
export const hasControls = (text: string): boolean => /[\u0000-\u001f\u007f-\u009f]/u.test(text);

/**
 * A title as the person typed it, checked: trimmed, at most JOB_TITLE_MAX characters, one line,
 * no control character (C0, DEL or C1).
 * Empty (or only spaces) is no title: the job goes back to its file name.
 */
export function checkJobTitle(
  typed: string,
): { ok: true; title: string | undefined } | { ok: false; error: AppError } {
  const title = typed.trim();
  if (!title) return { ok: true, title: undefined };
  const length = [...title].length;
  if (length > JOB_TITLE_MAX)
    return {
      ok: false,
      error: appError('job-title', { reason: 'too-long', max: JOB_TITLE_MAX, length }),
    };
  if (hasControls(title))
    return {
      ok: false,
      error: appError('job-title', { reason: 'control', max: JOB_TITLE_MAX, length }),
    };
  return { ok: true, title };
}

/** What a job is called where it is listed: its title, or else its file's name. */
export const jobName = (job: Pick<Job, 'title' | 'file'>): string => job.title ?? job.file.name;

/** A file's name as rows show it: "talk.wav (2)" for the second file of that name. */
export const fileLabel = (file: Pick<Job['file'], 'name' | 'nth'>): string =>
  file.nth ? `${file.name} (${file.nth})` : file.name;

/** What a job's row calls it: its title, or else its file's name, numbered when shared. */
export const listedName = (job: Pick<Job, 'title' | 'file'>): string =>
  job.title ?? fileLabel(job.file);

export const transcriptSchema = z.object({
  text: z.string(),
  utterances: z.array(utteranceSchema),
  sessionId: z.string().optional(),
});
export type Transcript = z.infer<typeof transcriptSchema>;

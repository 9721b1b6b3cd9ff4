/** Recognition responses (docs/api.md §3, §4): sync results, async jobs, error bodies. */
import { z } from 'zod';

/** One recognised word. Times are integer milliseconds from the start of the audio. */
export const tokenSchema = z.object({
  written: z.string(),
  confidence: z.number().min(0).max(1).optional(),
  starttime: z.number().int().nonnegative().optional(),
  endtime: z.number().int().nonnegative().optional(),
  /** The reading; `_` for punctuation. */
  spoken: z.string().optional(),
  /** With speakerDiarization=True: `speaker0`, `speaker1`, … */
  label: z.string().optional(),
});
export type Token = z.infer<typeof tokenSchema>;

/** One utterance (`results[]` element). */
export const utteranceSchema = z.object({
  tokens: z.array(tokenSchema),
  confidence: z.number().min(0).max(1).optional(),
  starttime: z.number().int().nonnegative().optional(),
  endtime: z.number().int().nonnegative().optional(),
  tags: z.array(z.string()).default([]),
  rulename: z.string().default(''),
  text: z.string(),
});
export type Utterance = z.infer<typeof utteranceSchema>;

/** Sync response body; also the body of every sync failure and of a failed job creation. */
export const syncResponseSchema = z.object({
  results: z.array(utteranceSchema),
  utteranceid: z.string().optional(),
  text: z.string(),
  code: z.string(),
  message: z.string(),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

/** `POST /v1|v2/recognitions` success. `text` is always `...`. */
export const jobCreatedSchema = z.object({
  sessionid: z.string().min(1),
  text: z.string(),
});
export type JobCreated = z.infer<typeof jobCreatedSchema>;

export const JOB_STATUSES = ['queued', 'started', 'processing', 'completed', 'error'] as const;
export type JobStatusName = (typeof JOB_STATUSES)[number];

const jobBase = {
  session_id: z.string(),
  service_id: z.string().optional(),
  audio_size: z.number().int().nonnegative().optional(),
  audio_md5: z.string().optional(),
  content_id: z.string().optional(),
};

/** A segment of an async result: the utterances of one stretch of audio. */
export const segmentSchema = z.object({
  results: z.array(utteranceSchema),
  text: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const jobPendingSchema = z.object({
  status: z.enum(['queued', 'started', 'processing']),
  ...jobBase,
});

/**
 * A completed job carries `segments`, or with compatibleWithSync=True a sync-style `results`.
 * Both are optional here because the cloud's exact layout is only partly published.
 */
export const jobCompletedSchema = z.object({
  status: z.literal('completed'),
  ...jobBase,
  segments: z.array(segmentSchema).optional(),
  results: z.array(utteranceSchema).optional(),
  utteranceid: z.string().optional(),
  text: z.string().default(''),
  code: z.string().default(''),
  message: z.string().default(''),
});

export const jobErrorSchema = z.object({
  status: z.literal('error'),
  ...jobBase,
  error_message: z.string().default('ERROR: the job failed without a message'),
});

/** `GET /v1|v2/recognitions/{sessionid}`. */
export const jobStatusSchema = z.discriminatedUnion('status', [
  jobPendingSchema,
  jobCompletedSchema,
  jobErrorSchema,
]);
export type JobStatus = z.infer<typeof jobStatusSchema>;
export type JobCompleted = z.infer<typeof jobCompletedSchema>;

/** The utterances of a completed job, whichever layout it came in. */
export function utterancesOfJob(job: JobCompleted): Utterance[] {
  return job.results ?? (job.segments ?? []).flatMap((segment) => segment.results);
}

/**
 * Transcription jobs: files sent to a service, the jobs they became, and a person's corrections
 * of their transcripts.
 */
import { z } from 'zod';
import { connectionSchema } from '../../domain/connection';
import { editHistorySchema, editOpSchema } from '../../domain/edits';
import { jobSchema, transcriptSchema, watchedOriginSchema } from '../../domain/job';
import { programOriginSchema } from '../../domain/program-key';
import { type ChannelTable, connectionRef } from './common';

export const jobsChannels = {
  'transcribe:files': {
    input: connectionRef
      .extend({
        /** Paths: from programs only (the command line, watched folders, scripts). */
        paths: z.array(z.string().min(1)).min(1).max(500).optional(),
        /**
         * The window's: the opaque references it was given for the files the person chose (a drop
         * or the file chooser under Electron, an upload in browser mode); the core resolves them.
         */
        files: z.array(z.string().min(1).max(100)).min(1).max(500).optional(),
        /**
         * For these files only (the command line's --engine, --profile, --speakers,
         * --speech-only): the connection's own settings stay as they are. The window sets them
         * on the connection.
         */
        use: z
          .object({
            engine: connectionSchema.shape.engine,
            profileId: connectionSchema.shape.profileId.unwrap(),
            speakers: z.boolean(),
            speechOnly: z.boolean(),
          })
          .partial()
          .optional(),
        /** A watched folder's file (core/watch/): taken from programs only, the window's is ignored. */
        watched: watchedOriginSchema.optional(),
        /** Send even past the connection's monthly budget (the person said so when asked). */
        overBudget: z.boolean().optional(),
        /** Sent by a program with its key (core/programs/openai/): taken from programs only, like `watched`. */
        program: programOriginSchema.optional(),
      })
      .refine((input) => (input.paths ?? input.files) !== undefined, 'paths or files'),
    output: z.object({ jobs: z.array(jobSchema) }),
  },
  'jobs:list': { input: z.object({}), output: z.object({ jobs: z.array(jobSchema) }) },
  'jobs:get': {
    input: z.object({ id: z.string() }),
    /** The service's transcript as it said it, and a person's edits of it (shared/domain/edits.ts). */
    output: z.object({
      job: jobSchema,
      transcript: transcriptSchema.optional(),
      edits: editHistorySchema.optional(),
    }),
  },
  'jobs:remove': {
    input: z.object({ id: z.string() }),
    output: z.object({ removed: z.boolean() }),
  },
  'jobs:retry': { input: z.object({ id: z.string() }), output: z.object({ job: jobSchema }) },
  /** Stops a queued or running job on our side; it stays, failed with `cancelled`, to retry. */
  'jobs:cancel': { input: z.object({ id: z.string() }), output: z.object({ job: jobSchema }) },
  /**
   * Names a job (checkJobTitle: trimmed, at most 200 characters, one line; empty goes back to the
   * file name). Its file name stays as it was.
   */
  'jobs:rename': {
    input: z.object({ id: z.string(), title: z.string().max(10_000) }),
    output: z.object({ job: jobSchema }),
  },
  /** One correction of a job's transcript (an operation on it as it now stands), kept apart. */
  'edits:apply': {
    input: z.object({ id: z.string(), op: editOpSchema }),
    output: z.object({ job: jobSchema, edits: editHistorySchema }),
  },
  'edits:undo': {
    input: z.object({ id: z.string() }),
    output: z.object({ job: jobSchema, edits: editHistorySchema }),
  },
  'edits:redo': {
    input: z.object({ id: z.string() }),
    output: z.object({ job: jobSchema, edits: editHistorySchema }),
  },
} as const satisfies ChannelTable;

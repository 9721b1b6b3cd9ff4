/**
 * The IPC contract (docs/architecture.md §4): every channel's input and output schema, and every event's
 * payload. The Electron registrar, the preload and the web host are all built from this table;
 * types are inferred from it, never written twice.
 */
import { z } from 'zod';
import type { ChannelName, EventName } from './names';
import { profileWordSchema } from '../api/profile-words';
import type { Result as Outcome } from '../api/result';
import { callSettingsPatchSchema, callSettingsSchema, callViewSchema } from '../domain/calls';
import { connectionSchema } from '../domain/connection';
import { editHistorySchema, editOpSchema } from '../domain/edits';
import { appErrorSchema } from '../domain/errors';
import { jobSchema, transcriptSchema, watchedOriginSchema } from '../domain/job';
import { keyEntrySchema } from '../domain/key';
import { connectionUsageSchema, monthSchema, usagePlanSchema } from '../domain/usage';
import {
  programKeyNameSchema,
  programOriginSchema,
  programsViewSchema,
} from '../domain/program-key';
import { WORD_TABLE_FORMATS } from '../domain/word-table';
import { IME_FORMATS } from '../domain/ime-dictionary/ime-file';
import {
  exportChoicesSchema,
  exportSettingsSchema,
  subtitleRulesSchema,
} from '../format/export-settings';
import { renderedFilesSchema } from './wire';

/** The longest search query taken (characters). */
export const SEARCH_QUERY_MAX = 500;

export const searchHitSchema = z.object({
  jobId: z.string(),
  fileName: z.string(),
  title: z.string().optional(),
  /** Where the best match is. */
  field: z.enum(['text', 'name', 'title']),
  /** The best match: the first utterance holding the most terms, else the title or the name. */
  snippet: z.object({
    text: z.string(),
    /** The matches in `text`, as sorted [start, end) offsets that do not overlap. */
    marks: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
  }),
  /** The transcript-wide index of the word the best match is in (as the viewer counts words). */
  wordIndex: z.number().int().nonnegative().optional(),
  /** How many times the query's terms occur in the transcript's text. */
  matches: z.number().int().nonnegative(),
  /**
   * A few of the utterances holding the most terms (at most three), in reading order; or the
   * title or file name that matched.
   */
  snippets: z.array(
    z.object({
      text: z.string(),
      /** The matches in `text`, as sorted [start, end) offsets that do not overlap. */
      marks: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
      /** The transcript-wide index of the word its first match is in (as the viewer counts words). */
      wordIndex: z.number().int().nonnegative().optional(),
      /** When that word begins in the recording, in seconds. */
      start: z.number().nonnegative().optional(),
    }),
  ),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultsSchema = z.object({
  hits: z.array(searchHitSchema),
  /** More jobs match than the limit let through. */
  more: z.boolean(),
  /** False while the index is still being made: some jobs may be missing from the hits. */
  complete: z.boolean(),
});

const connectionRef = z.object({ connection: z.string().optional() });

/** Whether calls are noticed here, with what the person chose (core/calls/call-watcher.ts). */
const callsStatusSchema = z.object({
  settings: callSettingsSchema,
  /** The platform's streams are being watched. */
  watching: z.boolean(),
  /** Why calls cannot be noticed (no sound server, no way on this system). */
  problem: appErrorSchema.optional(),
});

export const serviceStatusSchema = z.object({
  state: z.enum(['starting', 'running', 'restarting', 'stopped', 'unavailable']),
  url: z.string().optional(),
  /** What went wrong, as an error each language renders (code 'local-service' and its reason). */
  problem: appErrorSchema.optional(),
  /** When the service is restarted after it stopped: the wait before the next start. */
  retryInMs: z.number().optional(),
});

/** What replacing a profile's words changes, counted by written form. */
const wordDiffSchema = z.object({
  added: z.number(),
  removed: z.number(),
  changed: z.number(),
});

/** A word table to import: 100,000 words of up to 256 characters fit well within this. */
const WORD_TABLE_MAX_CHARS = 64 * 1024 * 1024;

/**
 * What the window saves from text it made: a word table, or a profile as an input method's
 * dictionary export (its text; the core writes it in that format's encoding). Transcripts are
 * the core's, export:job.
 */
export const SAVE_FORMATS = [...WORD_TABLE_FORMATS, ...IME_FORMATS] as const;
export type SaveFormat = (typeof SAVE_FORMATS)[number];

/** The longest folder path taken (characters). */
const FOLDER_PATH_MAX = 4096;
const folderPath = z.string().trim().min(1).max(FOLDER_PATH_MAX);

/** A folder the app watches while it runs (Settings, core/watch/watched-folders.ts). */
export const watchedFolderSchema = z.object({
  id: z.string(),
  path: z.string(),
  /** The export formats written for each file (core/export/render.ts). */
  formats: exportChoicesSchema,
  /** Where they are written; none: next to the source. */
  out: z.string().optional(),
  /** Files in its subfolders too. */
  recursive: z.boolean(),
  enabled: z.boolean(),
  /** The language of the documents' fixed words (the window's when the folder was added). */
  lang: z.enum(['ja', 'en']).optional(),
});
export type WatchedFolder = z.infer<typeof watchedFolderSchema>;

/** How a watched folder is doing: watched, off, or not watched for a reason said in a sentence. */
export const watchStatusSchema = z.object({
  state: z.enum(['off', 'watching', 'problem']),
  problem: appErrorSchema.optional(),
});
export const watchedFolderViewSchema = watchedFolderSchema.extend({ status: watchStatusSchema });
export type WatchedFolderView = z.infer<typeof watchedFolderViewSchema>;

/**
 * The list as it stood at `revision` (higher after each change): the window hears it both in
 * answers and in events, which need not arrive in order, and keeps the highest.
 */
export const watchedFoldersSchema = z.object({
  folders: z.array(watchedFolderViewSchema),
  revision: z.number().int().nonnegative(),
});

/** Several jobs exported at once: in order, each once, with the rules for each script. */
const jobsExportSchema = z.object({
  ids: z
    .array(z.string().min(1))
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'each job once'),
  formats: exportChoicesSchema,
  settings: exportSettingsSchema.prefault({}),
  /** Subtitle rules a person changed, by script: each job takes its own script's. */
  rules: z
    .object({ cjk: subtitleRulesSchema.partial(), spaced: subtitleRulesSchema.partial() })
    .partial()
    .optional(),
});

export const CHANNELS = {
  'connections:list': {
    input: z.object({}),
    output: z.object({ connections: z.array(connectionSchema), active: z.string() }),
  },
  'connections:save': {
    input: z.object({ connection: connectionSchema }),
    output: z.object({ connection: connectionSchema }),
  },
  /** Checks an (unsaved) connection: its engine list, and whether its key is accepted. */
  'connections:test': {
    input: z.object({ connection: connectionSchema }),
    output: z.object({
      engines: z.array(z.string()),
      key: z.enum(['accepted', 'refused', 'none']),
      keyProblem: appErrorSchema.optional(),
    }),
  },
  'connections:setActive': {
    input: z.object({ id: z.string() }),
    output: z.object({ active: z.string() }),
  },
  /**
   * Removes a connection added by the person (not a built-in). Its key stays in the keychain,
   * listed under API keys; if it was the active one, the local connection becomes active.
   */
  'connections:remove': {
    input: z.object({ id: z.string() }),
    output: z.object({ active: z.string() }),
  },
  'keys:list': {
    input: z.object({}),
    output: z.object({
      keys: z.array(keyEntrySchema),
      storage: z.enum(['keychain', 'session']),
      notice: appErrorSchema.optional(),
    }),
  },
  'keys:add': {
    input: connectionRef.extend({
      label: z.string().trim().min(1).max(100),
      key: z.string().trim().min(8),
      /** false: file the key without making it the connection's key. */
      use: z.boolean().optional(),
      /** When an issued key stops working (ms since the epoch), if it is known. */
      expiresAt: z.number().int().positive().optional(),
    }),
    output: z.object({ key: keyEntrySchema }),
  },
  'keys:remove': {
    input: z.object({ id: z.string() }),
    output: z.object({ removed: z.boolean() }),
  },
  'keys:reveal': { input: z.object({ id: z.string() }), output: z.object({ key: z.string() }) },
  'keys:issue': {
    input: connectionRef.extend({
      epi: z.string().min(1),
      ipa: z.string().optional(),
      /** Authenticate with this issuable key from the keychain instead of the connection's. */
      authKey: z.string().optional(),
      /** Or with a service ID and password, typed for this one request and never stored. */
      sid: z.string().min(1).optional(),
      spw: z.string().min(1).optional(),
    }),
    output: z.object({ key: z.string() }),
  },
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
  /**
   * Finds jobs by their transcript's text, file name or title (core/search/): one hit per job,
   * with how many matches its text holds and a few snippets, their matches as offsets (the
   * window marks them; no markup crosses here).
   */
  'search:query': {
    input: z.object({
      query: z.string().max(SEARCH_QUERY_MAX),
      limit: z.number().int().min(1).max(200).default(50),
    }),
    output: searchResultsSchema,
  },
  'dictionary:profiles': {
    input: connectionRef.extend({ engine: z.string() }),
    output: z.object({ profiles: z.array(z.string()) }),
  },
  'dictionary:getWords': {
    input: connectionRef.extend({ engine: z.string(), profileId: z.string() }),
    output: z.object({ words: z.array(profileWordSchema) }),
  },
  'dictionary:setWords': {
    input: connectionRef.extend({
      engine: z.string(),
      profileId: z.string(),
      words: z.array(profileWordSchema),
    }),
    output: wordDiffSchema.extend({ words: z.array(profileWordSchema) }),
  },
  'dictionary:diff': {
    input: connectionRef.extend({
      engine: z.string(),
      profileId: z.string(),
      words: z.array(profileWordSchema),
    }),
    output: wordDiffSchema,
  },
  'dictionary:classnames': {
    input: connectionRef.extend({ engine: z.string() }),
    output: z.object({ classnames: z.array(z.string()) }),
  },
  'service:status': {
    input: z.object({}),
    output: serviceStatusSchema.extend({ dataDir: z.string().optional() }),
  },
  'service:restart': { input: z.object({}), output: serviceStatusSchema },
  /**
   * The computer's sound as a Live input (core/live/sources/computer-sound.ts): `on` makes the source
   * (Linux: a PulseAudio remap of the speakers' monitor) and answers the label the window finds
   * it by among its inputs; `on: false` lets it go. `computer-sound-unavailable` where it cannot.
   */
  'live:computerSound': {
    input: z.object({ on: z.boolean() }),
    output: z.object({ label: z.string().optional() }),
  },
  /**
   * Electron only: asks where to save with the system's save dialog and writes the file there.
   * The browser downloads instead, so the web host refuses this channel.
   */
  'export:save': {
    input: z.object({
      /** The suggested name; the person picks the folder and may change it. */
      fileName: z
        .string()
        .trim()
        .min(1)
        .max(255)
        .refine((name) => !/[/\\]/.test(name), 'a file name, not a path'),
      text: z.string().max(WORD_TABLE_MAX_CHARS),
      format: z.enum(SAVE_FORMATS),
    }),
    output: z.object({ saved: z.boolean(), path: z.string().optional() }),
  },
  /**
   * A job's transcript rendered by the core (core/export/render.ts) in each format asked for, as
   * bytes (./wire.ts: base64 on a JSON wire): the browser downloads them, a program writes
   * them (core/programs/job-files.ts).
   */
  'export:render': {
    input: z.object({
      id: z.string().min(1),
      formats: exportChoicesSchema,
      settings: exportSettingsSchema.prefault({}),
    }),
    output: renderedFilesSchema,
  },
  /**
   * Electron only: a job's transcript rendered by the core and saved where the person chooses:
   * one format through the save dialog, several into a folder they pick, never over a file.
   */
  'export:job': {
    input: z.object({
      id: z.string().min(1),
      formats: exportChoicesSchema,
      settings: exportSettingsSchema.prefault({}),
    }),
    output: z.object({ saved: z.boolean(), paths: z.array(z.string()) }),
  },
  /** The app's watched folders, each with how it is doing. */
  'watch:list': {
    input: z.object({}),
    output: watchedFoldersSchema,
  },
  /**
   * Watches a folder while the app runs. Without `path` the system's folder picker asks
   * (Electron; cancelling answers no folder); the window under Electron may not type one. A path
   * is checked by the core (a full path to a folder it may read; `watch-refused`), and so is
   * `out` (`watch-output`); a folder another Kikitori watches is `watch-held`, naming it.
   */
  'watch:add': {
    input: z.object({
      path: folderPath.optional(),
      formats: exportChoicesSchema.default(['txt']),
      out: folderPath.optional(),
      recursive: z.boolean().default(false),
      enabled: z.boolean().default(true),
      lang: z.enum(['ja', 'en']).optional(),
    }),
    output: z.object({ folder: watchedFolderViewSchema.optional() }),
  },
  /**
   * Changes a watched folder. `out: null` writes next to the source again; `pickOut` asks for
   * the output folder with the system's picker (Electron; cancelling changes nothing).
   */
  'watch:update': {
    input: z.object({
      id: z.string(),
      formats: exportChoicesSchema.optional(),
      out: folderPath.nullable().optional(),
      pickOut: z.boolean().optional(),
      recursive: z.boolean().optional(),
      enabled: z.boolean().optional(),
    }),
    output: z.object({ folder: watchedFolderViewSchema }),
  },
  'watch:remove': {
    input: z.object({ id: z.string() }),
    output: z.object({ removed: z.boolean() }),
  },
  /**
   * Electron only: several jobs (from Jobs) rendered by the core into a folder the person picks,
   * each file named after its job, never over a file.
   */
  'export:jobs': {
    input: jobsExportSchema,
    output: z.object({ saved: z.boolean(), paths: z.array(z.string()) }),
  },
  /** The same files as one zip (its bytes in base64): the browser downloads it. */
  'export:bundle': {
    input: jobsExportSchema,
    output: z.object({ base64: z.string(), files: z.array(z.string()) }),
  },
  /**
   * The audio each connection sent (shared/domain/usage.ts): `month` (this one by default, in the
   * person's time zone) and the `months - 1` before it, newest first.
   */
  'usage:summary': {
    input: z.object({
      month: monthSchema.optional(),
      months: z.number().int().min(1).max(36).optional(),
    }),
    output: z.object({ month: monthSchema, connections: z.array(connectionUsageSchema) }),
  },
  /** A connection's rates and budget. */
  'usage:setPlan': {
    input: z.object({ connection: z.string().min(1), plan: usagePlanSchema }),
    output: z.object({ plan: usagePlanSchema }),
  },
  /** The calls going on and the last ended, with the settings (Settings → Calls). */
  'calls:list': {
    input: z.object({}),
    output: callsStatusSchema.extend({ calls: z.array(callViewSchema) }),
  },
  /** Changes what is done about calls; answers the settings as they now are. */
  'calls:settings': {
    input: callSettingsPatchSchema,
    output: callsStatusSchema,
  },
  /**
   * The answer to a call's notice: `start` takes the call to record it (the caller then opens a
   * live session naming it; `live-running` while Live runs), `not-now` declines it, `never`
   * declines every call of its application. `call-gone` for a call no longer waiting.
   */
  'calls:answer': {
    input: z.object({
      id: z.string().min(1).max(100),
      answer: z.enum(['start', 'not-now', 'never']),
    }),
    output: z.object({ call: callViewSchema }),
  },
  /**
   * A window is about to open `streams` inputs for Live: the recording streams that appear next
   * are its own, never a call (browser mode, where no process tie shows them to be Kikitori's).
   */
  'calls:expectOwn': {
    input: z.object({ streams: z.number().int().min(0).max(4) }),
    output: z.object({}),
  },
  /** Settings → Programs: the programs' keys (never a key), the base URL, the allowed folders. */
  'programs:list': { input: z.object({}), output: programsViewSchema },
  /** A new key for a program: the key is in this answer only, the app keeps its hash. */
  'programs:create': {
    input: z.object({ name: programKeyNameSchema }),
    output: z.object({ name: z.string(), key: z.string() }),
  },
  /** Revokes the key of this name: the program's next request is refused. */
  'programs:revoke': {
    input: z.object({ name: z.string().min(1) }),
    output: z.object({ revoked: z.boolean() }),
  },
  /**
   * Lets `kikitori mcp --allow-transcribe` transcribe the files inside a folder. Without `path`
   * the system's folder picker asks (Electron; cancelling changes nothing); the window under
   * Electron may not type one.
   */
  'programs:addFolder': {
    input: z.object({ path: folderPath.optional() }),
    output: programsViewSchema,
  },
  'programs:removeFolder': {
    input: z.object({ path: z.string().min(1) }),
    output: programsViewSchema,
  },
} as const satisfies Record<ChannelName, { input: z.ZodType; output: z.ZodType }>;

export type Channel = keyof typeof CHANNELS;
export type ChannelInput<C extends Channel> = z.input<(typeof CHANNELS)[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<(typeof CHANNELS)[C]['output']>;

export const EVENTS = {
  'jobs:changed': z.object({ job: jobSchema }),
  'jobs:removed': z.object({ id: z.string() }),
  'upload:progress': z.object({ id: z.string(), sent: z.number(), total: z.number() }),
  'service:status': serviceStatusSchema,
  /** The app's watched folders changed (added, changed, removed, or how one is doing). */
  'watch:changed': watchedFoldersSchema,
  /** A watched folder (the app's or `kikitori watch`'s) is watched, or not, and why. */
  'watch:folder': z.object({
    folder: z.string(),
    state: z.enum(['watching', 'problem', 'stopped']),
    problem: appErrorSchema.optional(),
  }),
  /**
   * A file of a watched folder: picked up (its job made; `changed`: a new version of a file done
   * before, whose transcripts it replaces), done (its outputs written), failed (its job or its
   * outputs, with the reason), or skipped (not read: a link, not audio or video, too large; said
   * once, with the reason).
   */
  'watch:file': z.object({
    folder: z.string(),
    path: z.string(),
    state: z.enum(['picked', 'done', 'failed', 'skipped']),
    changed: z.boolean().optional(),
    job: z.string().optional(),
    outputs: z.array(z.string()).optional(),
    error: appErrorSchema.optional(),
  }),
  /** A connection's usage or plan changed (Settings reads it again). */
  'usage:changed': z.object({ connection: z.string(), month: monthSchema }),
  /** A connection's month went past 80 % of its budget: said once a month. */
  'usage:warning': z.object({
    connection: z.string(),
    month: monthSchema,
    secondsUsed: z.number(),
    secondsBudget: z.number(),
  }),
  /** A call was noticed, or changed (answered, recorded, ended). */
  'calls:call': callViewSchema,
  /** The calls' settings changed, or whether calls can be noticed. */
  'calls:changed': callsStatusSchema,
  /** The programs' keys or allowed folders changed (Settings, or `kikitori program-key`). */
  'programs:changed': programsViewSchema,
} as const satisfies Record<EventName, z.ZodType>;
export type { EventName };
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]>;

/** What every handler returns: thrown errors lose their shape across IPC. */
export type Result<T> = Outcome<T, z.output<typeof appErrorSchema>>;

/** A channel as the window calls it: its input in, its Result out. */
export type ChannelMethod<C> = C extends Channel
  ? (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>
  : never;

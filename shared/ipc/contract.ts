/**
 * The IPC contract (docs/architecture.md §4): every channel's input and output schema, and every event's
 * payload. The Electron registrar, the preload and the web host are all built from this table;
 * types are inferred from it, never written twice. Each domain's channels are written in a file
 * of their own under channels/, beside its handlers' file in core/handlers/; this table is them
 * all, and must name every channel of names.ts.
 */
import { z } from 'zod';
import type { ChannelName, EventName } from './names';
import type { Result as Outcome } from '../api/result';
import { callViewSchema } from '../domain/calls';
import { appErrorSchema } from '../domain/errors';
import { jobSchema } from '../domain/job';
import { programsViewSchema } from '../domain/program-key';
import { monthSchema } from '../domain/usage';
import { callsChannels, callsStatusSchema } from './channels/calls';
import { connectionsChannels } from './channels/connections';
import { dictionaryChannels } from './channels/dictionary';
import { exportChannels } from './channels/export';
import { jobsChannels } from './channels/jobs';
import { keysChannels } from './channels/keys';
import { liveChannels } from './channels/live';
import { programsChannels } from './channels/programs';
import { searchChannels } from './channels/search';
import { serviceChannels, serviceStatusSchema } from './channels/service';
import { usageChannels } from './channels/usage';
import { watchChannels, watchedFoldersSchema } from './channels/watch';

export {
  SEARCH_QUERY_MAX,
  searchHitSchema,
  type SearchHit,
  searchResultsSchema,
} from './channels/search';
export { serviceStatusSchema } from './channels/service';
export { SAVE_FORMATS, type SaveFormat } from './channels/export';
export {
  watchedFolderSchema,
  type WatchedFolder,
  watchStatusSchema,
  watchedFolderViewSchema,
  type WatchedFolderView,
  watchedFoldersSchema,
} from './channels/watch';

export const CHANNELS = {
  ...connectionsChannels,
  ...keysChannels,
  ...jobsChannels,
  ...searchChannels,
  ...dictionaryChannels,
  ...serviceChannels,
  ...liveChannels,
  ...exportChannels,
  ...watchChannels,
  ...usageChannels,
  ...callsChannels,
  ...programsChannels,
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

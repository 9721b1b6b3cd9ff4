/**
 * Calls noticed (core/calls/): another application started recording from a microphone, what
 * the person chose to do about it (Settings → Calls), and the call as the window and the command
 * line see it. Pure: the core notices and decides, the window shows and answers.
 */
import { z } from 'zod';
import { PROFILE_ID_PATTERN } from '../api/profile-words';
import { appErrorSchema } from './errors';

/** An application's name as the system gives it ("Zoom", "Microsoft Teams"), for lists and keys. */
export const callAppSchema = z.string().trim().min(1).max(200);

export const CALL_MODES = ['off', 'ask', 'auto'] as const;
export type CallMode = (typeof CALL_MODES)[number];

/** Applications offered for "start by itself" before any was seen here. */
export const WELL_KNOWN_CALL_APPS = [
  'Zoom',
  'Microsoft Teams',
  'Google Chrome',
  'Chromium',
  'Firefox',
  'Slack',
  'Discord',
  'Webex',
  'Skype',
] as const;

/** At most this many applications are remembered in each list. */
const APPS_MAX = 100;
const appList = z.array(callAppSchema).max(APPS_MAX);

export const callSettingsSchema = z.object({
  /**
   * off: nothing is noticed. ask (the default): a notice in the window and a system
   * notification. auto: the ticked applications' calls start by themselves; others are asked.
   */
  mode: z.enum(CALL_MODES),
  /** The applications whose calls start by themselves (mode auto). */
  auto: appList,
  /** "Never for Zoom": these are never asked about nor started. */
  never: appList,
  /** The connection calls are transcribed with; the active one when absent. */
  connection: z.string().min(1).max(200).optional(),
  /** The profile of that connection for calls; the connection's own when absent. */
  profileId: z.string().regex(PROFILE_ID_PATTERN).optional(),
  /** The applications seen recording here, remembered so Settings can offer them. */
  seen: appList,
});
export type CallSettings = z.infer<typeof callSettingsSchema>;

/** A change to the settings (Settings → Calls): lists are given whole. */
export const callSettingsPatchSchema = callSettingsSchema
  .omit({ seen: true, connection: true, profileId: true })
  .partial()
  .extend({
    /** null: the active connection (and its own profile) again. */
    connection: z.string().min(1).max(200).nullable().optional(),
    profileId: callSettingsSchema.shape.profileId.nullable().optional(),
  });
export type CallSettingsPatch = z.infer<typeof callSettingsPatchSchema>;

export const DEFAULT_CALL_SETTINGS: CallSettings = { mode: 'ask', auto: [], never: [], seen: [] };

/**
 * A call's state, as its notice says it:
 * - asking: the person is asked (Start, Not now, Never for this application);
 * - starting: Start was chosen (or it starts by itself): whoever records it takes it;
 * - recording: a live session records it (`jobId`);
 * - declined: Not now, or Never: not asked again;
 * - busy: Live was already running when it was noticed: nothing was started;
 * - ending: the application stopped recording (for the end delay): its session is being
 *   stopped, its last words finalized;
 * - ended: the application stopped recording (for the end delay); `jobId` is the transcript
 *   kept, `offerStop` says a session started by hand is still running.
 */
export const CALL_STATES = [
  'asking',
  'starting',
  'recording',
  'declined',
  'busy',
  'ending',
  'ended',
] as const;
export type CallState = (typeof CALL_STATES)[number];

export const callViewSchema = z.object({
  id: z.string().min(1).max(100),
  app: callAppSchema,
  /** The program recording (its binary), when the system says it. */
  binary: z.string().max(200).optional(),
  /** When it was noticed (ms since the epoch). */
  since: z.number().int().nonnegative(),
  state: z.enum(CALL_STATES),
  /** How it came to be started or not: by itself (auto), by the person, or not at all. */
  started: z.enum(['auto', 'person']).optional(),
  jobId: z.string().optional(),
  /** Ended while a session started by hand still runs: the person may stop it. */
  offerStop: z.boolean().optional(),
  /** When it ended (ms since the epoch). */
  endedAt: z.number().int().nonnegative().optional(),
  /** Why it could not be recorded (the microphone refused, the service unreachable…). */
  problem: appErrorSchema.optional(),
});
export type CallView = z.infer<typeof callViewSchema>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A call's session's job name, from the application and its start in local time: "Zoom call
 * 7 Dec 10:00", 「Zoom 通話 12月7日 10:00」.
 */
export function callTitle(app: string, at: Date, lang: 'en' | 'ja'): string {
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  const name = app.slice(0, 150);
  return lang === 'ja'
    ? `${name} 通話 ${at.getMonth() + 1}月${at.getDate()}日 ${time}`
    : `${name} call ${at.getDate()} ${MONTHS[at.getMonth()]} ${time}`;
}

/** The application's name as a person reads it: Chromium-based programs add " input". */
export function callAppName(name: string): string {
  const trimmed = name.trim().replace(/\s+input$/i, '');
  return trimmed || name.trim();
}

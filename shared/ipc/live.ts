/**
 * The live stream between the window and the main process (docs/architecture.md §4, "Live").
 *
 * A live session is not a request and an answer but a stream both ways, so it does not go through
 * the channel table: the window opens one duplex link (Electron: a MessagePort handed over by the
 * preload; browser mode: one WebSocket to the web host's `/live`, held to the rules of `/rpc`) and
 * sends, in order:
 *
 *   text  {type: 'start', …}            once, first
 *   bytes audio                          LSB16K: 16 kHz mono 16-bit little-endian PCM, ~100 ms a
 *                                        chunk (an ArrayBuffer; never base64, never JSON numbers);
 *                                        with `apart: n` in `start`, frames of 1 + n samples: the
 *                                        mix, then each of `start`'s n sources as it came
 *   text  {type: 'pause'} / {type: 'resume'}
 *   text  {type: 'speaker', label, name}  a heard speaker's name, kept in the job (its edits)
 *   text  {type: 'stop'}                 once, last: the session becomes a job
 *
 * and the main process answers with `LiveEvent`s (text). Closing the link without `stop` ends the
 * session as a cut-off job, with everything finalized so far.
 *
 * Both directions are checked against these schemas on arrival: the window is not trusted.
 */
import { z } from 'zod';
import { appErrorSchema } from '../domain/errors';
import { JOB_TITLE_MAX, jobSchema } from '../domain/job';
import { SPEAKER_NAME_MAX } from '../domain/no-edits';
import { tokenSchema } from '../api/recognition';

/** The audio the window sends: raw PCM as the service's `LSB16K`. */
export const LIVE_AUDIO = {
  format: 'LSB16K',
  sampleRate: 16_000,
  bytesPerSample: 2,
  /** The window's chunk: 100 ms. */
  chunkSamples: 1_600,
  /**
   * A chunk larger than this (1 s) is refused: the window has no reason to send one. With the
   * sources apart, each frame's 1 + apart samples count as one.
   */
  maxChunkBytes: 32_000,
  /**
   * The most sources a session mixes and keeps apart. The window offers two (a microphone and
   * the computer's sound); the list and the recording take more (a second microphone, one
   * application's sound), each a channel of the sources' FLAC.
   */
  maxSources: 4,
} as const;

/**
 * What a live session can listen to. The window opens each through its kind's provider
 * (renderer/src/store/live-sources.ts; docs/architecture.md, "Adding an audio source"); the core
 * records them by their index in the list, whatever their kind.
 */
export const AUDIO_SOURCE_KINDS = [
  /** An input device: a microphone, the system's default when no device is named. */
  'microphone',
  /**
   * What the speakers play, by the platform's way: PulseAudio's monitor (core/live/sources/), the
   * system's loopback or picker through the display media (electron/main/loopback.ts), or a
   * browser's shared tab.
   */
  'computer',
] as const;
export type AudioSourceKind = (typeof AUDIO_SOURCE_KINDS)[number];

/** A source's gain, as a factor: −20 dB to +20 dB. */
export const GAIN_MIN = 0.1;
export const GAIN_MAX = 10;

/** One source of a session: its kind, the device it is opened from, its gain. */
export const audioSourceSchema = z.object({
  kind: z.enum(AUDIO_SOURCE_KINDS),
  /** The input's id as the window knows it; the system's default when absent or empty. */
  device: z.string().max(200).optional(),
  /** A factor (1 when absent: as it comes). */
  gain: z.number().min(GAIN_MIN).max(GAIN_MAX).optional(),
});
export type AudioSource = z.infer<typeof audioSourceSchema>;

/**
 * The one choice Live offered before its sources were a list, and still shows: a microphone,
 * the computer's sound, or both mixed. A choice stored by an older window, or a caller that says
 * only `apart: 2` (which meant both), is read as the list it stands for.
 */
export const LIVE_SOURCE_CHOICES = ['microphone', 'computer', 'both'] as const;
export type LiveSourceChoice = (typeof LIVE_SOURCE_CHOICES)[number];

/** The sources a choice stands for, the microphone (from `device`, if named) first. */
export function sourcesOfChoice(choice: LiveSourceChoice, device = ''): AudioSource[] {
  const microphone: AudioSource = { kind: 'microphone', ...(device ? { device } : {}) };
  if (choice === 'computer') return [{ kind: 'computer' }];
  return choice === 'both' ? [microphone, { kind: 'computer' }] : [microphone];
}

/** The choice a list is, as the screen shows it; undefined for a list no choice stands for. */
export function choiceOf(sources: readonly AudioSource[]): LiveSourceChoice | undefined {
  const kinds = sources.map((source) => source.kind).join(' ');
  if (kinds === 'microphone') return 'microphone';
  if (kinds === 'computer') return 'computer';
  return kinds === 'microphone computer' ? 'both' : undefined;
}

export const liveStartSchema = z
  .object({
    type: z.literal('start'),
    /** The connection to use; the active one when absent. */
    connection: z.string().optional(),
    /** The input's name as the window shows it, for messages ("no sound is reaching … from X"). */
    device: z.string().max(200).optional(),
    /**
     * The job's name, when the window gives one (a session from a meeting source: "Meeting 27 Nov
     * 10:00", in the window's language); one line of at most JOB_TITLE_MAX characters.
     */
    title: z
      .string()
      .trim()
      .min(1)
      .max(JOB_TITLE_MAX)
      // eslint-disable-next-line no-control-regex -- one line: control characters are refused
      .regex(/^[^\u0000-\u001f\u007f]*$/)
      .optional(),
    /**
     * What the audio is a mix of, in order (the index each source keeps in the frames when they
     * are kept apart). Absent: one source, a microphone (or, with `apart: 2` alone, the
     * microphone and the computer's sound, as older windows sent it).
     */
    sources: z.array(audioSourceSchema).min(1).max(LIVE_AUDIO.maxSources).optional(),
    /**
     * The sources are also kept apart: each audio message is then frames of 1 +
     * `apart` 16-bit samples, the mix (what is recognized and recorded) and each source as it came,
     * which the job keeps as a multi-channel FLAC beside the mix (a channel per source, by index).
     * With `sources`, it is their count.
     */
    apart: z.number().int().min(2).max(LIVE_AUDIO.maxSources).optional(),
    /** Start even when the connection's monthly budget is spent (the person said so when asked). */
    overBudget: z.boolean().optional(),
    /**
     * The call this session records (core/calls/call-watcher.ts), taken first with `calls:answer`:
     * the connection and profile chosen for calls are used, and the session ends with the call.
     */
    call: z.string().min(1).max(100).optional(),
  })
  .refine(
    (start) =>
      start.apart === undefined ||
      (start.sources ? start.apart === start.sources.length : start.apart === 2),
    { message: 'apart is the number of sources', path: ['apart'] },
  );
export type LiveStart = z.infer<typeof liveStartSchema>;

export const liveClientMessageSchema = z.discriminatedUnion('type', [
  liveStartSchema,
  z.object({ type: z.literal('pause') }),
  z.object({ type: z.literal('resume') }),
  z.object({ type: z.literal('stop') }),
  /**
   * The name a person gives a speaker the session has heard (`speaker0` → "Tanaka"; "" gives the
   * default back): the job keeps it as a speaker's edit, as the viewer's rename does.
   */
  z.object({
    type: z.literal('speaker'),
    label: z.string().min(1).max(100),
    name: z.string().trim().max(SPEAKER_NAME_MAX),
  }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

export const LIVE_STATES = [
  /** Opening the realtime session (s sent, waiting for its answer). */
  'connecting',
  /** Audio flows and is recognized. */
  'listening',
  /** The person paused: audio is neither recorded nor sent; the session stays open. */
  'paused',
  /** The connection dropped: recording goes on, a new session is being opened (attempt, retryInMs). */
  'reconnecting',
  /** Stop was asked: the last utterance is being finalized. */
  'stopping',
  /** Over: `job` is the job it became (absent when nothing was recorded). */
  'stopped',
] as const;
export type LiveState = (typeof LIVE_STATES)[number];

/** A finalized utterance, its times from the start of the session's recording. */
export const liveUtteranceSchema = z.object({
  /** 0, 1, 2… in the order they were finalized. */
  index: z.number().int().nonnegative(),
  startMs: z.number().int().nonnegative(),
  endMs: z.number().int().nonnegative(),
  text: z.string(),
  tokens: z.array(tokenSchema),
});
export type LiveUtterance = z.infer<typeof liveUtteranceSchema>;

export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('state'),
    state: z.enum(LIVE_STATES),
    /** The job the session is recorded into (from the first `listening` on). */
    jobId: z.string().optional(),
    /** While reconnecting: the attempt (1, 2…) and the wait before it. */
    attempt: z.number().int().positive().optional(),
    retryInMs: z.number().int().nonnegative().optional(),
    /** With `stopped`: the job as saved. */
    job: jobSchema.optional(),
  }),
  /** The utterance being spoken, not final yet: replaces the previous interim text. */
  z.object({ type: z.literal('interim'), text: z.string(), startMs: z.number().int().optional() }),
  /** The final result of an utterance: replaces the interim text. */
  z.object({ type: z.literal('final'), utterance: liveUtteranceSchema }),
  /**
   * Something went wrong. `fatal`: the session is over (a refused key, a service that answered
   * `s <message>`); otherwise it is carried on (a dropped connection, being reconnected).
   */
  z.object({ type: z.literal('error'), error: appErrorSchema, fatal: z.boolean() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The link a live session runs over, as either host gives it to the core. */
export interface LiveLink {
  send(event: LiveEvent): void;
  /** Ends the link (after `stopped`, or when the window broke the protocol). */
  close(): void;
}

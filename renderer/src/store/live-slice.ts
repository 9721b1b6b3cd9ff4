/**
 * The Live screen's state: the microphone (through the injected capture, which lives
 * with the feature: features/live/capture), the live link to the host (bridge.openLive, the key
 * stays in the main process), and what comes back: finalized utterances, the one being spoken,
 * the session's state and its problems.
 *
 * Order of a start: the microphone first (a refusal or no device ends it here, nothing opened),
 * then the link and its `start`, then the link's audio port is handed to the capture. The whole
 * path of the audio and the events, told once: docs/architecture.md §4, "Live: a stream, not a channel".
 */
import type { StateCreator } from 'zustand';
import { callTitle } from '../../../shared/domain/calls';
import type { EditOp } from '../../../shared/domain/edits';
import { AppFailure, appError, type AppError } from '../../../shared/domain/errors';
import { SPEAKER_NAME_MAX } from '../../../shared/domain/no-edits';
import type { LiveEvent, LiveState, LiveUtterance } from '../../../shared/ipc/live';
import type { LiveConnection } from '../host/bridge';
import { DONE, type Result } from './result';
import type { AppState, StoreDeps } from './store';
import { valueStream, type ValueStream } from './value-stream';

/** An input the person can choose; `label` is '' before the microphone was ever allowed. */
export interface AudioInput {
  readonly deviceId: string;
  readonly label: string;
}

/** A running capture (features/live/capture/capture.ts says what each does). */
export interface Capture {
  readonly label: string;
  connect(sink: MessagePort, transfer: boolean): void;
  meter(port: MessagePort, source?: number): void;
  gain(source: number, gain: number): void;
  /** Lower source `source` while `by` plays, or no more (capture.ts); absent: not offered. */
  duck?(pair: DuckPair | undefined): void;
  pause(): void;
  resume(): void;
  stop(finish?: boolean): Promise<boolean>;
}

/** The microphone, injected (the window gives features/live/capture; tests a fake). */
export interface CaptureApi {
  listInputs(): Promise<AudioInput[]>;
  /** The sound outputs' names, the one in use first (for headphones); none when unknown. */
  listOutputs?(): Promise<string[]>;
  startCapture(options: {
    deviceId?: string;
    /** The sources mixed, in order (capture.ts CaptureSource); the microphone alone if absent. */
    sources?: CaptureSourceSpec[];
    /** Lower the first source while the second plays (the microphone by the computer). */
    duck?: DuckPair;
    /** Keep each source apart too: the audio is frames of the mix, then each source. */
    apart?: boolean;
    onClock(recordedMs: number, peakDb: number, peaksDb?: readonly number[]): void;
    onSilence(seconds: number): void;
    onSound(): void;
  }): Promise<Capture>;
}

/** Which source is lowered while which other plays, by their index in the capture. */
export interface DuckPair {
  source: number;
  by: number;
}
/** With both sources: the microphone (0) lowered while the computer (1) plays. */
const MICROPHONE_BY_COMPUTER: DuckPair = { source: 0, by: 1 };

/** One source of a capture, as capture.ts takes it. */
export type CaptureSourceSpec =
  | { kind: 'device'; deviceId?: string; label?: string; gain?: number }
  | { kind: 'display'; gain?: number };

/** What Live listens to: a microphone, the computer's sound, or both mixed. */
export const LIVE_SOURCES = ['microphone', 'computer', 'both'] as const;
export type LiveSource = (typeof LIVE_SOURCES)[number];
/** A source of the mix: its meter and gain on screen. */
export type LiveRole = 'microphone' | 'computer';
export const rolesOf = (source: LiveSource): LiveRole[] =>
  source === 'both' ? ['microphone', 'computer'] : [source];
/** The key a source's gain is remembered by: the microphone's device, or the computer's sound. */
export const gainKeyOf = (role: LiveRole, deviceId: string): string =>
  role === 'computer' ? 'computer-sound' : `microphone:${deviceId || 'default'}`;
/** Gains offered, as factors: -20 dB to +20 dB. */
export const GAIN_MIN = 0.1;
export const GAIN_MAX = 10;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/**
 * A meeting's session's job name, from its start in local time: "Meeting 27 Nov
 * 10:00", 「会議 11月27日 10:00」.
 */
export function meetingTitle(at: Date, lang: 'en' | 'ja'): string {
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return lang === 'ja'
    ? `会議 ${at.getMonth() + 1}月${at.getDate()}日 ${time}`
    : `Meeting ${at.getDate()} ${MONTHS[at.getMonth()]} ${time}`;
}

/** Headphones among the outputs' names: then the microphone does not hear the speakers. */
const HEADPHONES =
  /head(phone|set)|earbud|earphone|airpods|buds|ヘッドホン|ヘッドフォン|ヘッドセット|イヤホン/i;
export const headphonesIn = (outputs: readonly string[]): boolean =>
  outputs.some((label) => HEADPHONES.test(label));

export type LivePhase = 'idle' | LiveState;

export interface LiveSession {
  phase: LivePhase;
  finals: LiveUtterance[];
  /** An utterance is being spoken: its interim text is in `liveInterim`. */
  speaking: boolean;
  /** What ended the session (fatal), or what it is carrying on through (a dropped connection). */
  problem: { error: AppError; fatal: boolean } | undefined;
  /** The input says nothing (10 s of silence); cleared when sound comes back. */
  silent: AppError | undefined;
  jobId: string | undefined;
  reconnect: { attempt: number; retryInMs: number } | undefined;
  device: string;
  /** The names given the session's speakers, by label (`speaker0` → "Tanaka"). */
  speakerNames: Readonly<Record<string, string>>;
}

const IDLE: LiveSession = {
  phase: 'idle',
  finals: [],
  speaking: false,
  problem: undefined,
  silent: undefined,
  jobId: undefined,
  reconnect: undefined,
  device: '',
  speakerNames: {},
};

/** The level the screen readers' meter reads at its bottom, dBFS (and for silence). */
export const LEVEL_FLOOR_DB = -60;
const coarseLevel = (peakDb: number) =>
  Math.min(0, Math.max(LEVEL_FLOOR_DB, Math.round(peakDb / 10) * 10));

/** The utterance being spoken, not final yet. */
export interface LiveInterim {
  text: string;
  startMs?: number | undefined;
}

export interface LiveSlice {
  live: LiveSession;
  /**
   * The recorded time in ms, each whole second, and the interim text: streams apart from the
   * state (store/value-stream.ts), stable objects the state never replaces.
   */
  liveClock: ValueStream<number>;
  liveInterim: ValueStream<LiveInterim | undefined>;
  /** The input's loudest peak over the last second, in 10 dB steps from LEVEL_FLOOR_DB to 0. */
  liveLevel: ValueStream<number>;
  liveInputs: AudioInput[];
  /** The chosen input's deviceId ('' = the system default), remembered. */
  liveDevice: string;
  /** What Live listens to, remembered. */
  liveSource: LiveSource;
  setLiveSource: (source: LiveSource) => void;
  /** Each source's gain (a factor), remembered by gainKeyOf. */
  liveGains: Readonly<Record<string, number>>;
  setLiveGain: (role: LiveRole, gain: number) => void;
  /** Each source's loudest peak over the last second, as `liveLevel` is the mix's. */
  liveSourceLevels: Readonly<Record<LiveRole, ValueStream<number>>>;
  /**
   * Both sources and no headphones: the microphone also hears the speakers. Said once (until
   * the person says they have read it, remembered).
   */
  liveEchoNotice: boolean;
  dismissLiveEchoNotice: () => void;
  /** With both sources: the microphone is lowered while the computer plays (remembered). */
  liveDuck: boolean;
  setLiveDuck: (on: boolean) => void;
  /**
   * With both sources: the job also keeps each source apart, a 2-channel FLAC beside the mix
   * (remembered; taken at Start).
   */
  liveKeepApart: boolean;
  setLiveKeepApart: (on: boolean) => void;
  loadLiveInputs: () => Promise<void>;
  setLiveDevice: (deviceId: string) => void;
  /**
   * Starts a session: what Live's screen chose, or, for a call taken with `calls:answer`, the
   * microphone and the computer's sound, named for the call ("Zoom call 7 Dec 10:00").
   * `overBudget`: start even past the connection's budget (the person was asked).
   */
  liveStart: (options?: {
    overBudget?: boolean;
    call?: { id: string; app: string };
  }) => Promise<void>;
  /**
   * Names a speaker the session heard ("" gives the default back), for every final of theirs:
   * while the session runs it goes over the link and the core keeps it in the job; once it has
   * stopped, it is the job's speaker edit, as the viewer's rename makes.
   */
  liveNameSpeaker: (label: string, name: string) => Promise<Result<void>>;
  livePause: () => void;
  liveResume: () => void;
  liveStop: () => Promise<void>;
  /**
   * The level meter on screen (LiveMeter): a way to get a fresh port to it, which each capture
   * writes the level into from the audio thread; undefined when the meter is gone.
   */
  setLiveMeter: (meter: (() => MessagePort) | undefined, role?: LiveRole) => void;
}

const DEVICE_KEY = 'kikitori.liveDevice';
const SOURCE_KEY = 'kikitori.liveSource';
const GAINS_KEY = 'kikitori.liveGains';
const ECHO_KEY = 'kikitori.liveEchoTold';
const DUCK_KEY = 'kikitori.liveDuck';
const APART_KEY = 'kikitori.liveKeepApart';
const remembered = (key = DEVICE_KEY): string => {
  try {
    return globalThis.localStorage?.getItem(key) ?? '';
  } catch {
    return '';
  }
};
const remember = (key: string, value: string) => {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Not remembered: storage is off.
  }
};
const rememberedSource = (): LiveSource => {
  const value = remembered(SOURCE_KEY);
  return (LIVE_SOURCES as readonly string[]).includes(value) ? (value as LiveSource) : 'microphone';
};
const rememberedGains = (): Record<string, number> => {
  try {
    const parsed: unknown = JSON.parse(remembered(GAINS_KEY) || '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, number] =>
          typeof entry[1] === 'number' && entry[1] >= GAIN_MIN && entry[1] <= GAIN_MAX,
      ),
    );
  } catch {
    return {};
  }
};

/** A session that is under way (the microphone open or the host finishing). */
export const liveBusy = (phase: LivePhase): boolean => phase !== 'idle' && phase !== 'stopped';

/**
 * What every tab and the window's title say of a session under way: recording (from Start to
 * the end of Stop, reconnecting included: the recording goes on), paused, or nothing.
 */
export const liveMarkOf = (phase: LivePhase): 'recording' | 'paused' | undefined =>
  phase === 'paused' ? 'paused' : liveBusy(phase) ? 'recording' : undefined;

export const createLiveSlice =
  ({ bridge, capture: captureApi }: StoreDeps): StateCreator<AppState, [], [], LiveSlice> =>
  (set, get) => {
    let capture: Capture | undefined;
    let link: LiveConnection | undefined;
    const meters: Partial<Record<LiveRole | 'mix', () => MessagePort>> = {};
    /** The sources of the capture under way, in its order. */
    let roles: LiveRole[] = [];
    /** The core made the computer's sound for this session: it is let go after. */
    let computerHeld = false;
    const clock = valueStream(0);
    /** The input's level, for screen readers (the meter's picture is drawn elsewhere). */
    const level = valueStream(LEVEL_FLOOR_DB);
    const sourceLevels = {
      microphone: valueStream(LEVEL_FLOOR_DB),
      computer: valueStream(LEVEL_FLOOR_DB),
    };
    /** Gives the open capture its meters: one per source (with one source, its mix). */
    const attachMeters = (open: Capture) => {
      roles.forEach((role, index) => {
        const meter = meters[role] ?? (roles.length === 1 ? meters.mix : undefined);
        if (meter) open.meter(meter(), index);
      });
    };
    const letComputerGo = () => {
      if (!computerHeld) return;
      computerHeld = false;
      void bridge.call('live:computerSound', { on: false }).catch(() => undefined);
    };
    /**
     * The computer's sound as a capture source: on Linux the input the core makes (found among
     * the window's inputs by its label); where the core has none, the shared screen's sound.
     */
    const computerSource = async (gain: number): Promise<CaptureSourceSpec> => {
      const made = await bridge.call('live:computerSound', { on: true });
      if (!made.ok) {
        if (
          made.error.code === 'computer-sound-unavailable' &&
          made.error.params.reason === 'platform'
        )
          return { kind: 'display', gain };
        throw new AppFailure(made.error);
      }
      computerHeld = true;
      const label = made.data.label ?? '';
      const inputs = (await captureApi?.listInputs().catch(() => [])) ?? [];
      const found = inputs.find((input) => input.label === label && input.deviceId !== 'default');
      if (!found)
        throw new AppFailure(appError('computer-sound-unavailable', { reason: 'not-listed' }));
      return { kind: 'device', deviceId: found.deviceId, label, gain };
    };
    /** Each Start is an attempt; one overtaken (Stop, or another Start) lets its microphone go. */
    let attempt = 0;
    const interim = valueStream<LiveInterim | undefined>(undefined);
    const patch = (changes: Partial<LiveSession>) => set({ live: { ...get().live, ...changes } });

    /** Ends the microphone; `finish`: its last audio and `stop` go to the host first. */
    const release = async (finish = false): Promise<boolean> => {
      const open = capture;
      capture = undefined;
      level.set(LEVEL_FLOOR_DB);
      sourceLevels.microphone.set(LEVEL_FLOOR_DB);
      sourceLevels.computer.set(LEVEL_FLOOR_DB);
      const finished = (await open?.stop(finish).catch(() => false)) ?? false;
      letComputerGo();
      return finished;
    };

    const onEvent = (event: LiveEvent) => {
      switch (event.type) {
        case 'state': {
          const changes: Partial<LiveSession> = { phase: event.state };
          if (event.jobId) changes.jobId = event.jobId;
          if (event.state === 'reconnecting')
            changes.reconnect = { attempt: event.attempt ?? 1, retryInMs: event.retryInMs ?? 0 };
          else changes.reconnect = undefined;
          if (event.state === 'listening' && get().live.problem?.fatal === false)
            changes.problem = undefined;
          if (event.state === 'stopped') {
            changes.speaking = false;
            interim.set(undefined);
            void release();
            if (event.job) get().applyJob(event.job);
          }
          return patch(changes);
        }
        case 'interim':
          interim.set({ text: event.text, startMs: event.startMs });
          if (!get().live.speaking) patch({ speaking: true });
          return;
        case 'final':
          interim.set(undefined);
          return patch({ finals: [...get().live.finals, event.utterance], speaking: false });
        case 'error':
          return patch({ problem: { error: event.error, fatal: event.fatal } });
      }
    };

    return {
      live: IDLE,
      liveClock: clock,
      liveLevel: level,
      liveInterim: interim,
      liveInputs: [],
      liveDevice: remembered(),
      liveSource: rememberedSource(),
      setLiveSource(source) {
        remember(SOURCE_KEY, source);
        set({ liveSource: source });
      },
      liveGains: rememberedGains(),
      setLiveGain(role, gain) {
        const factor = Math.min(GAIN_MAX, Math.max(GAIN_MIN, gain));
        const key = gainKeyOf(role, get().liveDevice);
        const gains = { ...get().liveGains, [key]: factor };
        remember(GAINS_KEY, JSON.stringify(gains));
        set({ liveGains: gains });
        const index = roles.indexOf(role);
        if (capture && index >= 0) capture.gain(index, factor);
      },
      liveSourceLevels: sourceLevels,
      liveEchoNotice: false,
      dismissLiveEchoNotice() {
        remember(ECHO_KEY, '1');
        set({ liveEchoNotice: false });
      },
      liveDuck: remembered(DUCK_KEY) === '1',
      setLiveDuck(on) {
        remember(DUCK_KEY, on ? '1' : '0');
        set({ liveDuck: on });
        if (capture && roles.length === 2) capture.duck?.(on ? MICROPHONE_BY_COMPUTER : undefined);
      },
      liveKeepApart: remembered(APART_KEY) === '1',
      setLiveKeepApart(on) {
        remember(APART_KEY, on ? '1' : '0');
        set({ liveKeepApart: on });
      },
      async loadLiveInputs() {
        if (!captureApi) return;
        const inputs = await captureApi.listInputs().catch(() => []);
        set({ liveInputs: inputs });
      },
      setLiveDevice(deviceId) {
        try {
          globalThis.localStorage?.setItem(DEVICE_KEY, deviceId);
        } catch {
          // Not remembered: storage is off.
        }
        set({ liveDevice: deviceId });
      },
      async liveStart(options = {}) {
        const { call } = options;
        if (liveBusy(get().live.phase)) return;
        if (!captureApi) {
          return patch({ ...IDLE, problem: { error: appError('mic-none'), fatal: true } });
        }
        set({ live: { ...IDLE, phase: 'connecting' } });
        clock.set(0);
        interim.set(undefined);
        const mine = ++attempt;
        const deviceId = get().liveDevice;
        // A call is heard both ways: the person's microphone and the others on the speakers.
        const source: LiveSource = call ? 'both' : get().liveSource;
        const wanted = rolesOf(source);
        // The streams this capture opens are Kikitori's own, never a call (browser mode cannot
        // tell them otherwise); a core that cannot say so still records.
        await bridge.call('calls:expectOwn', { streams: wanted.length }).catch(() => undefined);
        const gainOf = (role: LiveRole) => get().liveGains[gainKeyOf(role, deviceId)] ?? 1;
        const apart = source === 'both' && get().liveKeepApart;
        let opened: Capture;
        try {
          const sources: CaptureSourceSpec[] = [];
          for (const role of wanted)
            sources.push(
              role === 'computer'
                ? await computerSource(gainOf(role))
                : { kind: 'device', ...(deviceId ? { deviceId } : {}), gain: gainOf(role) },
            );
          roles = wanted;
          opened = await captureApi.startCapture({
            ...(source === 'microphone' && deviceId ? { deviceId } : {}),
            ...(source === 'microphone' && gainOf('microphone') === 1 ? {} : { sources }),
            ...(source === 'both' && get().liveDuck ? { duck: MICROPHONE_BY_COMPUTER } : {}),
            ...(apart ? { apart } : {}),
            onClock: (recordedMs, peakDb, peaksDb) => {
              clock.set(recordedMs);
              level.set(coarseLevel(peakDb));
              roles.forEach((role, index) => {
                const each = peaksDb?.[index];
                if (each !== undefined) sourceLevels[role].set(coarseLevel(each));
              });
            },
            onSilence: (seconds) =>
              patch({
                silent: appError('mic-silent', {
                  device: capture?.label || deviceId || 'default',
                  seconds,
                }),
              }),
            onSound: () => {
              if (get().live.silent) patch({ silent: undefined });
            },
          });
        } catch (error) {
          letComputerGo();
          if (mine !== attempt) return;
          const failure =
            error && typeof error === 'object' && 'error' in error
              ? (error as { error: AppError }).error
              : appError('mic-failed', { device: deviceId || 'default' });
          return patch({ phase: 'idle', problem: { error: failure, fatal: true } });
        }
        // Stopped (or started again) while the microphone was being opened: let it go.
        if (mine !== attempt || get().live.phase !== 'connecting') {
          await opened.stop().catch(() => undefined);
          return;
        }
        capture = opened;
        attachMeters(opened);
        if (source === 'both' && remembered(ECHO_KEY) !== '1') {
          const outputs = (await captureApi.listOutputs?.().catch(() => [])) ?? [];
          if (!headphonesIn(outputs)) set({ liveEchoNotice: true });
        }
        let connection: LiveConnection;
        try {
          connection = bridge.openLive();
        } catch (error) {
          await release();
          return patch({
            phase: 'stopped',
            problem: {
              error: appError('network', { host: 'Kikitori', reason: 'other' }, String(error)),
              fatal: true,
            },
          });
        }
        link = connection;
        patch({ device: opened.label });
        connection.onEvent(onEvent);
        connection.onClose(() => {
          if (link !== connection) return;
          link = undefined;
          void release();
          const live = get().live;
          if (live.phase !== 'stopped') {
            interim.set(undefined);
            patch({
              phase: 'stopped',
              speaking: false,
              problem: live.problem ?? {
                error: appError('network', { host: 'Kikitori', reason: 'reset' }),
                fatal: true,
              },
            });
          }
        });
        const active = get().activeConnection;
        connection.send({
          type: 'start',
          ...(active ? { connection: active } : {}),
          ...(opened.label ? { device: opened.label.slice(0, 200) } : {}),
          // A call is named for its application; a meeting (the computer's sound is heard) for
          // the meeting.
          ...(call
            ? { title: callTitle(call.app, new Date(), get().lang), call: call.id }
            : wanted.includes('computer')
              ? { title: meetingTitle(new Date(), get().lang) }
              : {}),
          // Each source kept apart too: the audio is frames of the mix, then each source.
          ...(apart ? { apart: wanted.length } : {}),
          ...(options.overBudget ? { overBudget: true } : {}),
        });
        const audio = await connection.audioPort();
        if (capture !== opened || link !== connection) {
          audio?.port.close();
          return;
        }
        if (audio) return opened.connect(audio.port, audio.transfer);
        // No way for the audio to reach the host: end the session before it records nothing.
        patch({
          problem: {
            error: appError('network', { host: 'Kikitori', reason: 'other' }, 'no audio port'),
            fatal: true,
          },
        });
        await release();
        connection.send({ type: 'stop' });
      },
      async liveNameSpeaker(label, typed) {
        // (The field takes no more; the link would refuse it and end the session.)
        const name = typed.trim().slice(0, SPEAKER_NAME_MAX);
        const { phase, jobId } = get().live;
        if (link && phase !== 'stopped') link.send({ type: 'speaker', label, name });
        else if (jobId) {
          const op: EditOp = { kind: 'speaker', label, name };
          const done = await bridge.call('edits:apply', { id: jobId, op });
          if (!done.ok) return done;
          get().applyJob(done.data.job);
        } else return { ok: false, error: appError('not-found', { what: 'job' }) };
        const names = { ...get().live.speakerNames };
        if (name === '') delete names[label];
        else names[label] = name;
        patch({ speakerNames: names });
        return DONE;
      },
      livePause() {
        if (get().live.phase !== 'listening') return;
        level.set(LEVEL_FLOOR_DB);
        // The worklet says it among the audio; without a capture the link says it.
        if (capture) capture.pause();
        else link?.send({ type: 'pause' });
      },
      liveResume() {
        if (get().live.phase !== 'paused') return;
        if (capture) capture.resume();
        else link?.send({ type: 'resume' });
      },
      async liveStop() {
        const phase = get().live.phase;
        // Stopping already: the worklet is saying its last (a second stop could overtake it).
        if (!liveBusy(phase) || phase === 'stopping') return;
        if (!link) {
          await release();
          return patch({ phase: 'stopped' });
        }
        const open = link;
        patch({ phase: 'stopping' });
        // The worklet sends its last audio, then `stop`; if it could not, the link says it.
        if (!(await release(true))) open.send({ type: 'stop' });
      },
      setLiveMeter(given, role) {
        const key = role ?? 'mix';
        if (given) meters[key] = given;
        else delete meters[key];
        if (!given || !capture) return;
        const index = role ? roles.indexOf(role) : roles.length === 1 ? 0 : -1;
        if (index >= 0) capture.meter(given(), index);
      },
    };
  };

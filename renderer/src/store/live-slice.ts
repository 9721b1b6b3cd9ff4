/**
 * The Live screen's state: its sources (live-sources.ts: each kind opened by its provider),
 * captured through the injected capture (which lives with the feature: features/live/capture),
 * the live link to the host (bridge.openLive, the key stays in the main process), and what comes
 * back: finalized utterances, the one being spoken, the session's state and its problems.
 *
 * Order of a start: the sources first (a refusal or no device ends it here, nothing opened),
 * then the link and its `start`, then the link's audio port is handed to the capture. The whole
 * path of the audio and the events, told once: docs/architecture.md §4, "Live: a stream, not a channel".
 */
import type { StateCreator } from 'zustand';
import { callTitle } from '../../../shared/domain/calls';
import type { EditOp } from '../../../shared/domain/edits';
import { appError, type AppError } from '../../../shared/domain/errors';
import { SPEAKER_NAME_MAX } from '../../../shared/domain/no-edits';
import type { AudioSource, LiveEvent, LiveState, LiveUtterance } from '../../../shared/ipc/live';
import { LIVE_AUDIO, sourcesOfChoice } from '../../../shared/ipc/live';
import type { LiveConnection } from '../host/bridge';
import type { Capture } from './live-capture';
import {
  duckPairOf,
  gainKeyOf,
  headphonesIn,
  hearsComputer,
  meetingTitle,
  provideSources,
  remembered,
} from './live-sources';
import {
  createLiveSourcesSlice,
  ECHO_KEY,
  type LiveSourcesSlice,
  type RunningCapture,
} from './live-sources-slice';
import { DONE, type Result } from './result';
import type { AppState, StoreDeps } from './store';
import { valueStream, type ValueStream } from './value-stream';

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

export interface LiveSlice extends LiveSourcesSlice {
  live: LiveSession;
  /**
   * The recorded time in ms, each whole second, and the interim text: streams apart from the
   * state (store/value-stream.ts), stable objects the state never replaces.
   */
  liveClock: ValueStream<number>;
  liveInterim: ValueStream<LiveInterim | undefined>;
  /** The input's loudest peak over the last second, in 10 dB steps from LEVEL_FLOOR_DB to 0. */
  liveLevel: ValueStream<number>;
  /** Each source's loudest peak over the last second, by index, as `liveLevel` is the mix's. */
  liveSourceLevels: readonly ValueStream<number>[];
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
   * writes the level into from the audio thread; undefined when the meter is gone. With `source`,
   * that source's meter (by index); else the mix's.
   */
  setLiveMeter: (meter: (() => MessagePort) | undefined, source?: number) => void;
}

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
  (set, get, api) => {
    /** The capture under way, shared with the sources' settings (a gain, the duck, at once). */
    const running: RunningCapture = { capture: undefined, sources: [] };
    let link: LiveConnection | undefined;
    /** The meters on screen: each source's by index, and the mix's. */
    const meters = new Map<number | 'mix', () => MessagePort>();
    /** Lets go what the sources' providers made for the capture under way. */
    let releaseSources = () => {};
    const clock = valueStream(0);
    /** The input's level, for screen readers (the meter's picture is drawn elsewhere). */
    const level = valueStream(LEVEL_FLOOR_DB);
    const sourceLevels = Array.from({ length: LIVE_AUDIO.maxSources }, () =>
      valueStream(LEVEL_FLOOR_DB),
    );
    /** Gives the open capture its meters: one per source (with one source, its mix). */
    const attachMeters = (open: Capture) => {
      running.sources.forEach((_source, index) => {
        const meter =
          meters.get(index) ?? (running.sources.length === 1 ? meters.get('mix') : undefined);
        if (meter) open.meter(meter(), index);
      });
    };
    const letSourcesGo = () => {
      const release = releaseSources;
      releaseSources = () => {};
      release();
    };
    /** Each Start is an attempt; one overtaken (Stop, or another Start) lets its microphone go. */
    let attempt = 0;
    const interim = valueStream<LiveInterim | undefined>(undefined);
    const patch = (changes: Partial<LiveSession>) => set({ live: { ...get().live, ...changes } });

    /** Ends the microphone; `finish`: its last audio and `stop` go to the host first. */
    const release = async (finish = false): Promise<boolean> => {
      const open = running.capture;
      running.capture = undefined;
      level.set(LEVEL_FLOOR_DB);
      for (const each of sourceLevels) each.set(LEVEL_FLOOR_DB);
      const finished = (await open?.stop(finish).catch(() => false)) ?? false;
      letSourcesGo();
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
      ...createLiveSourcesSlice({ bridge, capture: captureApi }, running)(set, get, api),
      live: IDLE,
      liveClock: clock,
      liveLevel: level,
      liveInterim: interim,
      liveSourceLevels: sourceLevels,
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
        const wanted = call ? sourcesOfChoice('both', deviceId) : get().liveSources;
        // The streams this capture opens are Kikitori's own, never a call (browser mode cannot
        // tell them otherwise); a core that cannot say so still records.
        await bridge.call('calls:expectOwn', { streams: wanted.length }).catch(() => undefined);
        const gainOf = (source: AudioSource) => get().liveGains[gainKeyOf(source)] ?? 1;
        const apart = wanted.length > 1 && get().liveKeepApart;
        const duck = get().liveDuck ? duckPairOf(wanted) : undefined;
        let opened: Capture;
        let provided: Awaited<ReturnType<typeof provideSources>> | undefined;
        try {
          const listInputs = () => captureApi.listInputs();
          provided = await provideSources(wanted, gainOf, { bridge, listInputs });
          running.sources = wanted;
          opened = await captureApi.startCapture({
            sources: provided.specs,
            ...(duck ? { duck } : {}),
            ...(apart ? { apart } : {}),
            onClock: (recordedMs, peakDb, peaksDb) => {
              clock.set(recordedMs);
              level.set(coarseLevel(peakDb));
              peaksDb?.forEach((each, index) => sourceLevels[index]?.set(coarseLevel(each)));
            },
            onSilence: (seconds) =>
              patch({
                silent: appError('mic-silent', {
                  device: running.capture?.label || deviceId || 'default',
                  seconds,
                }),
              }),
            onSound: () => {
              if (get().live.silent) patch({ silent: undefined });
            },
          });
        } catch (error) {
          provided?.release();
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
          provided.release();
          return;
        }
        running.capture = opened;
        releaseSources = provided.release;
        attachMeters(opened);
        if (duckPairOf(wanted) && remembered(ECHO_KEY) !== '1') {
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
            : hearsComputer(wanted)
              ? { title: meetingTitle(new Date(), get().lang) }
              : {}),
          sources: wanted.map((source) => {
            const gain = gainOf(source);
            return gain === 1 ? source : { ...source, gain };
          }),
          // Each source kept apart too: the audio is frames of the mix, then each source.
          ...(apart ? { apart: wanted.length } : {}),
          ...(options.overBudget ? { overBudget: true } : {}),
        });
        const audio = await connection.audioPort();
        if (running.capture !== opened || link !== connection) {
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
        if (running.capture) running.capture.pause();
        else link?.send({ type: 'pause' });
      },
      liveResume() {
        if (get().live.phase !== 'paused') return;
        if (running.capture) running.capture.resume();
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
      setLiveMeter(given, source) {
        const key = source ?? 'mix';
        if (given) meters.set(key, given);
        else meters.delete(key);
        if (!given || !running.capture) return;
        const index = source ?? (running.sources.length === 1 ? 0 : -1);
        if (index >= 0 && index < running.sources.length) running.capture.meter(given(), index);
      },
    };
  };

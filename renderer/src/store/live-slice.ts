/**
 * The Live screen's state (issue #17): the microphone (through the injected capture, which lives
 * with the feature: features/live/capture), the live link to the host (bridge.openLive, the key
 * stays in the main process), and what comes back: finalized utterances, the one being spoken,
 * the session's state and its problems.
 *
 * Order of a start: the microphone first (a refusal or no device ends it here, nothing opened),
 * then the link and its `start`; audio flows at once (the host keeps what comes while the
 * session opens). Stop stops the microphone, then asks the host to finish: the last final comes,
 * then `stopped` with the job.
 */
import type { StateCreator } from 'zustand';
import { appError, type AppError } from '../../../shared/domain/errors';
import type { LiveEvent, LiveState, LiveUtterance } from '../../../shared/ipc/live';
import { LIVE_AUDIO } from '../../../shared/ipc/live';
import type { LiveConnection } from '../host/bridge';
import type { AppState, StoreDeps } from './store';

/** An input the person can choose; `label` is '' before the microphone was ever allowed. */
export interface AudioInput {
  readonly deviceId: string;
  readonly label: string;
}

/** A running capture (features/live/capture/capture.ts). */
export interface Capture {
  readonly label: string;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/** The microphone, injected (the window gives features/live/capture; tests a fake). */
export interface CaptureApi {
  listInputs(): Promise<AudioInput[]>;
  startCapture(options: {
    deviceId?: string;
    onChunk(chunk: ArrayBuffer): void;
    onLevel(level: { rmsDb: number; peakDb: number }): void;
    onSilence(seconds: number): void;
  }): Promise<Capture>;
}

export type LivePhase = 'idle' | LiveState;

export interface LiveSession {
  phase: LivePhase;
  finals: LiveUtterance[];
  interim: { text: string; startMs?: number | undefined } | undefined;
  /** What ended the session (fatal), or what it is carrying on through (a dropped connection). */
  problem: { error: AppError; fatal: boolean } | undefined;
  /** The input says nothing (10 s of silence); cleared when sound comes back. */
  silent: AppError | undefined;
  jobId: string | undefined;
  /** Audio sent so far (recorded time). */
  recordedMs: number;
  /** The input's level, dBFS (peak of the last chunk). */
  levelDb: number;
  reconnect: { attempt: number; retryInMs: number } | undefined;
  device: string;
}

const IDLE: LiveSession = {
  phase: 'idle',
  finals: [],
  interim: undefined,
  problem: undefined,
  silent: undefined,
  jobId: undefined,
  recordedMs: 0,
  levelDb: -Infinity,
  reconnect: undefined,
  device: '',
};

export interface LiveSlice {
  live: LiveSession;
  liveInputs: AudioInput[];
  /** The chosen input's deviceId ('' = the system default), remembered. */
  liveDevice: string;
  loadLiveInputs: () => Promise<void>;
  setLiveDevice: (deviceId: string) => void;
  liveStart: () => Promise<void>;
  livePause: () => void;
  liveResume: () => void;
  liveStop: () => Promise<void>;
}

const DEVICE_KEY = 'kikitori.liveDevice';
const remembered = (): string => {
  try {
    return globalThis.localStorage?.getItem(DEVICE_KEY) ?? '';
  } catch {
    return '';
  }
};

/** A session that is under way (the microphone open or the host finishing). */
export const liveBusy = (phase: LivePhase): boolean => phase !== 'idle' && phase !== 'stopped';

const CHUNK_MS = (LIVE_AUDIO.chunkSamples / LIVE_AUDIO.sampleRate) * 1000;

export const createLiveSlice =
  ({ bridge, capture: captureApi }: StoreDeps): StateCreator<AppState, [], [], LiveSlice> =>
  (set, get) => {
    let capture: Capture | undefined;
    let link: LiveConnection | undefined;
    const patch = (changes: Partial<LiveSession>) => set({ live: { ...get().live, ...changes } });

    const release = async () => {
      const open = capture;
      capture = undefined;
      await open?.stop().catch(() => undefined);
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
            changes.interim = undefined;
            void release();
            if (event.job) get().applyJob(event.job);
          }
          return patch(changes);
        }
        case 'interim':
          return patch({ interim: { text: event.text, startMs: event.startMs } });
        case 'final':
          return patch({ finals: [...get().live.finals, event.utterance], interim: undefined });
        case 'error':
          return patch({ problem: { error: event.error, fatal: event.fatal } });
      }
    };

    return {
      live: IDLE,
      liveInputs: [],
      liveDevice: remembered(),
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
      async liveStart() {
        if (liveBusy(get().live.phase)) return;
        if (!captureApi) {
          return patch({ ...IDLE, problem: { error: appError('mic-none'), fatal: true } });
        }
        set({ live: { ...IDLE, phase: 'connecting' } });
        const deviceId = get().liveDevice;
        let opened: Capture;
        // Where chunks go: the link, once the microphone is open and the link made.
        const sink: { link?: LiveConnection } = {};
        let sentMs = 0;
        try {
          opened = await captureApi.startCapture({
            ...(deviceId ? { deviceId } : {}),
            onChunk: (chunk) => {
              sink.link?.sendAudio(chunk);
              sentMs += CHUNK_MS;
              patch({ recordedMs: sentMs });
            },
            onLevel: ({ peakDb }) => {
              const live = get().live;
              patch({
                levelDb: peakDb,
                ...(peakDb > -60 && live.silent ? { silent: undefined } : {}),
              });
            },
            onSilence: (seconds) =>
              patch({
                silent: appError('mic-silent', {
                  device: capture?.label || deviceId || 'default',
                  seconds,
                }),
              }),
          });
        } catch (error) {
          const failure =
            error && typeof error === 'object' && 'error' in error
              ? (error as { error: AppError }).error
              : appError('mic-failed', { device: deviceId || 'default' });
          return patch({ phase: 'idle', problem: { error: failure, fatal: true } });
        }
        capture = opened;
        const connection = bridge.openLive();
        sink.link = connection;
        link = connection;
        patch({ device: opened.label });
        connection.onEvent(onEvent);
        connection.onClose(() => {
          if (link !== connection) return;
          link = undefined;
          void release();
          const live = get().live;
          if (live.phase !== 'stopped') {
            patch({
              phase: 'stopped',
              interim: undefined,
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
        });
      },
      livePause() {
        if (get().live.phase !== 'listening') return;
        capture?.pause();
        link?.send({ type: 'pause' });
      },
      liveResume() {
        if (get().live.phase !== 'paused') return;
        capture?.resume();
        link?.send({ type: 'resume' });
      },
      async liveStop() {
        if (!liveBusy(get().live.phase)) return;
        await release();
        if (link) {
          link.send({ type: 'stop' });
          patch({ phase: 'stopping' });
        } else patch({ phase: 'stopped' });
      },
    };
  };

/**
 * What Live listens to, as the person set it (part of the live slice, live-slice.ts): the
 * sources (live-sources.ts), the microphone's input, each source's gain, the duck and whether
 * the sources are also kept apart; all remembered. A gain or the duck changed while recording
 * reaches the capture under way at once.
 */
import type { StateCreator } from 'zustand';
import {
  GAIN_MAX,
  GAIN_MIN,
  sourcesOfChoice,
  type AudioSource,
  type LiveSourceChoice,
} from '../../../shared/ipc/live';
import type { AudioInput, Capture } from './live-capture';
import {
  DEVICE_KEY,
  duckPairOf,
  gainKeyOf,
  rememberedGains,
  rememberedSources,
  rememberGains,
  rememberSources,
  remember,
  remembered,
} from './live-sources';
import type { AppState, StoreDeps } from './store';

/** The capture under way and the sources it hears, in its order (the session sets them). */
export interface RunningCapture {
  capture: Capture | undefined;
  sources: readonly AudioSource[];
}

export interface LiveSourcesSlice {
  liveInputs: AudioInput[];
  /** The microphone's chosen input, its deviceId ('' = the system default), remembered. */
  liveDevice: string;
  /** What Live listens to, in order (live-sources.ts), remembered. */
  liveSources: readonly AudioSource[];
  /** Listen to what the screen's one choice stands for, the chosen microphone's input kept. */
  setLiveSource: (choice: LiveSourceChoice) => void;
  /** Each source's gain (a factor), remembered by gainKeyOf. */
  liveGains: Readonly<Record<string, number>>;
  /** Source `index`'s gain, remembered by gainKeyOf, applied at once while recording. */
  setLiveGain: (index: number, gain: number) => void;
  /**
   * A microphone and the computer's sound, and no headphones: the microphone also hears the
   * speakers. Said once (until the person says they have read it, remembered).
   */
  liveEchoNotice: boolean;
  dismissLiveEchoNotice: () => void;
  /** The microphone is lowered while the computer plays (remembered), when both are heard. */
  liveDuck: boolean;
  setLiveDuck: (on: boolean) => void;
  /**
   * With several sources: the job also keeps each source apart, a FLAC beside the mix with a
   * channel per source (remembered; taken at Start).
   */
  liveKeepApart: boolean;
  setLiveKeepApart: (on: boolean) => void;
  loadLiveInputs: () => Promise<void>;
  setLiveDevice: (deviceId: string) => void;
}

export const ECHO_KEY = 'kikitori.liveEchoTold';
const DUCK_KEY = 'kikitori.liveDuck';
const APART_KEY = 'kikitori.liveKeepApart';

export const createLiveSourcesSlice =
  (
    { capture: captureApi }: StoreDeps,
    running: RunningCapture,
  ): StateCreator<AppState, [], [], LiveSourcesSlice> =>
  (set, get) => ({
    liveInputs: [],
    liveDevice: remembered(DEVICE_KEY),
    liveSources: rememberedSources(),
    setLiveSource(choice) {
      const chosen = sourcesOfChoice(choice, get().liveDevice);
      rememberSources(chosen);
      set({ liveSources: chosen });
    },
    liveGains: rememberedGains(),
    setLiveGain(index, gain) {
      const source = get().liveSources[index];
      if (!source) return;
      const factor = Math.min(GAIN_MAX, Math.max(GAIN_MIN, gain));
      const key = gainKeyOf(source);
      const gains = { ...get().liveGains, [key]: factor };
      rememberGains(gains);
      set({ liveGains: gains });
      // The capture under way may hear other sources than the screen's (a call's): by key.
      running.sources.forEach((each, at) => {
        if (gainKeyOf(each) === key) running.capture?.gain(at, factor);
      });
    },
    liveEchoNotice: false,
    dismissLiveEchoNotice() {
      remember(ECHO_KEY, '1');
      set({ liveEchoNotice: false });
    },
    liveDuck: remembered(DUCK_KEY) === '1',
    setLiveDuck(on) {
      remember(DUCK_KEY, on ? '1' : '0');
      set({ liveDuck: on });
      const pair = duckPairOf(running.sources);
      if (running.capture && pair) running.capture.duck?.(on ? pair : undefined);
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
      remember(DEVICE_KEY, deviceId);
      // The screen's one input is its first microphone's.
      const first = get().liveSources.findIndex((each) => each.kind === 'microphone');
      const chosen = get().liveSources.map((each, index) =>
        index === first ? { kind: each.kind, ...(deviceId ? { device: deviceId } : {}) } : each,
      );
      rememberSources(chosen);
      set({ liveDevice: deviceId, liveSources: chosen });
    },
  });

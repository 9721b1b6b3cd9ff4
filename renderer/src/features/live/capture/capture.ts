/**
 * The microphone (and the computer's sound) for the Live screen: the inputs there are, and a
 * capture whose worklet writes the audio into the live link's port (the whole path, told once:
 * docs/architecture.md §4, "Live: a stream, not a channel").
 *
 * The audio is taken raw (no echo cancellation, noise suppression or gain control: they are tuned
 * for calls, and pump and smear speech the recognizer then reads worse), at the device's own
 * rate, and brought to 16 kHz on the audio thread (capture-worklet.ts).
 */
import type { CaptureCommand, CaptureReport } from './capture-core';
import type { CaptureProcessorOptions } from './capture-worklet';
import workletUrl from './capture-worklet.ts?worker&url';
import { AppFailure, appError } from '../../../../../shared/domain/errors';
import { micFailure } from './errors';

export interface AudioInput {
  deviceId: string;
  /** Empty before the microphone was first allowed: the caller names it ("Microphone 2"). */
  label: string;
}

/** The rates the resampler takes; a context outside them is refused as a failed input. */
const MIN_RATE = 8_000;
const MAX_RATE = 192_000;

/** The audio inputs, the system's default first. */
export async function listInputs(): Promise<AudioInput[]> {
  const devices = navigator.mediaDevices ? await navigator.mediaDevices.enumerateDevices() : [];
  const inputs = devices
    .filter((d) => d.kind === 'audioinput')
    .map((d) => ({ deviceId: d.deviceId, label: d.label }));
  // Chromium lists the default as its own entry ('default'); elsewhere the first is the default.
  const first = inputs.findIndex((d) => d.deviceId === 'default');
  if (first > 0) inputs.unshift(...inputs.splice(first, 1));
  return inputs;
}

/**
 * One source of a capture, as the store's source providers resolve each (store/live-sources.ts):
 * an input device (a microphone, or on Linux the computer's sound as the core made it an input),
 * or the screen or tab sharing's sound (`getDisplayMedia`: browser mode where the browser gives
 * it, and Electron on Windows and macOS through the main process's display media handler,
 * electron/main/loopback.ts).
 */
export type CaptureSource =
  | {
      kind: 'device';
      /** The input to open; the system's default when absent or empty. */
      deviceId?: string;
      /** The input's name as the window shows it, for error messages until it names itself. */
      label?: string;
      /** Its gain, a factor (1 when absent). */
      gain?: number;
    }
  | { kind: 'display'; gain?: number };

/** The sound outputs' names, the system's default first (to tell headphones in use). */
export async function listOutputs(): Promise<string[]> {
  const devices = navigator.mediaDevices ? await navigator.mediaDevices.enumerateDevices() : [];
  const outputs = devices.filter((d) => d.kind === 'audiooutput');
  const first = outputs.findIndex((d) => d.deviceId === 'default');
  if (first > 0) outputs.unshift(...outputs.splice(first, 1));
  return outputs.map((d) => d.label);
}

export interface CaptureOptions {
  /** The input to open; the system's default when absent or empty (when `sources` is absent). */
  deviceId?: string;
  /** The input's name as the window shows it, for error messages until the device names itself. */
  label?: string;
  /** The sources mixed into the one stream, in order (their meters and gains go by index). */
  sources?: CaptureSource[];
  /** Lower source `source` while `by` plays (the microphone by the computer's sound). */
  duck?: { source: number; by: number };
  /**
   * Keep each source apart too: each chunk is then frames of the mix and each source as it came
   * (shared/ipc/live.ts `apart`). Only with several sources.
   */
  apart?: boolean;
  /**
   * The audio recorded so far, each whole second, and that second's loudest peak (dBFS): the
   * mix's and each source's.
   */
  onClock(recordedMs: number, peakDb: number, peaksDb: readonly number[]): void;
  /** No sound for `seconds`: once, and again only after sound came back and went. */
  onSilence(seconds: number): void;
  /** The silence told is over (sound came back, or the capture paused or stopped). */
  onSound(): void;
  /** How long a silence lasts before onSilence; 10 s when absent. */
  silenceMs?: number;
}

export interface Capture {
  /** The input's name as the system gives it (empty if it gives none); the sources' joined. */
  readonly label: string;
  /** Each source's name as the system gives it. */
  readonly labels: readonly string[];
  /** The device's rate, before resampling to 16 kHz. */
  readonly sampleRate: number;
  /**
   * Where the audio goes from the audio thread, never through this one (capture-core.ts): LSB16K
   * chunks as ArrayBuffers and, in their place among them, `pause`, `resume` and `stop` as
   * LiveClientMessage JSON. What was captured before it was connected goes first. `transfer`:
   * whether the port's other end takes transferred ArrayBuffers (else each is copied).
   */
  connect(sink: MessagePort, transfer: boolean): void;
  /**
   * Where the input's level goes from the audio thread: each chunk's peak in dBFS, a number, to
   * the Worker that draws the meter (features/live/meter.ts). A new one replaces the last.
   */
  meter(port: MessagePort, source?: number): void;
  /** A source's gain, a factor (1: as it comes), from the next samples on. */
  gain(source: number, gain: number): void;
  /** Lower `source` while `by` plays (duck.ts), or no more (undefined), from the next samples on. */
  duck(pair: { source: number; by: number } | undefined): void;
  /** Nothing is recorded until resume(); what was not yet a whole chunk is dropped. */
  pause(): void;
  resume(): void;
  /**
   * Releases the microphone and the audio context; the capture cannot be used after it.
   * `finish`: the last partial chunk and a `stop` go into the sink first. Resolves whether they
   * did (false when there was no sink, or the audio thread did not answer).
   */
  stop(finish?: boolean): Promise<boolean>;
}

/** How long stop() waits for the audio thread to confirm before closing anyway. */
const STOP_WAIT_MS = 1_000;

/** The sound of a shared screen or tab, its picture let go; rejects with an AppFailure. */
async function openDisplay(): Promise<MediaStream> {
  const failed = (reason: 'no-audio' | 'denied' | 'platform', detail?: unknown) =>
    new AppFailure(
      appError(
        'computer-sound-unavailable',
        { reason },
        detail instanceof Error ? detail.message : undefined,
      ),
    );
  if (!navigator.mediaDevices?.getDisplayMedia) throw failed('platform');
  let stream: MediaStream;
  try {
    // Chromium asks for the picture too; the sound is what is kept (its processing off, as for
    // the microphone). `systemAudio` offers the whole system's sound where the browser has it.
    stream = await navigator.mediaDevices.getDisplayMedia({
      video: true,
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      systemAudio: 'include',
    } as DisplayMediaStreamOptions);
  } catch (error) {
    const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
    throw failed(name === 'NotAllowedError' ? 'denied' : 'platform', error);
  }
  for (const track of stream.getVideoTracks()) track.stop();
  if (stream.getAudioTracks().length === 0) throw failed('no-audio');
  return stream;
}

/** Opens one input device, raw; rejects with an AppFailure (mic-…). */
async function openDevice(deviceId: string | undefined, device: string): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: {
        // Exact: a chosen input that is gone is said so, not silently replaced by another.
        ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
        channelCount: 1,
      },
    });
  } catch (error) {
    throw micFailure(error, device);
  }
}

/** Opens one source by its way (`device`: the name errors give an input without its own). */
const open = (source: CaptureSource, device: string): Promise<MediaStream> =>
  source.kind === 'display' ? openDisplay() : openDevice(source.deviceId, source.label ?? device);

/** Opens the inputs and starts capturing their mix; rejects with an AppFailure (mic-…). */
export async function startCapture(options: CaptureOptions): Promise<Capture> {
  const silenceMs = options.silenceMs ?? 10_000;
  const sources: CaptureSource[] = options.sources ?? [
    {
      kind: 'device',
      ...(options.deviceId ? { deviceId: options.deviceId } : {}),
      ...(options.label ? { label: options.label } : {}),
    },
  ];
  let device = sources.find((s) => s.kind === 'device')?.label ?? options.label ?? '';
  if (!navigator.mediaDevices)
    // Only a secure context (https, localhost, the app's own pages) has one.
    throw micFailure(new Error('navigator.mediaDevices is unavailable'), device);

  const streams: MediaStream[] = [];
  const closeStreams = () => {
    for (const opened of streams) for (const t of opened.getTracks()) t.stop();
  };
  try {
    for (const source of sources) streams.push(await open(source, device));
  } catch (error) {
    closeStreams();
    throw error;
  }
  const tracks = streams.map((opened) => opened.getAudioTracks()[0]);
  const labels = tracks.map((t) => t?.label ?? '');
  const label = labels.filter(Boolean).join(' + ');
  const track = tracks[0];
  device = label || device;

  let context: AudioContext | undefined;
  try {
    // The device's own rate: the context then resamples nothing, and our filter does it once.
    const deviceRate = track?.getSettings().sampleRate;
    context = new AudioContext(
      deviceRate && deviceRate >= MIN_RATE && deviceRate <= MAX_RATE
        ? { sampleRate: deviceRate }
        : {},
    );
    if (context.sampleRate < MIN_RATE || context.sampleRate > MAX_RATE)
      throw new Error(`unsupported sample rate ${context.sampleRate}`);
    await context.audioWorklet.addModule(workletUrl);
    const opened = context;
    const nodes = streams.map((each) => opened.createMediaStreamSource(each));
    // No outputs: the node only listens, and Chromium pulls a node without outputs by itself.
    const processorOptions: CaptureProcessorOptions = {
      silenceMs,
      sources: streams.length,
      apart: options.apart === true && streams.length > 1,
    };
    const node = new AudioWorkletNode(context, 'kikitori-capture', {
      numberOfInputs: streams.length,
      numberOfOutputs: 0,
      processorOptions,
    });
    const command = (message: CaptureCommand, transfer: Transferable[] = []) =>
      node.port.postMessage(message, transfer);
    let confirmStop: ((finished: boolean) => void) | undefined;
    node.port.onmessage = (event: MessageEvent<CaptureReport>) => {
      const report = event.data;
      if (report.type === 'clock')
        options.onClock(report.recordedMs, report.peakDb, report.peaksDb);
      else if (report.type === 'silent') options.onSilence(report.seconds);
      else if (report.type === 'sound') options.onSound();
      else confirmStop?.(report.finished);
    };
    nodes.forEach((each, index) => each.connect(node, 0, index));
    sources.forEach((each, index) => {
      if (each.gain !== undefined && each.gain !== 1)
        command({ type: 'gain', source: index, gain: each.gain });
    });
    if (options.duck) command({ type: 'duck', duck: options.duck });
    // A context made outside a gesture may start suspended; the Start press allows it to run.
    await context.resume();

    let stopped: Promise<boolean> | undefined;
    return {
      label,
      labels,
      sampleRate: opened.sampleRate,
      connect(sink, transfer) {
        if (stopped) sink.close();
        else command({ type: 'sink', port: sink, transfer }, [sink]);
      },
      meter(port, source) {
        if (stopped) port.close();
        else command({ type: 'meter', port, ...(source ? { source } : {}) }, [port]);
      },
      gain(source, gain) {
        if (!stopped) command({ type: 'gain', source, gain });
      },
      duck(pair) {
        if (!stopped) command({ type: 'duck', duck: pair ?? null });
      },
      // The worklet takes a pause while paused (or a resume while not) as nothing.
      pause() {
        if (!stopped) command({ type: 'pause' });
      },
      resume() {
        if (!stopped) command({ type: 'resume' });
      },
      stop(finish = false) {
        stopped ??= (async () => {
          // The audio thread answers once it has written its last message into the sink.
          const finished = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), STOP_WAIT_MS);
            confirmStop = (done) => {
              clearTimeout(timer);
              resolve(done);
            };
            command({ type: 'stop', finish });
          });
          node.port.onmessage = null;
          for (const each of nodes) each.disconnect();
          node.disconnect();
          closeStreams();
          if (opened.state !== 'closed') await opened.close();
          return finished;
        })();
        return stopped;
      },
    };
  } catch (error) {
    closeStreams();
    if (context && context.state !== 'closed') await context.close().catch(() => undefined);
    throw micFailure(error, device);
  }
}

/**
 * The microphone for the Live screen: the inputs there are, and a capture that hands over
 * LSB16K chunks (shared/ipc/live.ts: 16 kHz mono 16-bit little-endian, 100 ms each) with the
 * input's level, and says when no sound has come for a while.
 *
 * The audio is taken raw (no echo cancellation, noise suppression or gain control: they are tuned
 * for calls, and pump and smear speech the recognizer then reads worse), at the device's own
 * rate, and brought to 16 kHz on the audio thread (capture-worklet.ts).
 */
import type { CaptureMessage } from './capture-worklet';
import workletUrl from './capture-worklet.ts?worker&url';
import { micFailure } from './errors';
import { CHUNK_SAMPLES } from './pipeline';
import { TARGET_RATE, type Level } from './resampler';
import { SilenceWatch } from './silence';

export interface AudioInput {
  deviceId: string;
  /** Empty before the microphone was first allowed: the caller names it ("Microphone 2"). */
  label: string;
}

/** The rates the resampler takes; a context outside them is refused as a failed input. */
const MIN_RATE = 8_000;
const MAX_RATE = 192_000;
const CHUNK_MS = (CHUNK_SAMPLES / TARGET_RATE) * 1000;

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

export interface CaptureOptions {
  /** The input to open; the system's default when absent or empty. */
  deviceId?: string;
  /** The input's name as the window shows it, for error messages until the device names itself. */
  label?: string;
  /** Each 100 ms LSB16K chunk (3200 bytes), in order. */
  onChunk(chunk: ArrayBuffer): void;
  /** The level of each chunk (10 a second). */
  onLevel(level: Level): void;
  /** No sound for `seconds`: once, and again only after sound came back and went. */
  onSilence(seconds: number): void;
  /** How long a silence lasts before onSilence; 10 s when absent. */
  silenceMs?: number;
}

export interface Capture {
  /** The input's name as the system gives it (empty if it gives none). */
  readonly label: string;
  /** The device's rate, before resampling to 16 kHz. */
  readonly sampleRate: number;
  /** Neither chunks nor levels until resume(); what was not yet sent is dropped. */
  pause(): void;
  resume(): void;
  /** Releases the microphone and the audio context; the capture cannot be used after it. */
  stop(): Promise<void>;
}

/** Opens the input and starts sending chunks; rejects with an AppFailure (mic-…). */
export async function startCapture(options: CaptureOptions): Promise<Capture> {
  const silenceMs = options.silenceMs ?? 10_000;
  let device = options.label ?? '';
  if (!navigator.mediaDevices)
    // Only a secure context (https, localhost, the app's own pages) has one.
    throw micFailure(new Error('navigator.mediaDevices is unavailable'), device);

  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: {
        // Exact: a chosen input that is gone is said so, not silently replaced by another.
        ...(options.deviceId ? { deviceId: { exact: options.deviceId } } : {}),
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
        channelCount: 1,
      },
    });
  } catch (error) {
    throw micFailure(error, device);
  }
  const track = stream.getAudioTracks()[0];
  const label = track?.label ?? '';
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
    const source = context.createMediaStreamSource(stream);
    // No outputs: the node only listens, and Chromium pulls a node without outputs by itself.
    const node = new AudioWorkletNode(context, 'kikitori-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 0,
    });
    const silence = new SilenceWatch(silenceMs);
    let paused = false;
    // Each resume starts an epoch the worklet stamps its chunks with: a chunk it posted before
    // it heard of a pause is never sent, even when resume() follows pause() at once.
    let epoch = 0;
    node.port.onmessage = (event: MessageEvent<CaptureMessage>) => {
      const { pcm, rmsDb, peakDb } = event.data;
      if (paused || event.data.epoch !== epoch) return;
      options.onChunk(pcm);
      options.onLevel({ rmsDb, peakDb });
      if (silence.add(peakDb, CHUNK_MS)) options.onSilence(Math.round(silenceMs / 1000));
    };
    source.connect(node);
    // A context made outside a gesture may start suspended; the Start press allows it to run.
    await context.resume();

    const opened = context;
    let stopped: Promise<void> | undefined;
    return {
      label,
      sampleRate: opened.sampleRate,
      pause() {
        paused = true;
        silence.reset();
        node.port.postMessage({ type: 'pause' });
      },
      resume() {
        if (!paused || stopped) return;
        paused = false;
        epoch += 1;
        silence.reset();
        node.port.postMessage({ type: 'resume', epoch });
      },
      stop() {
        stopped ??= (async () => {
          paused = true;
          node.port.onmessage = null;
          source.disconnect();
          node.disconnect();
          for (const t of stream.getTracks()) t.stop();
          if (opened.state !== 'closed') await opened.close();
        })();
        return stopped;
      },
    };
  } catch (error) {
    for (const t of stream.getTracks()) t.stop();
    if (context && context.state !== 'closed') await context.close().catch(() => undefined);
    throw micFailure(error, device);
  }
}

/**
 * The capture's AudioWorkletProcessor, `kikitori-capture`: runs on the audio thread, takes the
 * microphone's render quanta (128 frames at the context's rate), and posts each 100 ms LSB16K
 * chunk to the window (capture.ts) as a transferred ArrayBuffer with its level.
 *
 * Vite emits this file as its own module (capture.ts imports it with `?worker&url`), with
 * pipeline.ts and resampler.ts bundled into it: an AudioWorkletGlobalScope has no `self`, no
 * fetch, no dynamic import, and the window's CSP allows scripts from 'self' only.
 *
 * Messages in: {type:'pause'} (no audio is posted, and what was not yet sent is dropped, so a
 * resumed stream never carries sound from before the pause) and {type:'resume', epoch?}: the
 * chunks after it carry that epoch, so the window can tell them from any posted before the pause.
 * Messages out: CaptureMessage.
 */
import { CapturePipeline } from './pipeline';

/** A chunk from the worklet: `pcm` is transferred, not copied. */
export interface CaptureMessage {
  type: 'chunk';
  /** The epoch of the last resume (0 before any). */
  epoch: number;
  pcm: ArrayBuffer;
  rmsDb: number;
  peakDb: number;
}

/**
 * The worklet scope's globals. Declared here rather than in a global .d.ts: the window's other
 * files share its project (DOM types), and a global `sampleRate` or `registerProcessor` would
 * type-check there and fail at run time.
 */
interface WorkletScope {
  sampleRate: number;
  AudioWorkletProcessor: new () => { readonly port: MessagePort };
  registerProcessor(
    name: string,
    processor: new () => {
      process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean;
    },
  ): void;
}
const scope = globalThis as unknown as WorkletScope;

class CaptureProcessor extends scope.AudioWorkletProcessor {
  private readonly pipeline = new CapturePipeline(scope.sampleRate);
  private paused = false;
  private epoch = 0;

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent<{ type?: unknown; epoch?: unknown }>) => {
      if (event.data.type === 'pause') {
        this.paused = true;
        this.pipeline.reset();
      } else if (event.data.type === 'resume') {
        this.paused = false;
        if (typeof event.data.epoch === 'number') this.epoch = event.data.epoch;
      }
    };
  }

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0];
    // No channels: the source is not connected (yet, or any more); nothing to record.
    if (this.paused || !channels || channels.length === 0) return true;
    for (const { pcm, level } of this.pipeline.push(channels)) {
      const message: CaptureMessage = { type: 'chunk', epoch: this.epoch, pcm, ...level };
      this.port.postMessage(message, [pcm]);
    }
    return true;
  }
}

scope.registerProcessor('kikitori-capture', CaptureProcessor);

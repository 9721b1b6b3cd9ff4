/**
 * The capture's AudioWorkletProcessor, `kikitori-capture`: runs on the audio thread, takes the
 * microphone's render quanta (128 frames at the context's rate) and does what capture-core.ts
 * says: 100 ms LSB16K chunks straight into the live link's sink port (never through the window's
 * main thread), and a few small reports a second to the window (capture.ts).
 *
 * Vite emits this file as its own module (capture.ts imports it with `?worker&url`), with
 * capture-core.ts, pipeline.ts and resampler.ts bundled into it: an AudioWorkletGlobalScope has
 * no `self`, no fetch, no dynamic import, and the window's CSP allows scripts from 'self' only.
 *
 * Messages in (the node's port): CaptureCommand. Messages out: CaptureReport.
 */
import { CaptureCore, type CaptureCommand } from './capture-core';

/**
 * The worklet scope's globals. Declared here rather than in a global .d.ts: the window's other
 * files share its project (DOM types), and a global `sampleRate` or `registerProcessor` would
 * type-check there and fail at run time.
 */
interface WorkletScope {
  sampleRate: number;
  AudioWorkletProcessor: new (options?: { processorOptions?: unknown }) => {
    readonly port: MessagePort;
  };
  registerProcessor(
    name: string,
    processor: new (options?: { processorOptions?: unknown }) => {
      process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean;
    },
  ): void;
}
const scope = globalThis as unknown as WorkletScope;

/** What capture.ts gives the node (`processorOptions`). */
export interface CaptureProcessorOptions {
  silenceMs: number;
  /** How many sources the node's inputs are (one input each), mixed here. */
  sources?: number;
  /** Each source is also kept apart in the chunks (frames of the mix, then each source). */
  apart?: boolean;
}

class CaptureProcessor extends scope.AudioWorkletProcessor {
  private readonly core: CaptureCore;

  constructor(options?: { processorOptions?: unknown }) {
    super(options);
    const { silenceMs, sources, apart } = (options?.processorOptions ??
      {}) as Partial<CaptureProcessorOptions>;
    this.core = new CaptureCore(
      scope.sampleRate,
      (report) => this.port.postMessage(report),
      silenceMs,
      sources,
      apart,
    );
    this.port.onmessage = (event: MessageEvent<CaptureCommand>) => this.core.command(event.data);
  }

  process(inputs: Float32Array[][]): boolean {
    // An input without channels: its source is not connected (yet, or any more); with one
    // source nothing is recorded then, with several it is silence in the mix.
    if (inputs.length <= 1) this.core.push(inputs[0] ?? []);
    else this.core.pushSources(inputs);
    return true;
  }
}

scope.registerProcessor('kikitori-capture', CaptureProcessor);

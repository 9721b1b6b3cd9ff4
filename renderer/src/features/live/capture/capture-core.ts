/**
 * What the capture worklet does (capture-worklet.ts), as plain code the unit tests run: it takes
 * the microphone's render quanta and the window's commands, and writes the live link's upstream
 * itself, so the audio never passes through the window's main thread.
 *
 * Three outlets (the whole path, told once: docs/architecture.md §4, "Live: a stream, not a channel"):
 *  - the sink, the live link's audio port: each 100 ms LSB16K chunk as an ArrayBuffer
 *    (transferred where the other end can take it, copied for Electron's MessagePortMain) and,
 *    between them, `pause`, `resume` and `stop` as JSON text, in their place among the audio.
 *    Chunks captured before the sink is connected wait (up to EARLY_CHUNKS) and go first.
 *  - the meter port: the peak level in dBFS of each chunk, a number.
 *  - the window (the node's own port): the time recorded each whole second with that second's
 *    loudest peak, a long silence and the sound coming back, and `stopped`.
 *
 * Import-light on purpose, like pipeline.ts: bundled into the worklet's own file.
 */
import { CapturePipeline } from './pipeline';
import { SILENCE_FLOOR_DB } from './resampler';
import { SilenceWatch } from './silence';

/** How often the window hears the time recorded: each whole second of audio. */
export const CLOCK_MS = 1_000;
/** Chunks kept while no sink is connected yet: 30 s, as much as the host keeps while it opens. */
export const EARLY_CHUNKS = 300;
/** 100 ms: LIVE_AUDIO.chunkSamples at 16 kHz. */
const CHUNK_MS = 100;

/** From the window to the worklet (the node's port). */
export type CaptureCommand =
  /** `transfer`: whether the sink's other end takes transferred ArrayBuffers. */
  | { type: 'sink'; port: SinkPort; transfer: boolean }
  /**
   * A new meter for a source (0 when absent; the Live screen mounted again): the old one is let
   * go. With one source its meter is the mix's.
   */
  | { type: 'meter'; port: MeterPort; source?: number }
  /** A source's gain, a factor (1: as it comes), from the next samples on. */
  | { type: 'gain'; source: number; gain: number }
  /**
   * Lower source `source` (the microphone) while `by` (the computer's sound) plays, or no more
   * (`null`), from the next samples on (duck.ts).
   */
  | { type: 'duck'; duck: { source: number; by: number } | null }
  | { type: 'pause' }
  | { type: 'resume' }
  /** `finish`: the partial chunk and a `stop` go into the sink first; else nothing more does. */
  | { type: 'stop'; finish: boolean };

/** From the worklet to the window. */
export type CaptureReport =
  /** Posted right after the chunk that brought the recording to `recordedMs`; the second's peak. */
  | { type: 'clock'; recordedMs: number; peakDb: number; peaksDb: number[] }
  | { type: 'silent'; seconds: number }
  /** Sound came back after `silent`. */
  | { type: 'sound' }
  /** Nothing more goes into the sink; `finished`: the last chunk and `stop` went into it. */
  | { type: 'stopped'; finished: boolean };

/** What the core writes the sink through (a MessagePort). */
export interface SinkPort {
  postMessage(message: ArrayBuffer | string, transfer?: Transferable[]): void;
  close(): void;
}

/** What the core tells the meter through (a MessagePort): a chunk's peak, dBFS. */
export interface MeterPort {
  postMessage(peakDb: number): void;
  close(): void;
}

export class CaptureCore {
  private readonly pipeline: CapturePipeline;
  private readonly silence: SilenceWatch;
  private sink: SinkPort | undefined;
  private transfer = false;
  /** Each source's meter. */
  private meters: Array<MeterPort | undefined> = [];
  private early: Array<ArrayBuffer | string> = [];
  private earlyChunks = 0;
  private paused = false;
  private stopped = false;
  private recordedMs = 0;
  /** The loudest chunk since the last clock report, dBFS. */
  private secondPeakDb = SILENCE_FLOOR_DB;
  /** Each source's loudest chunk since the last clock report, dBFS. */
  private secondPeaksDb: number[];

  constructor(
    inputRate: number,
    private readonly report: (message: CaptureReport) => void,
    private readonly silenceMs: number = 10_000,
    /** How many sources are mixed (a microphone, the computer's sound). */
    sources = 1,
    /** Whether each chunk also carries each source apart (pipeline.ts): frames of 1 + sources. */
    apart = false,
  ) {
    this.pipeline = new CapturePipeline(inputRate, undefined, sources, apart && sources > 1);
    this.silence = new SilenceWatch(silenceMs);
    this.secondPeaksDb = Array.from({ length: this.pipeline.sources }, () => SILENCE_FLOOR_DB);
  }

  /** A render quantum's channels (one source). */
  push(channels: readonly Float32Array[]): void {
    if (channels.length === 0) return;
    this.pushSources([channels]);
  }

  /** A render quantum of each source (a source with no channels is not connected: silence). */
  pushSources(inputs: readonly (readonly Float32Array[])[]): void {
    if (this.paused || this.stopped) return;
    const single = this.pipeline.sources === 1;
    for (const { pcm, level, levels } of this.pipeline.pushSources(inputs)) {
      this.write(pcm);
      this.recordedMs += CHUNK_MS;
      for (let source = 0; source < levels.length; source++) {
        const peakDb = single ? level.peakDb : levels[source]!.peakDb;
        this.meters[source]?.postMessage(peakDb);
        this.secondPeaksDb[source] = Math.max(this.secondPeaksDb[source]!, peakDb);
      }
      this.secondPeakDb = Math.max(this.secondPeakDb, level.peakDb);
      if (this.recordedMs % CLOCK_MS === 0) {
        this.report({
          type: 'clock',
          recordedMs: this.recordedMs,
          peakDb: this.secondPeakDb,
          peaksDb: this.secondPeaksDb,
        });
        this.secondPeakDb = SILENCE_FLOOR_DB;
        this.secondPeaksDb = this.secondPeaksDb.map(() => SILENCE_FLOOR_DB);
      }
      const wasSilent = this.silence.told;
      if (this.silence.add(level.peakDb, CHUNK_MS))
        this.report({ type: 'silent', seconds: Math.round(this.silenceMs / 1000) });
      else if (wasSilent && !this.silence.told) this.report({ type: 'sound' });
    }
  }

  command(command: CaptureCommand): void {
    if (this.stopped) {
      // A port given to a capture that is over goes nowhere: let go of it.
      if (command.type === 'sink' || command.type === 'meter') command.port.close();
      return;
    }
    switch (command.type) {
      case 'sink': {
        this.sink?.close();
        this.sink = command.port;
        this.transfer = command.transfer;
        const early = this.early;
        this.early = [];
        this.earlyChunks = 0;
        for (const message of early) this.write(message);
        return;
      }
      case 'meter': {
        const source = command.source ?? 0;
        if (source < 0 || source >= this.pipeline.sources) return command.port.close();
        this.meters[source]?.close();
        this.meters[source] = command.port;
        return;
      }
      case 'gain':
        return this.pipeline.setGain(command.source, command.gain);
      case 'duck':
        return this.pipeline.setDuck(command.duck ?? undefined);
      case 'pause':
        if (this.paused) return;
        this.paused = true;
        // What was not yet a whole chunk is dropped: a resumed stream carries nothing from before.
        this.pipeline.reset();
        this.quiet();
        return this.write(JSON.stringify({ type: 'pause' }));
      case 'resume':
        if (!this.paused) return;
        this.paused = false;
        return this.write(JSON.stringify({ type: 'resume' }));
      case 'stop': {
        if (command.finish) {
          const last = this.paused ? undefined : this.pipeline.flush();
          if (last) this.write(last.pcm);
          this.write(JSON.stringify({ type: 'stop' }));
        }
        this.stopped = true;
        this.quiet();
        for (const meter of this.meters) meter?.close();
        // Nothing more goes into the sink: its end here is let go (the host's end stays open).
        this.sink?.close();
        this.report({ type: 'stopped', finished: command.finish && this.sink !== undefined });
        return;
      }
    }
  }

  /** Nothing is heard (a pause, the end): the meter falls, a silence told is over. */
  private quiet(): void {
    for (const meter of this.meters) meter?.postMessage(SILENCE_FLOOR_DB);
    this.secondPeakDb = SILENCE_FLOOR_DB;
    this.secondPeaksDb = this.secondPeaksDb.map(() => SILENCE_FLOOR_DB);
    if (this.silence.told) this.report({ type: 'sound' });
    this.silence.reset();
  }

  private write(message: ArrayBuffer | string): void {
    if (this.sink) {
      if (typeof message === 'string' || !this.transfer) this.sink.postMessage(message);
      else this.sink.postMessage(message, [message]);
      return;
    }
    // No sink yet: kept, audio up to EARLY_CHUNKS, commands always (they are few and ordered).
    if (typeof message !== 'string') {
      if (this.earlyChunks >= EARLY_CHUNKS) return;
      this.earlyChunks += 1;
    }
    this.early.push(message);
  }
}

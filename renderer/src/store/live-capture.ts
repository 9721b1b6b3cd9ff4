/**
 * What the store asks of the capture it is given (StoreDeps.capture): the window's is
 * features/live/capture/capture.ts, which says what each part does; tests give a fake. The store
 * drives it without importing a feature.
 */

/** An input the person can choose; `label` is '' before the microphone was ever allowed. */
export interface AudioInput {
  readonly deviceId: string;
  readonly label: string;
}

/**
 * How the capture opens one source, as a source's provider resolved it (live-sources.ts): an
 * input device by its id, or the display media's sound (the system's loopback or picker under
 * Electron, a shared tab in a browser).
 */
export type CaptureSourceSpec =
  | { kind: 'device'; deviceId?: string; label?: string; gain?: number }
  | { kind: 'display'; gain?: number };

/** Which source is lowered while which other plays, by their index in the capture. */
export interface DuckPair {
  source: number;
  by: number;
}

/** A running capture. */
export interface Capture {
  readonly label: string;
  connect(sink: MessagePort, transfer: boolean): void;
  meter(port: MessagePort, source?: number): void;
  gain(source: number, gain: number): void;
  /** Lower source `source` while `by` plays, or no more; absent: not offered. */
  duck?(pair: DuckPair | undefined): void;
  pause(): void;
  resume(): void;
  stop(finish?: boolean): Promise<boolean>;
}

/** The inputs, injected (the window gives features/live/capture; tests a fake). */
export interface CaptureApi {
  listInputs(): Promise<AudioInput[]>;
  /** The sound outputs' names, the one in use first (for headphones); none when unknown. */
  listOutputs?(): Promise<string[]>;
  startCapture(options: {
    /** The sources mixed, in order: their meters and gains go by index. */
    sources: CaptureSourceSpec[];
    /** Lower one source while another plays (the microphone by the computer). */
    duck?: DuckPair;
    /** Keep each source apart too: the audio is frames of the mix, then each source. */
    apart?: boolean;
    onClock(recordedMs: number, peakDb: number, peaksDb?: readonly number[]): void;
    onSilence(seconds: number): void;
    onSound(): void;
  }): Promise<Capture>;
}

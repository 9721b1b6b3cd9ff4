// The page of live-capture.test.ts: the window's capture module as the Live screen will call it,
// with what it hands over kept on globalThis.capture for the test to read.
import { listInputs, startCapture } from '../../../renderer/src/features/live/capture/capture';

const state = {
  chunks: [],
  levels: [],
  silences: [],
  error: undefined,
  started: undefined,
  /** The first chunks' samples, for the test to measure the tone in. */
  samples: [],
};
let capture;

globalThis.capture = {
  state,
  listInputs,
  async start(options) {
    try {
      capture = await startCapture({
        ...options,
        onChunk(chunk) {
          state.chunks.push({ bytes: chunk.byteLength, at: performance.now() });
          if (state.samples.length < 48_000) state.samples.push(...new Int16Array(chunk));
        },
        onLevel(level) {
          state.levels.push(level);
        },
        onSilence(seconds) {
          state.silences.push({ seconds, chunk: state.chunks.length });
        },
      });
      state.started = { label: capture.label, sampleRate: capture.sampleRate };
    } catch (error) {
      state.error = { name: error.name, message: error.message, error: error.error };
    }
  },
  async stop() {
    await capture.stop();
  },
};

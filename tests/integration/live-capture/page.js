// The page of live-capture.test.ts: the window's capture module as the Live screen calls it,
// with its audio port's other end read here (in the Live screen it is the host's link) and what
// arrives kept on globalThis.capture for the test to read.
import { listInputs, startCapture } from '../../../renderer/src/features/live/capture/capture';

const state = {
  /** What came through the port, in order: audio chunks with their levels, and messages. */
  chunks: [],
  messages: [],
  /** The capture's clock reports (recorded time, the second's peak), and the meter's peaks. */
  clocks: [],
  meter: [],
  silences: [],
  error: undefined,
  started: undefined,
  stopped: undefined,
  /** The first chunks' samples, for the test to measure the tone in. */
  samples: [],
};
let capture;

const db = (amplitude) => (amplitude > 0 ? 20 * Math.log10(amplitude) : -100);

function levelOf(samples) {
  let peak = 0;
  let sum = 0;
  for (const s of samples) {
    const a = s / 32_768;
    peak = Math.max(peak, Math.abs(a));
    sum += a * a;
  }
  return { peakDb: db(peak), rmsDb: db(Math.sqrt(sum / samples.length)) };
}

globalThis.capture = {
  state,
  listInputs,
  async start(options) {
    try {
      capture = await startCapture({
        ...options,
        onClock(recordedMs, peakDb) {
          state.clocks.push({ recordedMs, peakDb, chunk: state.chunks.length });
        },
        onSilence(seconds) {
          state.silences.push({ seconds, chunk: state.chunks.length });
        },
        onSound() {
          state.silences.push({ over: true, chunk: state.chunks.length });
        },
      });
      state.started = { label: capture.label, sampleRate: capture.sampleRate };
      const { port1, port2 } = new MessageChannel();
      port2.onmessage = ({ data }) => {
        if (typeof data === 'string') {
          state.messages.push({ text: data, chunk: state.chunks.length });
          return;
        }
        const samples = new Int16Array(data);
        state.chunks.push({ bytes: data.byteLength, at: performance.now(), ...levelOf(samples) });
        if (state.samples.length < 48_000) state.samples.push(...samples);
      };
      const meter = new MessageChannel();
      meter.port2.onmessage = ({ data }) => state.meter.push(data);
      capture.meter(meter.port1);
      capture.connect(port1, true);
    } catch (error) {
      state.error = { name: error.name, message: error.message, error: error.error };
    }
  },
  pause: () => capture.pause(),
  resume: () => capture.resume(),
  async stop(finish) {
    state.stopped = await capture.stop(finish);
  },
};

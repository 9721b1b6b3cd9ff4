// The capture worklet's logic as plain code (renderer/src/features/live/capture/capture-core.ts):
// what goes into the live link's sink and in what order, what the meter and the window hear,
// and what waits for a sink that is not there yet. Sinks and meters are recorded in order, as a
// MessagePort would carry them.
import { describe, expect, it } from 'vitest';
import {
  CaptureCore,
  EARLY_CHUNKS,
  type CaptureReport,
} from '../../../renderer/src/features/live/capture/capture-core';

const RATE = 48_000;
/** 100 ms at 48 kHz of a half-scale 1 kHz tone, or of silence. */
const tone = () =>
  Float32Array.from({ length: 4_800 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 1_000 * i) / RATE));
const quiet = () => new Float32Array(4_800);

function setUp(silenceMs?: number) {
  const reports: CaptureReport[] = [];
  const core = new CaptureCore(RATE, (r) => void reports.push(r), silenceMs);
  const sink: (number | string)[] = [];
  const transferred: boolean[] = [];
  let sinkClosed = 0;
  const sinkPort = {
    postMessage(message: ArrayBuffer | string, transfer?: Transferable[]) {
      sink.push(typeof message === 'string' ? JSON.parse(message).type : message.byteLength);
      transferred.push(transfer?.[0] === message);
    },
    close: () => void (sinkClosed += 1),
  };
  const levels: number[] = [];
  let meterClosed = 0;
  const meter = {
    postMessage: (db: number) => void levels.push(db),
    close: () => void (meterClosed += 1),
  };
  /** Quanta of 128 frames, as the audio thread gives them, for `chunks` chunks of audio. */
  const feed = (chunk: () => Float32Array, chunks = 1) => {
    for (let c = 0; c < chunks; c++) {
      const samples = chunk();
      for (let at = 0; at < samples.length; at += 128)
        core.push([samples.subarray(at, Math.min(samples.length, at + 128))]);
    }
  };
  /** The sink (taking transferred buffers) and the meter, as the window gives them. */
  const connect = () => {
    core.command({ type: 'sink', port: sinkPort, transfer: true });
    core.command({ type: 'meter', port: meter });
  };
  return {
    core,
    connect,
    reports,
    sink,
    sinkPort,
    transferred,
    levels,
    meter,
    meterClosed: () => meterClosed,
    sinkClosed: () => sinkClosed,
    feed,
  };
}

describe('the capture worklet’s core', () => {
  it('writes each 100 ms chunk into the sink, transferred, and tells the meter each chunk’s peak', () => {
    const t = setUp();
    t.connect();
    t.feed(tone, 5);
    expect(t.sink).toEqual([3200, 3200, 3200, 3200]);
    expect(t.transferred.every(Boolean)).toBe(true);
    expect(t.levels).toHaveLength(4);
    expect(t.levels.slice(1).every((db) => Math.round(db) === -6)).toBe(true);
  });

  it('copies each chunk where the sink’s other end cannot take a transferred buffer (Electron)', () => {
    const t = setUp();
    t.core.command({ type: 'sink', port: t.sinkPort, transfer: false });
    t.feed(tone, 3);
    expect(t.sink).toEqual([3200, 3200]);
    expect(t.transferred).toEqual([false, false]);
  });

  it('keeps what it captured before the sink came, and sends it first', () => {
    const t = setUp();
    t.feed(tone, 4);
    t.core.command({ type: 'pause' });
    t.core.command({ type: 'resume' });
    t.feed(tone, 2);
    expect(t.sink).toEqual([]);
    t.core.command({ type: 'sink', port: t.sinkPort, transfer: true });
    t.feed(tone, 1);
    expect(t.sink).toEqual([3200, 3200, 3200, 'pause', 'resume', 3200, 3200]);
  });

  it('keeps no more than 30 s before the sink comes, but every command', () => {
    const t = setUp();
    t.feed(tone, EARLY_CHUNKS + 20);
    t.core.command({ type: 'pause' });
    t.core.command({ type: 'sink', port: t.sinkPort, transfer: true });
    expect(t.sink.filter((m) => m === 3200)).toHaveLength(EARLY_CHUNKS);
    expect(t.sink.at(-1)).toBe('pause');
  });

  it('says pause and resume among the audio; nothing is written while paused, nor what was not yet a chunk', () => {
    const t = setUp();
    t.connect();
    t.feed(tone, 2);
    t.feed(() => tone().subarray(0, 2_400));
    t.core.command({ type: 'pause' });
    // The meter falls at once.
    expect(t.levels.at(-1)).toBe(-100);
    t.feed(tone, 5);
    t.core.command({ type: 'pause' });
    t.core.command({ type: 'resume' });
    t.feed(tone, 2);
    expect(t.sink).toEqual([3200, 3200, 'pause', 'resume', 3200]);
  });

  it('on stop with finish, writes the last partial chunk and stop, then says it stopped; nothing after', () => {
    const t = setUp();
    t.connect();
    t.feed(tone, 2);
    t.feed(() => tone().subarray(0, 2_400));
    t.core.command({ type: 'stop', finish: true });
    const [whole, partial, stop] = [t.sink.slice(0, -2), t.sink.at(-2), t.sink.at(-1)];
    expect(whole).toEqual([3200, 3200]);
    expect(partial).toBeGreaterThan(1_400);
    expect(partial).toBeLessThan(1_600);
    expect(stop).toBe('stop');
    expect(t.reports.at(-1)).toEqual({ type: 'stopped', finished: true });
    expect(t.meterClosed()).toBe(1);
    expect(t.sinkClosed()).toBe(1);
    t.feed(tone, 3);
    t.core.command({ type: 'resume' });
    expect(t.sink.at(-1)).toBe('stop');
    // A port given to a capture that is over is let go.
    let late = 0;
    t.core.command({
      type: 'meter',
      port: { postMessage: () => undefined, close: () => void (late += 1) },
    });
    expect(late).toBe(1);
  });

  it('on stop without finish, or without a sink, writes nothing more and says so', () => {
    const a = setUp();
    a.core.command({ type: 'sink', port: a.sinkPort, transfer: true });
    a.feed(tone, 2);
    a.core.command({ type: 'stop', finish: false });
    expect(a.sink).toEqual([3200]);
    expect(a.reports.at(-1)).toEqual({ type: 'stopped', finished: false });
    const b = setUp();
    b.feed(tone, 2);
    b.core.command({ type: 'stop', finish: true });
    expect(b.reports.at(-1)).toEqual({ type: 'stopped', finished: false });
  });

  it('tells the window the time recorded each whole second, right after that second’s last chunk, with its loudest peak', () => {
    const t = setUp();
    t.core.command({ type: 'sink', port: t.sinkPort, transfer: true });
    t.feed(tone, 11);
    t.feed(quiet, 15);
    expect(
      t.reports.map((r) => r.type === 'clock' && [r.recordedMs, Math.round(r.peakDb)]),
    ).toEqual([
      [1000, -6],
      [2000, -6],
    ]);
    t.feed(quiet, 10);
    expect(t.reports.at(-1)).toEqual({
      type: 'clock',
      recordedMs: 3000,
      peakDb: -100,
      peaksDb: [-100],
    });
  });

  it('tells a silence once, and that it is over when sound comes back (or a pause ends it)', () => {
    const t = setUp(1_000);
    t.core.command({ type: 'sink', port: t.sinkPort, transfer: true });
    t.feed(tone, 1);
    t.feed(quiet, 12);
    const silent = t.reports.filter((r) => r.type === 'silent');
    expect(silent).toEqual([{ type: 'silent', seconds: 1 }]);
    t.feed(tone, 2);
    expect(t.reports.filter((r) => r.type === 'sound')).toHaveLength(1);
    t.feed(quiet, 12);
    t.core.command({ type: 'pause' });
    expect(t.reports.filter((r) => r.type === 'silent')).toHaveLength(2);
    expect(t.reports.filter((r) => r.type === 'sound')).toHaveLength(2);
  });

  it('lets an old meter go when a new one comes', () => {
    const t = setUp();
    t.core.command({ type: 'meter', port: t.meter });
    const second: number[] = [];
    t.core.command({ type: 'meter', port: { postMessage: (db) => second.push(db), close() {} } });
    expect(t.meterClosed()).toBe(1);
    t.feed(tone, 2);
    expect(t.levels).toEqual([]);
    expect(second.length).toBeGreaterThan(0);
  });

  it('mixes two sources at 16 kHz, each with its gain and its own meter, and hears an unconnected one as silence', () => {
    const reports: CaptureReport[] = [];
    const core = new CaptureCore(RATE, (r) => void reports.push(r), undefined, 2);
    const chunks: Int16Array[] = [];
    core.command({
      type: 'sink',
      port: {
        postMessage: (m: ArrayBuffer | string) => {
          if (typeof m !== 'string') chunks.push(new Int16Array(m.slice(0)));
        },
        close() {},
      },
      transfer: false,
    });
    const meters: number[][] = [[], []];
    for (const source of [0, 1])
      core.command({
        type: 'meter',
        source,
        port: { postMessage: (db: number) => void meters[source]!.push(db), close() {} },
      });
    // A source past the last is refused: its port is let go.
    let refused = 0;
    core.command({
      type: 'meter',
      source: 2,
      port: { postMessage() {}, close: () => void refused++ },
    });
    expect(refused).toBe(1);
    const low = Float32Array.from(
      { length: 4_800 },
      (_, i) => 0.25 * Math.sin((2 * Math.PI * 500 * i) / RATE),
    );
    const high = Float32Array.from(
      { length: 4_800 },
      (_, i) => 0.25 * Math.sin((2 * Math.PI * 2_000 * i) / RATE),
    );
    const feed = (a: Float32Array | undefined, b: Float32Array | undefined, times: number) => {
      for (let c = 0; c < times; c++)
        for (let at = 0; at < 4_800; at += 128)
          core.pushSources([
            a ? [a.subarray(at, at + 128)] : [],
            b ? [b.subarray(at, at + 128)] : [],
          ]);
    };
    const peak = (chunk: Int16Array) =>
      chunk.reduce((m, v) => Math.max(m, Math.abs(v)), 0) / 32_768;
    /** The chunk's share of a frequency (a single DFT bin over the 1,600 samples). */
    const power = (chunk: Int16Array, hz: number) => {
      let re = 0;
      let im = 0;
      chunk.forEach((v, i) => {
        re += v * Math.cos((2 * Math.PI * hz * i) / 16_000);
        im += v * Math.sin((2 * Math.PI * hz * i) / 16_000);
      });
      return Math.hypot(re, im) / chunk.length / 32_768;
    };
    feed(low, high, 10);
    const both = chunks.at(-1)!;
    expect(both).toHaveLength(1_600);
    // Both are in the mix, each at its level (a sine of amplitude A reads A / 2 in its bin).
    expect(power(both, 500)).toBeCloseTo(0.125, 2);
    expect(power(both, 2_000)).toBeCloseTo(0.125, 2);
    expect(Math.round(meters[0]!.at(-1)!)).toBe(-12);
    expect(Math.round(meters[1]!.at(-1)!)).toBe(-12);
    // The computer's sound turned down 20 dB: its part of the mix and its meter follow.
    core.command({ type: 'gain', source: 1, gain: 0.1 });
    feed(low, high, 3);
    const quieter = chunks.at(-1)!;
    expect(power(quieter, 500)).toBeCloseTo(0.125, 2);
    expect(power(quieter, 2_000)).toBeCloseTo(0.0125, 3);
    expect(Math.round(meters[1]!.at(-1)!)).toBe(-32);
    // The microphone not connected (no channels): the mix is the computer's sound alone.
    feed(undefined, high, 3);
    expect(power(chunks.at(-1)!, 500)).toBeLessThan(0.001);
    expect(peak(chunks.at(-1)!)).toBeGreaterThan(0.02);
    expect(meters[0]!.at(-1)).toBeLessThan(-90);
    const clock = reports.filter((r) => r.type === 'clock').at(-1);
    expect(clock && clock.type === 'clock' && clock.peaksDb.map(Math.round)).toEqual([-12, -12]);
  });
});

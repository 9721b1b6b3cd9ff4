// Ducking the microphone while the computer plays, on real speech: LibriVox
// clips from Debian's pocketsphinx-testdata (16 kHz mono) as the computer's sound and as the
// microphone. The envelope of the microphone's gain is read from the computer's level, then the
// same through the capture worklet's core, where the microphone's own meter shows it lowered.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIBRIVOX_DIR } from '../../fixtures/build';
import { CaptureCore } from '../../../renderer/src/features/live/capture/capture-core';
import { DUCK, Ducker } from '../../../renderer/src/features/live/capture/duck';

const RATE = 16_000;
const ms = (n: number) => Math.round((n * RATE) / 1000);
const db = (gain: number) => 20 * Math.log10(gain);

/** A LibriVox clip's samples, ±1 full scale. */
function speech(id: string): Float32Array {
  const wav = readFileSync(join(LIBRIVOX_DIR, `sense_and_sensibility_01_austen_64kb-${id}.wav`));
  const pcm = wav.subarray(wav.indexOf('data', 12) + 8);
  return Float32Array.from({ length: pcm.length >> 1 }, (_, i) => pcm.readInt16LE(i * 2) / 32_768);
}

/** `clip` after `beforeMs` of silence, then `afterMs` of silence. */
function placed(clip: Float32Array, beforeMs: number, afterMs: number): Float32Array {
  const out = new Float32Array(ms(beforeMs) + clip.length + ms(afterMs));
  out.set(clip, ms(beforeMs));
  return out;
}

/** The first and last samples at or above the threshold: where the computer plays. */
function loudSpan(samples: Float32Array): { first: number; last: number } {
  const threshold = 10 ** (DUCK.thresholdDb / 20);
  let first = -1;
  let last = -1;
  samples.forEach((s, i) => {
    if (Math.abs(s) < threshold) return;
    if (first < 0) first = i;
    last = i;
  });
  return { first, last };
}

describe('ducking the microphone while the computer plays', () => {
  it.each(['0880', '0890', '0930'])(
    'LibriVox %s as the computer’s sound: the microphone falls 15 dB within 50 ms, stays down through the pauses between words, and comes back after',
    (id) => {
      const computer = placed(speech(id), 1_000, 3_000);
      // A microphone of constant 1: what comes out is the gain envelope itself.
      const microphone = new Float32Array(computer.length).fill(1);
      const gains = new Float32Array(computer.length);
      const ducker = new Ducker(RATE);
      // In render quanta's worth at 16 kHz (about 43 samples), as the pipeline feeds it.
      for (let at = 0; at < computer.length; at += 43) {
        const end = Math.min(computer.length, at + 43);
        ducker.process(
          microphone.subarray(at, end),
          computer.subarray(at, end),
          gains.subarray(at, end),
        );
      }
      expect([...microphone]).toEqual([...gains]);
      const { first, last } = loudSpan(computer);
      expect(first).toBeGreaterThanOrEqual(ms(1_000));
      // Before the computer plays: the microphone as it comes, exactly.
      expect(gains.subarray(0, first).every((g) => g === 1)).toBe(true);
      // Attack: 10 ms to −10.8 dB at 20 ms, the set depth within 50 ms.
      expect(db(gains[first + ms(20)]!)).toBeLessThan(-10);
      expect(db(gains[first + ms(50)]!)).toBeCloseTo(DUCK.depthDb, 0);
      // No chatter: down once, and held down (−12 dB or lower) for 99 % of the computer's speech.
      let falls = 0;
      for (let i = 1; i < gains.length; i++) if (gains[i - 1]! > 0.5 && gains[i]! <= 0.5) falls++;
      expect(falls).toBe(1);
      const span = gains.subarray(first, last + 1);
      const down = span.filter((g) => db(g) <= -12).length;
      expect(down / span.length).toBeGreaterThan(0.99);
      expect(Math.max(...span.subarray(ms(50)).map(db))).toBeLessThan(-3);
      // Hold: still down 300 ms after its last word; release: within 1 dB by 0.8 s, whole by 2 s.
      expect(db(gains[last + ms(300)]!)).toBeLessThan(-14);
      expect(db(gains[last + ms(800)]!)).toBeGreaterThan(-1);
      expect(gains.subarray(last + ms(2_000)).every((g) => g === 1)).toBe(true);
    },
  );

  it('through the worklet’s core: the microphone’s meter falls by the set depth while the computer plays, and the mix is untouched when it does not', () => {
    const microphone = speech('0870'); // 7.1 s, spoken all through
    const computer = placed(speech('0880'), 1_000, 3_110); // plays from 1 s to about 4 s
    const run = (duck: boolean) => {
      const meters: number[][] = [[], []];
      const chunks: ArrayBuffer[] = [];
      const core = new CaptureCore(RATE, () => undefined, 60_000, 2);
      core.command({
        type: 'sink',
        port: { postMessage: (m) => void (typeof m !== 'string' && chunks.push(m)), close() {} },
        transfer: false,
      });
      [0, 1].forEach((source) =>
        core.command({
          type: 'meter',
          source,
          port: { postMessage: (peak) => void meters[source]!.push(peak), close() {} },
        }),
      );
      if (duck) core.command({ type: 'duck', duck: { source: 0, by: 1 } });
      for (let at = 0; at < microphone.length; at += 128)
        core.pushSources([[microphone.subarray(at, at + 128)], [computer.subarray(at, at + 128)]]);
      return { meters, chunks };
    };
    const plain = run(false);
    const ducked = run(true);
    const count = plain.chunks.length;
    expect(ducked.chunks.length).toBe(count);
    expect(count).toBeGreaterThan(69);
    const { first, last } = loudSpan(computer);
    // Chunks (100 ms) wholly inside the computer's speech, past the attack.
    const during = [];
    for (let c = Math.ceil((first + ms(50)) / 1_600); (c + 1) * 1_600 <= last; c++) during.push(c);
    expect(during.length).toBeGreaterThan(25);
    const drops = during.map((c) => plain.meters[0]![c]! - ducked.meters[0]![c]!);
    for (const drop of drops) expect(drop).toBeCloseTo(-DUCK.depthDb, 0);
    // The computer's own meter is as it was.
    expect(ducked.meters[1]).toEqual(plain.meters[1]);
    // Before the computer plays, the mix is the same, byte for byte.
    const before = Math.floor(first / 1_600);
    for (let c = 0; c < before; c++)
      expect(Buffer.from(ducked.chunks[c]!).equals(Buffer.from(plain.chunks[c]!))).toBe(true);
    // And after the release, 2 s past its last word, again.
    const after = Math.ceil((last + ms(2_000)) / 1_600);
    expect(after).toBeLessThan(count);
    for (let c = after; c < count; c++)
      expect(Buffer.from(ducked.chunks[c]!).equals(Buffer.from(plain.chunks[c]!))).toBe(true);
  });

  it('is turned off at once, and a pair that is not two sources of the capture is ignored', () => {
    const core = new CaptureCore(RATE, () => undefined, 60_000, 2);
    const peaks: number[] = [];
    core.command({
      type: 'meter',
      source: 0,
      port: { postMessage: (peak) => void peaks.push(peak), close() {} },
    });
    const tone = Float32Array.from({ length: 1_600 }, (_, i) => 0.5 * Math.sin(i / 3));
    const push = () => {
      for (let at = 0; at < 1_600; at += 128)
        core.pushSources([[tone.subarray(at, at + 128)], [tone.subarray(at, at + 128)]]);
    };
    for (const duck of [
      { source: 0, by: 0 },
      { source: 0, by: 2 },
      { source: -1, by: 1 },
    ]) {
      core.command({ type: 'duck', duck });
      push();
    }
    const undisturbed = peaks.length;
    core.command({ type: 'duck', duck: { source: 0, by: 1 } });
    for (let i = 0; i < 5; i++) push();
    const ducked = peaks.length;
    core.command({ type: 'duck', duck: null });
    for (let i = 0; i < 3; i++) push();
    const level = peaks[undisturbed - 1]!;
    // The invalid pairs changed nothing (the resampler's first chunk starts low).
    expect(undisturbed).toBe(2);
    expect(peaks[0]).toBeLessThanOrEqual(level);
    // A chunk is cut when the samples that complete it come: the first made while ducking is
    // from before it, the next has the attack in it, the others are down by the depth.
    expect(ducked - undisturbed).toBe(5);
    expect(peaks[undisturbed]).toBeCloseTo(level, 1);
    for (const peak of peaks.slice(undisturbed + 2, ducked))
      expect(peak - level).toBeCloseTo(DUCK.depthDb, 0);
    // Off: at its own level again at once (no release), its loudest samples being from after.
    for (const peak of peaks.slice(ducked)) expect(peak).toBeCloseTo(level, 1);
  });
});

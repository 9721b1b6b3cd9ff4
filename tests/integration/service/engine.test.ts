import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PocketSphinxEngine } from '../../../service/engine/pocketsphinx/pocketsphinx-engine';
import { loadFixtures, DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { corpusWordErrorRate } from '../../support/wer';
import { join } from 'node:path';

/** The PCM samples of a 16 kHz mono 16-bit WAV fixture (44-byte canonical header). */
async function pcmOf(path: string): Promise<Int16Array> {
  const bytes = await readFile(join(DEFAULT_FIXTURES_DIR, path));
  const data = bytes.subarray(44);
  return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
}

describe('PocketSphinx engine (real model, warm workers)', () => {
  let engine: PocketSphinxEngine;
  beforeAll(async () => {
    engine = await PocketSphinxEngine.start(2);
  });
  afterAll(() => engine.close());

  it('recognises the LibriVox clips with a WER of at most 0.30, in parallel', async () => {
    const clips = (await loadFixtures()).fixtures.filter((f) => f.kind === 'librivox');
    const results = await Promise.all(
      clips.map(async (clip) => engine.recognize(await pcmOf(clip.path))),
    );
    const pairs = clips.map((clip, i) => ({
      reference: clip.text!,
      hypothesis: results[i]!.words.filter((w) => !w.silence && !w.filler)
        .map((w) => w.word)
        .join(' '),
    }));
    const score = corpusWordErrorRate(pairs);
    expect(score.referenceWords).toBe(71);
    expect(score.wer).toBeLessThanOrEqual(0.3);
  });

  it('gives words increasing times in ms, a posterior in 0–1, and no pronunciation marks', async () => {
    const { words, decodeMs } = await engine.recognize(
      await pcmOf('librivox/sense_and_sensibility_01_austen_64kb-0930.wav'),
    );
    expect(decodeMs).toBeGreaterThan(0);
    const speech = words.filter((w) => !w.silence);
    expect(speech.map((w) => w.word).join(' ')).toMatch(/he might even have been made/);
    for (const [i, w] of words.entries()) {
      expect(w.endMs).toBeGreaterThan(w.startMs);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
      expect(w.word).not.toMatch(/\(\d+\)$/);
      if (i > 0) expect(w.startMs).toBeGreaterThanOrEqual(words[i - 1]!.endMs - 10);
    }
    expect(words.at(-1)!.endMs).toBeLessThanOrEqual(3300);
  });

  it('answers silence with no words and keeps serving after a worker is killed', async () => {
    const silence = await engine.recognize(new Int16Array(16000));
    expect(silence.words.filter((w) => !w.silence && !w.filler)).toEqual([]);
    const [victim] = engine.pool.pids();
    process.kill(victim!, 'SIGKILL');
    // The pool replaces the dead worker; requests keep being answered.
    const clip = 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav';
    const again = await Promise.all([1, 2, 3].map(async () => engine.recognize(await pcmOf(clip))));
    for (const result of again)
      expect(result.words.map((w) => w.word).join(' ')).toMatch(/he might even have been made/);
  });
});

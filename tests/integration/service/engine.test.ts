import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodingDictionary,
  MODEL,
  workerBinary,
} from '../../../service/engine/pocketsphinx/build-worker';
import { PocketSphinxEngine } from '../../../service/engine/pocketsphinx/pocketsphinx-engine';
import { WorkerPool } from '../../../service/engine/pocketsphinx/worker-pool';
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

describe('the decoding dictionary: the model’s, cut to its language model’s words', () => {
  it('holds the model dictionary’s entries in their order, far fewer, and decodes the same words', async () => {
    const binary = await workerBinary();
    const dictionary = await decodingDictionary(binary);
    expect(dictionary).not.toBe(MODEL.dict);
    const lines = async (path: string) =>
      (await readFile(path, 'utf8')).split('\n').filter(Boolean);
    const whole = await lines(MODEL.dict);
    const cut = await lines(dictionary);
    let at = 0;
    for (const line of cut) {
      at = whole.indexOf(line, at);
      expect(at, line).toBeGreaterThanOrEqual(0);
      at++;
    }
    expect(cut.length).toBeLessThan(whole.length * 0.7);
    expect(cut).toContain('john JH AA N');
    // The same words, times and confidences as with the whole dictionary, clip by clip.
    const clips = (await loadFixtures()).fixtures.filter((f) => f.kind === 'librivox');
    const [withWhole, withCut] = await Promise.all([
      WorkerPool.start(binary, 1, { dictionary: MODEL.dict }),
      WorkerPool.start(binary, 1, { dictionary }),
    ]);
    try {
      for (const clip of clips) {
        const pcm = await pcmOf(clip.path);
        const [expected, actual] = await Promise.all([
          withWhole.recognize(pcm),
          withCut.recognize(pcm),
        ]);
        expect(actual.words.length, clip.path).toBeGreaterThan(3);
        expect(actual.words, clip.path).toEqual(expected.words);
      }
    } finally {
      await Promise.all([withWhole.close(), withCut.close()]);
    }
  });
});

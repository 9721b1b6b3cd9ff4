import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EngineResult,
  type EngineStream,
  EngineUnavailableError,
} from '../../../service/engine/engine';
import { PocketSphinxEngine } from '../../../service/engine/pocketsphinx/pocketsphinx-engine';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../../fixtures/build';
import { until } from '../../support/until';
import { alignWords, corpusWordErrorRate } from '../../support/wer';

/** The PCM samples of a 16 kHz mono 16-bit WAV fixture (44-byte canonical header). */
async function pcmOf(path: string): Promise<Int16Array> {
  const bytes = await readFile(join(DEFAULT_FIXTURES_DIR, path));
  const data = bytes.subarray(44);
  return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
}

const SHORT = 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav'; // 3.3 s
const LONG = 'librivox/sense_and_sensibility_01_austen_64kb-0870.wav'; // 7 s

const speech = (result: EngineResult) =>
  result.words.filter((w) => !w.silence && !w.filler).map((w) => w.word);
/** Every token as the worker reported it: the word, its times and its posterior. */
const tokens = (result: EngineResult) =>
  result.words.map((w) => `${w.word}@${w.startMs}-${w.endMs}:${w.confidence.toFixed(3)}`);

/** Feeds `pcm` in pieces of `samples`, awaiting each feed as a well-behaved caller does. */
async function streamIn(stream: EngineStream, pcm: Int16Array, samples: number) {
  for (let offset = 0; offset < pcm.length; offset += samples)
    await stream.feed(pcm.subarray(offset, offset + samples));
  return stream.finish();
}

/** A worker's memory, or undefined if it has just exited (an idle extra retiring). */
function rss(pid: number): Promise<{ rssMb: number; pssMb: number } | undefined> {
  const kb = (text: string, field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? NaN);
  return Promise.all([
    readFile(`/proc/${pid}/status`, 'utf8'),
    readFile(`/proc/${pid}/smaps_rollup`, 'utf8'),
  ]).then(
    ([status, smaps]) => ({
      rssMb: kb(status, 'VmRSS') / 1024,
      pssMb: kb(smaps, 'Pss') / 1024,
    }),
    () => undefined,
  );
}

describe('PocketSphinx streams: the same words as batch decoding', () => {
  let engine: PocketSphinxEngine;
  beforeAll(async () => {
    engine = await PocketSphinxEngine.start(2);
  });
  afterAll(() => engine.close());

  it('gives the same tokens whatever the chunk size (256 B, 4096 B, 100 ms), close to batch', async () => {
    const clips = (await loadFixtures()).fixtures.filter((f) => f.kind === 'librivox');
    const pairs: { reference: string; batch: string; stream: string }[] = [];
    let wordEdits = 0;
    for (const clip of clips) {
      const pcm = await pcmOf(clip.path);
      const [batch, ...streamed] = await Promise.all([
        engine.recognize(pcm),
        ...[128, 2048, 1600].map(async (samples) =>
          streamIn(await engine.openStream(), pcm, samples),
        ),
      ]);
      // The same tokens; the decoder's lookahead sees more or fewer frames at each step, so a
      // boundary may move by a frame and posteriors a little (measured: ≤ 0.05).
      for (const result of streamed.slice(1)) {
        const first = streamed[0]!.words;
        expect(result.words.map((w) => w.word)).toEqual(first.map((w) => w.word));
        result.words.forEach((w, i) => {
          expect(Math.abs(w.startMs - first[i]!.startMs)).toBeLessThanOrEqual(20);
          expect(Math.abs(w.endMs - first[i]!.endMs)).toBeLessThanOrEqual(20);
          expect(Math.abs(w.confidence - first[i]!.confidence)).toBeLessThanOrEqual(0.1);
        });
      }
      const edits = alignWords(speech(batch), speech(streamed[0]!));
      wordEdits += edits.substitutions + edits.deletions + edits.insertions;
      pairs.push({
        reference: clip.text!,
        batch: speech(batch).join(' '),
        stream: speech(streamed[0]!).join(' '),
      });
    }
    const batchWer = corpusWordErrorRate(
      pairs.map((p) => ({ reference: p.reference, hypothesis: p.batch })),
    );
    const streamWer = corpusWordErrorRate(
      pairs.map((p) => ({ reference: p.reference, hypothesis: p.stream })),
    );
    console.log(
      `LibriVox WER batch ${batchWer.wer.toFixed(3)}, streamed ${streamWer.wer.toFixed(3)}; ${wordEdits} word edits from batch to streamed`,
    );
    // Measured: batch 20/71, streamed 17/71, and 13 word edits between them: a live decoder
    // cannot normalise by the whole utterance's mean cepstrum (it starts from the first 2 s's),
    // and it skips batch decoding's second, flat-lexicon pass (ps-worker.c: LIVE_SEARCH). With
    // that pass the streams made 20/71 and 8 edits.
    expect(streamWer.wer - batchWer.wer).toBeLessThanOrEqual(0.02);
    expect(wordEdits).toBeLessThanOrEqual(16);
  });

  it('decodes an utterance no longer than the prime exactly as batch does, times included', async () => {
    const pcm = await pcmOf(SHORT);
    const [batch, streamed] = await Promise.all([
      engine.recognize(pcm),
      engine.openStream({ primeMs: 4000 }).then((stream) => streamIn(stream, pcm, 1600)),
    ]);
    expect(tokens(streamed)).toEqual(tokens(batch));
    // Without a prime the live decoder starts from the model's mean; still the same times base.
    const unprimed = await streamIn(await engine.openStream({ primeMs: 0 }), pcm, 1600);
    expect(unprimed.words[0]!.startMs).toBe(0);
    expect(speech(unprimed).slice(0, 6)).toEqual(['he', 'might', 'even', 'have', 'been', 'made']);
  });

  it('times words from the first fed sample, pauses included', async () => {
    const clip = await pcmOf(SHORT);
    // 1 s of silence, the clip, 3 s of silence, the clip: the second "he" starts 4 s + the clip later.
    const pcm = new Int16Array(16000 + clip.length + 48000 + clip.length);
    pcm.set(clip, 16000);
    pcm.set(clip, 16000 + clip.length + 48000);
    const streamed = await streamIn(await engine.openStream(), pcm, 1600);
    const firstHe = (await engine.recognize(clip)).words.find((w) => w.word === 'he')!.startMs;
    const offset = ((clip.length + 48000) * 1000) / 16000;
    const he = streamed.words.filter((w) => w.word === 'he').map((w) => w.startMs);
    expect(he).toHaveLength(2);
    expect(Math.abs(he[0]! - (1000 + firstHe))).toBeLessThanOrEqual(20);
    expect(Math.abs(he[1]! - (1000 + offset + firstHe))).toBeLessThanOrEqual(20);
  });

  it('gives partial words that grow while feeding and end close to the final ones', async () => {
    const pcm = await pcmOf(LONG);
    const stream = await engine.openStream();
    const partials: (readonly string[])[] = [];
    for (let offset = 0; offset < pcm.length; offset += 1600) {
      await stream.feed(pcm.subarray(offset, offset + 1600));
      partials.push(await stream.partial());
    }
    const final = speech(await stream.finish());
    console.log(partials.filter((_, i) => i % 10 === 9).map((p) => p.join(' ')));
    // Nothing during the 2 s prime, then words: the decoder catches up at once.
    expect(partials.slice(0, 19).every((p) => p.length === 0)).toBe(true);
    expect(partials[25]!.length).toBeGreaterThan(0);
    // The best path may revise its last words, but grows on the whole to about the final length.
    const lengths = partials.map((p) => p.length);
    expect(lengths.at(-1)!).toBeGreaterThanOrEqual(final.length - 2);
    let shrinks = 0;
    for (let i = 1; i < lengths.length; i++) if (lengths[i]! < lengths[i - 1]!) shrinks++;
    expect(shrinks).toBeLessThanOrEqual(lengths.length / 4);
    const edits = alignWords(final, partials.at(-1)!);
    expect(edits.substitutions + edits.deletions + edits.insertions).toBeLessThanOrEqual(
      final.length / 3,
    );
    // Spent: later calls but abandon reject.
    await expect(stream.partial()).rejects.toThrow(/finished/);
    await expect(stream.feed(new Int16Array(10))).rejects.toThrow(/finished/);
    stream.abandon();
  });

  it('holds back a fast feeder: feed() promises resolve as the decoder catches up', async () => {
    const pcm = await pcmOf(LONG);
    const stream = await engine.openStream({ maxLagMs: 500 });
    let resolved = 0;
    const feeds: Promise<void>[] = [];
    for (let offset = 0; offset < pcm.length; offset += 1600)
      feeds.push(stream.feed(pcm.subarray(offset, offset + 1600)).then(() => void resolved++));
    await new Promise((resolve) => setImmediate(resolve));
    // 500 ms of lag allowed: the first five 100 ms chunks pass at once, the rest wait.
    expect(feeds.length).toBe(Math.ceil(pcm.length / 1600));
    expect(resolved).toBeLessThanOrEqual(6);
    await Promise.all(feeds);
    expect(speech(await stream.finish()).length).toBeGreaterThan(10);
  });
});

describe('PocketSphinx streams: sharing the pool', () => {
  it('lets 8 streams open at once on a pool of 2, batch requests still run, and idle extras retire', async () => {
    const engine = await PocketSphinxEngine.start(2, { idleMs: 1_000 });
    try {
      const pcm = await pcmOf(SHORT);
      const streams = await Promise.all(Array.from({ length: 8 }, () => engine.openStream()));
      const stats = engine.pool.stats();
      expect(stats.workers.filter((w) => w.role === 'stream')).toHaveLength(8);
      // A warm spare is on its way for the next speaker.
      expect(stats.workers.filter((w) => w.role === 'idle' || w.role === 'loading')).toHaveLength(
        1,
      );
      const batch = engine.recognize(pcm);
      // Every stream past its prime, so that each decoder holds a live utterance.
      await Promise.all(streams.map((stream) => stream.feed(pcm.subarray(0, 40000))));
      const workers = engine.pool.stats().workers;
      const memory = (await Promise.all(workers.map((w) => rss(w.pid!)))).filter(
        (m) => m !== undefined,
      );
      const loads = workers.flatMap((w) => (w.loadMs === undefined ? [] : [w.loadMs]));
      console.log(
        `${workers.length} workers; model load ${Math.min(...loads)}–${Math.max(...loads)} ms; RSS ${memory
          .map((m) => m.rssMb.toFixed(0))
          .join(', ')} MB; PSS ${memory.map((m) => m.pssMb.toFixed(0)).join(', ')} MB`,
      );
      const results = await Promise.all(
        streams.map(async (stream) => {
          await stream.feed(pcm.subarray(40000));
          return stream.finish();
        }),
      );
      expect(speech(await batch).slice(0, 6)).toEqual([
        'he',
        'might',
        'even',
        'have',
        'been',
        'made',
      ]);
      for (const result of results) expect(speech(result)).toEqual(speech(results[0]!));
      expect(workers.length).toBeGreaterThanOrEqual(9);
      // With no stream open, the workers beyond the warm one exit after idleMs.
      expect(engine.pool.warm).toBe(1);
      await until(
        () => engine.pool.stats().workers.length,
        (n) => n === 1,
        { timeoutMs: 30_000 },
      );
      expect((await engine.recognize(pcm)).words.length).toBeGreaterThan(5);
    } finally {
      await engine.close();
    }
  });

  it('makes an open wait for a free decoder, and abandon frees it', async () => {
    const engine = await PocketSphinxEngine.start(1, { maxDecoders: 1 });
    try {
      const pcm = await pcmOf(SHORT);
      const first = await engine.openStream();
      await first.feed(pcm.subarray(0, 40000)); // past the prime: the decoder is live
      let second: EngineStream | undefined;
      const opening = engine.openStream().then((stream) => (second = stream));
      const batch = engine.recognize(pcm);
      await until(
        () => engine.pool.stats().queued,
        (queued) => queued === 2,
      );
      expect(second).toBeUndefined();
      first.abandon();
      first.abandon();
      await expect(first.feed(pcm)).rejects.toThrow(/abandoned/);
      // First come, first served: the open, then the batch request once the stream is done.
      await opening;
      expect(engine.pool.stats().queued).toBe(1);
      expect(speech(await streamIn(second!, pcm, 4000)).slice(0, 3)).toEqual([
        'he',
        'might',
        'even',
      ]);
      expect((await batch).words.length).toBeGreaterThan(5);
    } finally {
      await engine.close();
    }
  });

  it('rejects a stream whose worker dies, and recovers', async () => {
    const engine = await PocketSphinxEngine.start(2);
    try {
      const pcm = await pcmOf(SHORT);
      const stream = await engine.openStream();
      await stream.feed(pcm.subarray(0, 40000));
      const victim = engine.pool.stats().workers.find((w) => w.role === 'stream')!.pid!;
      process.kill(victim, 'SIGKILL');
      // Sent before the pool learns of the death: the reply never comes.
      const pending = stream.partial();
      await expect(pending).rejects.toBeInstanceOf(EngineUnavailableError);
      await expect(stream.feed(pcm)).rejects.toBeInstanceOf(EngineUnavailableError);
      await expect(stream.finish()).rejects.toBeInstanceOf(EngineUnavailableError);
      expect(() => stream.abandon()).not.toThrow();
      const again = await streamIn(await engine.openStream(), pcm, 1600);
      expect(speech(again).slice(0, 6)).toEqual(['he', 'might', 'even', 'have', 'been', 'made']);
      expect((await engine.recognize(pcm)).words.length).toBeGreaterThan(5);
      await until(
        () => engine.pool.stats().workers.filter((w) => w.role === 'idle').length,
        (idle) => idle >= 2,
      );
      expect(engine.pool.pids()).not.toContain(victim);
    } finally {
      await engine.close();
    }
  });

  it('close() ends open streams and rejects waiting opens', async () => {
    const engine = await PocketSphinxEngine.start(1, { maxDecoders: 1 });
    const pcm = await pcmOf(SHORT);
    const open = await engine.openStream();
    await open.feed(pcm.subarray(0, 8000));
    const waiting = engine.openStream();
    await until(
      () => engine.pool.stats().queued,
      (queued) => queued === 1,
    );
    const closing = engine.close();
    await expect(waiting).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(open.feed(pcm)).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(open.partial()).rejects.toBeInstanceOf(EngineUnavailableError);
    expect(() => open.abandon()).not.toThrow();
    await closing;
    await expect(engine.openStream()).rejects.toBeInstanceOf(EngineUnavailableError);
    expect(engine.pool.stats().workers.every((w) => w.role !== 'stream')).toBe(true);
  });
});

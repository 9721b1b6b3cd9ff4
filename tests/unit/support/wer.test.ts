import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIBRIVOX_DIR } from '../../fixtures/build';
import { alignWords, corpusWordErrorRate, normaliseWords, wordErrorRate } from '../../support/wer';

describe('WER scorer', () => {
  it('normalises case, punctuation, sentence markers and curly apostrophes', () => {
    expect(normaliseWords('<s> Hello, World!  It’s   "fine". </s>')).toEqual([
      'hello',
      'world',
      "it's",
      'fine',
    ]);
    expect(normaliseWords('')).toEqual([]);
  });

  it('counts substitutions, deletions and insertions', () => {
    expect(wordErrorRate('the cat sat on the mat', 'the cat sat on the mat')).toMatchObject({
      wer: 0,
    });
    expect(wordErrorRate('the cat sat on the mat', 'the bat sat on the mat')).toMatchObject({
      substitutions: 1,
      deletions: 0,
      insertions: 0,
      referenceWords: 6,
    });
    expect(wordErrorRate('the cat sat on the mat', 'the cat on the mat')).toMatchObject({
      deletions: 1,
      substitutions: 0,
    });
    expect(wordErrorRate('the cat sat', 'well the cat sat down')).toMatchObject({
      insertions: 2,
      wer: 2 / 3,
    });
    expect(wordErrorRate('a b c d', '').wer).toBe(1);
    expect(wordErrorRate('', 'x y').wer).toBe(2);
    expect(wordErrorRate('', '').wer).toBe(0);
  });

  it('weights a corpus by reference length, not per utterance', () => {
    const score = corpusWordErrorRate([
      {
        reference: 'one two three four five six seven eight nine ten',
        hypothesis: 'one two three four five six seven eight nine ten',
      },
      { reference: 'yes', hypothesis: 'no' },
    ]);
    expect(score.wer).toBeCloseTo(1 / 11);
  });

  const words = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 12 });
  it('is a distance: zero on itself, symmetric in edits, bounded by the longer length (property)', () => {
    fc.assert(
      fc.property(words, words, (ref, hyp) => {
        const forward = alignWords(ref, hyp);
        const backward = alignWords(hyp, ref);
        const edits = (e: typeof forward) => e.substitutions + e.deletions + e.insertions;
        expect(edits(alignWords(ref, ref))).toBe(0);
        expect(edits(forward)).toBe(edits(backward));
        expect(edits(forward)).toBeLessThanOrEqual(Math.max(ref.length, hyp.length));
        expect(edits(forward)).toBeGreaterThanOrEqual(Math.abs(ref.length - hyp.length));
        expect(forward.deletions - forward.insertions).toBe(ref.length - hyp.length);
      }),
    );
  });

  it("scores PocketSphinx's own recorded hypotheses for the LibriVox clips", async () => {
    // Debian's pocketsphinx-testdata ships the engine's hypotheses (test-lm.match) next to the
    // reference transcription: an independent check of the scorer on real recogniser output.
    const references = new Map<string, string>();
    for (const line of (await readFile(join(LIBRIVOX_DIR, 'transcription'), 'utf8')).split('\n')) {
      const match = /^(.*)\(([^)]+)\)\s*$/.exec(line);
      if (match) references.set(match[2]!, match[1]!);
    }
    const pairs = (await readFile(join(LIBRIVOX_DIR, 'test-lm.match'), 'utf8'))
      .split('\n')
      .map((line) => /^(.*)\((\S+) -?\d+\)\s*$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => ({ reference: references.get(match[2]!) ?? '', hypothesis: match[1]! }));
    expect(pairs).toHaveLength(5);
    const score = corpusWordErrorRate(pairs);
    // Counted by hand: 22 + 8 + 14 + 19 + 8 reference words; 14 S, 3 D, 3 I. 20 / 71 = 0.282, the
    // figure the engine's batch tool is known to score on these clips.
    expect(score).toMatchObject({
      referenceWords: 71,
      substitutions: 14,
      deletions: 3,
      insertions: 3,
    });
    expect(score.wer.toFixed(3)).toBe('0.282');
  });
});

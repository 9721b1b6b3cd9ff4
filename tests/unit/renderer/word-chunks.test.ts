import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunksOf } from '../../../renderer/src/features/viewer/word-chunks';
import type { Word } from '../../../renderer/src/features/viewer/words';

/** Words for blocks of the given lengths, the speaker of each block given by `speakers`. */
function wordsOf(lengths: number[], speakers: (string | undefined)[] = []): Word[] {
  const words: Word[] = [];
  lengths.forEach((length, block) => {
    const speaker = speakers[block];
    for (let i = 0; i < length; i++)
      words.push({
        written: `w${words.length}`,
        index: words.length,
        utterance: block,
        position: i,
        block,
        ...(speaker === undefined ? {} : { speaker }),
      });
  });
  return words;
}

describe('the word list in chunks', () => {
  it('packs whole paragraphs into chunks and cuts only a paragraph longer than a chunk', () => {
    const chunks = chunksOf(wordsOf([3, 4, 2, 11, 1]), 5);
    expect(
      chunks.map((c) => ({
        continued: c.continued,
        paragraphs: c.paragraphs.map((p) => p.words.map((w) => w.index)),
      })),
    ).toEqual([
      { continued: false, paragraphs: [[0, 1, 2]] },
      { continued: false, paragraphs: [[3, 4, 5, 6]] },
      { continued: false, paragraphs: [[7, 8]] },
      { continued: false, paragraphs: [[9, 10, 11, 12, 13]] },
      { continued: true, paragraphs: [[14, 15, 16, 17, 18]] },
      { continued: true, paragraphs: [[19], [20]] },
    ]);
    expect(chunks.map((c) => [c.first, c.last])).toEqual([
      [0, 2],
      [3, 6],
      [7, 8],
      [9, 13],
      [14, 18],
      [19, 20],
    ]);
  });

  it('names the speaker above the first paragraph of each turn only', () => {
    const chunks = chunksOf(wordsOf([2, 6, 2, 2], ['s0', 's1', 's1', 's0']), 4);
    expect(chunks.flatMap((c) => c.paragraphs.map((p) => p.turn ?? null))).toEqual([
      's0',
      's1',
      null,
      null,
      's0',
    ]);
  });

  it('keeps every word once, in order, at most a chunk in each, a paragraph inside one block', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 30 }),
        (lengths, size) => {
          const words = wordsOf(lengths);
          const chunks = chunksOf(words, size);
          const all = chunks.flatMap((c) => c.paragraphs.flatMap((p) => p.words));
          expect(all).toEqual(words);
          for (const [i, chunk] of chunks.entries()) {
            const inChunk = chunk.paragraphs.flatMap((p) => p.words);
            expect(inChunk.length).toBeLessThanOrEqual(size);
            expect(chunk.first).toBe(inChunk[0]!.index);
            expect(chunk.last).toBe(inChunk.at(-1)!.index);
            for (const p of chunk.paragraphs)
              expect(new Set(p.words.map((w) => w.block)).size).toBe(1);
            // Continued exactly when the chunk before ended inside the same block.
            const before = chunks[i - 1]?.paragraphs.at(-1)!.words.at(-1);
            expect(chunk.continued).toBe(before?.block === inChunk[0]!.block);
            // A block no longer than a chunk is never cut.
            if (chunk.continued) expect(lengths[inChunk[0]!.block]!).toBeGreaterThan(size);
          }
        },
      ),
    );
  });
});

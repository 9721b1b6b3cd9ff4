/**
 * The words cut into chunks of a few hundred, each rendered as its own box the browser can skip
 * while it is off screen (`content-visibility: auto`): with every word its own button, a long
 * transcript otherwise costs style, layout and paint for all of them on every scroll frame.
 */
import type { Word } from './words';

/** Words a chunk holds at most: a screen or two of text, few enough to lay out as it scrolls in. */
export const CHUNK_WORDS = 250;

export interface WordParagraph<W extends Word = Word> {
  readonly words: readonly W[];
  /** The speaker to name above it, where the speaker changes. */
  readonly turn?: string;
}

export interface WordChunk<W extends Word = Word> {
  readonly paragraphs: readonly WordParagraph<W>[];
  /** It begins in the middle of a paragraph that a chunk before it started. */
  readonly continued: boolean;
  readonly first: number;
  readonly last: number;
}

/**
 * One paragraph per block (a speaker's part of an utterance), packed into chunks of at most
 * `size` words. A paragraph is cut only when it is longer than a chunk; a paragraph that does not
 * fit in what is left of a chunk starts the next one.
 */
export function chunksOf<W extends Word>(words: readonly W[], size = CHUNK_WORDS): WordChunk<W>[] {
  const blocks: W[][] = [];
  for (const word of words) {
    const last = blocks.at(-1);
    if (last && last[0]!.block === word.block) last.push(word);
    else blocks.push([word]);
  }
  const chunks: WordChunk<W>[] = [];
  let paragraphs: WordParagraph<W>[] = [];
  let count = 0;
  let continued = false;
  const close = (next: boolean) => {
    if (paragraphs.length) {
      const all = paragraphs.flatMap((p) => p.words);
      chunks.push({ paragraphs, continued, first: all[0]!.index, last: all.at(-1)!.index });
    }
    paragraphs = [];
    count = 0;
    continued = next;
  };
  blocks.forEach((block, i) => {
    if (count > 0 && count + block.length > size) close(false);
    const speaker = block[0]!.speaker;
    const turn = speaker !== undefined && speaker !== blocks[i - 1]?.[0]!.speaker;
    for (let at = 0; at < block.length; at += size) {
      if (at > 0) close(true);
      const piece = block.slice(at, at + size);
      paragraphs.push(at === 0 && turn ? { words: piece, turn: speaker } : { words: piece });
      count += piece.length;
    }
  });
  close(false);
  return chunks;
}

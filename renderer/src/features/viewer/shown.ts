/**
 * What the viewer shows of a transcript's words, after the fact and never in
 * the transcript or its corrections: fillers (`%えー%`) shown without their marks or hidden, and
 * readings over Japanese words. Every word keeps its index and every token its place, so edits,
 * find, selection and the player's word-follow still name the words they named: a hidden filler
 * is still in the list, only not drawn (its text empty in a block's text).
 */
import { readingOf } from '../../../../shared/format/documents';
import { fillerShown, isFiller, type FillerMode } from '../../../../shared/format/fillers';
import { isPunctuation, joinerOf, type Block } from '../../../../shared/format/speakers';
import type { EditedTranscript } from '../../../../shared/domain/edits';
import type { Word } from './words';

/** A word as shown: a filler written without its marks, and whether it is hidden. */
export interface ShownWord extends Word {
  /** A filler the person chose not to see: still in the list, not drawn. */
  readonly hidden?: boolean;
  /** The reading to show over it, when readings are shown and it has one. */
  readonly reading?: string;
}

export interface ShowChoices {
  readonly fillers: FillerMode;
  readonly readings: boolean;
}

/** The words as shown: the same array when there is nothing to change. */
export function shownWords(words: readonly Word[], choices: ShowChoices): readonly ShownWord[] {
  if (!choices.readings && !words.some(isFiller)) return words;
  return words.map((word) => {
    const reading = choices.readings ? readingOf(word) : undefined;
    if (!isFiller(word)) return reading === undefined ? word : { ...word, reading };
    return {
      ...word,
      written: fillerShown(word.written),
      ...(choices.fillers === 'drop' && { hidden: true }),
    };
  });
}

/** A block's text as shown: fillers without their marks, or out (their tokens kept, empty). */
export function shownBlocks(
  blocks: readonly Block[],
  transcript: EditedTranscript,
  fillers: FillerMode,
): readonly Block[] {
  return blocks.map((block) => {
    if (!block.tokens.some(isFiller)) return block;
    const tokens = block.tokens.map((token) =>
      isFiller(token)
        ? { ...token, written: fillers === 'drop' ? '' : fillerShown(token.written) }
        : token,
    );
    const joiner = joinerOf(transcript.utterances[block.utterance]!);
    let text = '';
    for (const token of tokens) {
      if (token.written === '') continue;
      if (text !== '' && !isPunctuation(token)) text += joiner;
      text += token.written;
    }
    return { ...block, tokens, text };
  });
}

/** The first word shown from `index` on in the direction `by` (the word itself if shown). */
export function nextShown(
  words: readonly ShownWord[],
  index: number,
  by: 1 | -1,
): number | undefined {
  for (let at = index; at >= 0 && at < words.length; at += by) if (!words[at]!.hidden) return at;
  return undefined;
}

/** The shown word nearest `index`, after it first (so a list's tab stop is never a hidden word). */
export const shownNear = (words: readonly ShownWord[], index: number): number =>
  nextShown(words, index, 1) ?? nextShown(words, index, -1) ?? index;

/** Whether any word has a reading to show (the toggle is offered only then). */
export const hasReadings = (words: readonly Word[]): boolean =>
  words.some((word) => readingOf(word) !== undefined);

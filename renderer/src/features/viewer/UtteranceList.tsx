/**
 * The text by utterance, each with its time (a button that seeks there) and find highlights, the
 * current match marked apart. A click on a word seeks there too (a drag that selects text does
 * not): words stay plain text, selectable, and the keyboard reaches each utterance by its time
 * and each word in the word view. With speaker labels each speaker's part is its own block, and a
 * change of speaker is named.
 *
 * Correcting: each block's text can be edited as a whole (words left as they were
 * keep their times, shared/domain/edits.ts `utteranceEdit`), and a speaker renamed once for the
 * whole transcript. A word is corrected as in the word view: double-click it, or F2
 * on the word the text selection is in (else the first of the passage that has the focus), opens
 * its editor in place. What is shown, found and clicked is the text as corrected.
 */
import { useCallback, useMemo, useRef } from 'react';
import type { EditedTranscript, EditOp } from '../../../../shared/domain/edits';
import type { Block } from '../../../../shared/format/speakers';
import type { Result } from '../../../../shared/ipc/contract';
import { ErrorBox } from '../../ui/error-box';
import type { TextMatches } from './find';
import type { ShownWord } from './shown';
import type { Playback } from './use-playback';
import { usePlayingMark } from './use-playing-mark';
import { useTextCorrections } from './use-text-corrections';
import { Utterance } from './Utterance';

/** Where each block's tokens start in its utterance. */
function offsetsOf(blocks: readonly Block[]): number[] {
  const offsets: number[] = [];
  blocks.forEach((b, i) => {
    const previous = blocks[i - 1];
    offsets.push(
      previous?.utterance === b.utterance ? offsets[i - 1]! + previous.tokens.length : 0,
    );
  });
  return offsets;
}

export function UtteranceList({
  blocks,
  shown,
  words,
  transcript,
  playback,
  matches,
  currentMatch,
  speakerName,
  edit,
}: {
  blocks: readonly Block[];
  /** The same blocks as shown (./shown: fillers without marks or hidden, tokens in place). */
  shown?: readonly Block[];
  /** The transcript's words as shown (./shown), to correct one in place. */
  words: readonly ShownWord[];
  /** The transcript the blocks are of (edits applied). */
  transcript: EditedTranscript;
  playback: Playback;
  matches: TextMatches;
  /** The match find is on, or -1. */
  currentMatch: number;
  speakerName: (label: string) => string;
  /** Makes a correction; none while the original is shown. */
  edit: ((op: EditOp) => Promise<Result<void>>) | undefined;
}) {
  const list = useRef<HTMLOListElement>(null);
  /** Each block's words, by their place in the utterance. */
  const blockWords = useMemo(() => {
    const byBlock = blocks.map(() => new Map<number, ShownWord>());
    for (const word of words) byBlock[word.block]?.set(word.position, word);
    return byBlock;
  }, [blocks, words]);
  const indexAt = useMemo(() => {
    const spans = blocks.map((b) => [b.starttime ?? -1, b.endtime ?? -1] as const);
    return (ms: number) => spans.findIndex(([start, end]) => start <= ms && ms <= end);
  }, [blocks]);
  const offsets = useMemo(() => offsetsOf(blocks), [blocks]);
  const elementAt = useCallback((index: number) => list.current?.children[index], []);
  usePlayingMark(list, playback.onTime, indexAt, elementAt, { reveal: false });
  const inputs = { blocks, transcript, playback, speakerName, edit, words };
  const { error, editing, editingWord, wordActions, actions } = useTextCorrections(
    list,
    offsets,
    inputs,
  );
  const editable = edit !== undefined;

  return (
    <>
      <ErrorBox error={error} />
      <ol ref={list} className="utterances" data-testid="utterances">
        {blocks.map((b, i) => {
          const first = matches.first[i] ?? 0;
          const count = matches.ranges[i]?.length ?? 0;
          return (
            <Utterance
              key={i}
              index={i}
              block={b}
              shown={shown?.[i] ?? b}
              turn={b.label !== undefined && b.label !== blocks[i - 1]?.label}
              matches={matches.ranges[i] ?? []}
              // Only a block with matches numbers them: the others stay as they were while typing.
              firstMatch={count > 0 ? first : 0}
              currentMatch={
                currentMatch >= first && currentMatch < first + count ? currentMatch : -1
              }
              editable={editable}
              editing={editing?.block === i ? editing.kind : undefined}
              words={blockWords[i]}
              offset={offsets[i]!}
              editingWord={
                editingWord !== undefined && words[editingWord]?.block === i ? editingWord : -1
              }
              wordActions={wordActions}
              speakerName={speakerName}
              actions={actions}
            />
          );
        })}
      </ol>
    </>
  );
}

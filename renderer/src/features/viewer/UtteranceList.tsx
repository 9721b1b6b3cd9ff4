/**
 * The text by utterance, each with its time (a button that seeks there) and find highlights, the
 * current match marked apart. A click on a word seeks there too (a drag that selects text does
 * not): words stay plain text, selectable, and the keyboard reaches each utterance by its time
 * and each word in the word view. With speaker labels each speaker's part is its own block, and a
 * change of speaker is named.
 */
import { memo, useCallback, useMemo, useRef } from 'react';
import type { Block } from '../../../../shared/format/speakers';
import { formatMs } from '../../ui/format';
import { piecesOf, type TextMatches } from './find';
import { useSpeakerName } from './speaker-name';
import type { Playback } from './use-playback';
import { usePlayingMark } from './use-playing-mark';

export function UtteranceList({
  blocks,
  playback,
  matches,
  currentMatch,
}: {
  blocks: readonly Block[];
  playback: Playback;
  matches: TextMatches;
  /** The match find is on, or -1. */
  currentMatch: number;
}) {
  const list = useRef<HTMLOListElement>(null);
  const speakerName = useSpeakerName();
  const indexAt = useMemo(() => {
    const spans = blocks.map((b) => [b.starttime ?? -1, b.endtime ?? -1] as const);
    return (ms: number) => spans.findIndex(([start, end]) => start <= ms && ms <= end);
  }, [blocks]);
  const elementAt = useCallback((index: number) => list.current?.children[index], []);
  usePlayingMark(list, playback.onTime, indexAt, elementAt, { reveal: false });
  const { seek } = playback;
  return (
    <ol ref={list} className="utterances" data-testid="utterances">
      {blocks.map((b, i) => {
        const first = matches.first[i] ?? 0;
        const count = matches.ranges[i]?.length ?? 0;
        return (
          <Utterance
            key={i}
            block={b}
            turn={b.label !== undefined && b.label !== blocks[i - 1]?.label}
            first={i === 0}
            matches={matches.ranges[i] ?? []}
            // Only a block with matches numbers them: the others stay as they were while typing.
            firstMatch={count > 0 ? first : 0}
            currentMatch={currentMatch >= first && currentMatch < first + count ? currentMatch : -1}
            seek={seek}
            speakerName={speakerName}
          />
        );
      })}
    </ol>
  );
}

const Utterance = memo(function Utterance({
  block: b,
  turn,
  first,
  matches,
  firstMatch,
  currentMatch,
  seek,
  speakerName,
}: {
  block: Block;
  turn: boolean;
  first: boolean;
  matches: ReadonlyArray<readonly [number, number]>;
  firstMatch: number;
  currentMatch: number;
  seek: (ms: number) => void;
  speakerName: (label: string) => string;
}) {
  const pieces = useMemo(() => piecesOf(b, matches, firstMatch), [b, matches, firstMatch]);
  return (
    <li className={turn && !first ? 'utterance speaker-turn' : 'utterance'}>
      <button
        type="button"
        className="time"
        onClick={() => seek(b.starttime ?? 0)}
        disabled={b.starttime === undefined}
      >
        {formatMs(b.starttime ?? 0)}
      </button>
      <div>
        {turn ? (
          <p className="speaker" data-testid="speaker">
            {speakerName(b.label ?? '')}
          </p>
        ) : null}
        {/* Words are reached by keyboard in the word view; here a click is a shortcut. */}
        <p
          className="utterance-text"
          onClick={(e) => {
            // A drag that selected text is reading, not seeking.
            if (!(window.getSelection()?.isCollapsed ?? true)) return;
            const word = (e.target as HTMLElement).closest<HTMLElement>('[data-ms]');
            if (word) seek(Number(word.dataset.ms));
          }}
        >
          {pieces.map((piece, i) => {
            const inner =
              piece.match === undefined ? (
                piece.text
              ) : (
                <mark
                  data-match={piece.match}
                  className={piece.match === currentMatch ? 'is-found' : undefined}
                >
                  {piece.text}
                </mark>
              );
            return piece.ms === undefined ? (
              <span key={i}>{inner}</span>
            ) : (
              <span key={i} className="text-word" data-ms={piece.ms}>
                {inner}
              </span>
            );
          })}
        </p>
      </div>
    </li>
  );
});

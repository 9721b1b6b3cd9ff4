/**
 * The words as focusable buttons with time and confidence (low confidence marked), one tab stop
 * for the whole list (arrows, Home and End move between words). Clicking a word seeks the player;
 * the playing word is marked by class, without re-rendering the list. With speaker labels a change
 * of speaker starts a new paragraph, under the speaker's name. The words are rendered in chunks
 * the browser skips while off screen (./word-chunks); focus, scrolling into view and find in page
 * still reach every word, and a move re-renders only the chunks it leaves and enters.
 *
 * Correcting: double-click a word, or F2 on the focused word, edits it in place
 * (./WordEditor). A corrected word is marked; the focused one says what the service heard and
 * can be reverted.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditOp } from '../../../../shared/domain/edits';
import type { Result } from '../../../../shared/ipc/contract';
import { ErrorBox } from '../../ui/error-box';
import { useActionError } from '../../ui/use-action-error';
import { typingIn } from './player-keys';
import type { Playback } from './use-playback';
import { usePlayingMark } from './use-playing-mark';
import { useWordEditing } from './use-word-editing';
import { chunksOf } from './word-chunks';
import { WordChunkView } from './WordChunkView';
import { WordOrigin } from './WordOrigin';
import { nextShown, shownNear, type ShownWord } from './shown';
import { wordAt, type Word } from './words';

interface Props {
  /** The words as shown (./shown): a hidden filler keeps its index but is not drawn. */
  readonly words: readonly ShownWord[];
  readonly playback: Playback;
  readonly query: string;
  /** The word find is on, or -1. */
  readonly currentMatch: number;
  /** A word to start on: focused, scrolled into view, the player at its start (a search hit). */
  readonly openAt?: number;
  /** Told once the word was opened on. */
  readonly onOpened?: () => void;
  /** A speaker's name (the one a person gave it, else "Speaker 1"). */
  readonly speakerName: (label: string) => string;
  /** Makes a correction; none while the original is shown. */
  readonly edit: ((op: EditOp) => Promise<Result<void>>) | undefined;
  /** Opens the dictionary's add form with a corrected word. */
  readonly teach?: (word: Word) => void;
}

/** The index of the word an element is (a word's button or editor), if it is one. */
function indexOf(target: EventTarget): number | undefined {
  const at = target instanceof HTMLElement ? target.closest<HTMLElement>('[data-i]') : null;
  return at ? Number(at.dataset.i) : undefined;
}

export function WordList({
  words,
  playback,
  query,
  currentMatch,
  speakerName,
  edit,
  teach,
  openAt,
  onOpened,
}: Props) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const start = openAt !== undefined && openAt < words.length ? openAt : undefined;
  const [focusAt, setFocusIndex] = useState(start ?? 0);
  // The list's tab stop is a word shown: a hidden filler's neighbour stands in for it.
  const focusIndex = shownNear(words, focusAt);
  const { error, run } = useActionError();

  const indexAt = useCallback((ms: number) => wordAt(words, ms), [words]);
  const elementAt = useCallback(
    (index: number) => list.current?.querySelector(`[data-i="${index}"]`),
    [],
  );
  usePlayingMark(list, playback.onTime, indexAt, elementAt, { reveal: true });

  const { seek } = playback;
  // Opened on a word: it is focused and the player waits at its start, so Space plays it.
  useEffect(() => {
    if (start === undefined) return;
    const element = list.current?.querySelector<HTMLElement>(`[data-i="${start}"]`);
    element?.scrollIntoView({ block: 'center' });
    element?.focus({ preventScroll: true });
    const at = words[start]?.starttime;
    if (at !== undefined) seek(at);
    onOpened?.();
  }, [start, words, seek, onOpened]);
  const onSeek = useCallback(
    (word: Word) => {
      setFocusIndex(word.index);
      if (word.starttime !== undefined) seek(word.starttime);
    },
    [seek],
  );
  const move = (index: number, by: 1 | -1) => {
    const clamped = Math.max(0, Math.min(words.length - 1, index));
    const next = nextShown(words, clamped, by) ?? focusIndex;
    setFocusIndex(next);
    list.current?.querySelector<HTMLElement>(`[data-i="${next}"]`)?.focus();
  };
  const { editingIndex, actions } = useWordEditing(list, words, {
    playback,
    edit,
    run,
    setFocusIndex,
  });

  const focused = words[focusIndex];

  const chunks = useMemo(() => chunksOf(words.filter((word) => !word.hidden)), [words]);
  const q = query.trim();
  const wordList = (
    <div
      ref={list}
      className="word-list"
      data-testid="word-list"
      onKeyDown={(e) => {
        // Keys typed in the word editor are its own (arrows, Home and End move its caret).
        if (e.defaultPrevented || typingIn(e.target)) return;
        const keys: Record<string, readonly [number, 1 | -1]> = {
          ArrowRight: [focusIndex + 1, 1],
          ArrowDown: [focusIndex + 1, 1],
          ArrowLeft: [focusIndex - 1, -1],
          ArrowUp: [focusIndex - 1, -1],
          Home: [0, 1],
          End: [words.length - 1, -1],
        };
        if (e.key in keys) {
          e.preventDefault();
          move(...keys[e.key]!);
        } else if (e.key === 'F2' && actions) {
          // The word that has the focus, however it got there (not the one last clicked).
          const word = words[indexOf(e.target) ?? focusIndex];
          if (!word) return;
          e.preventDefault();
          actions.onEdit(word);
        }
      }}
      onFocus={(e) => {
        // Focus moved by Tab, a screen reader or a script: the list's tab stop and keys follow it.
        const index = indexOf(e.target);
        if (index !== undefined && index !== focusIndex) setFocusIndex(index);
      }}
    >
      {chunks.map((chunk) => (
        <WordChunkView
          key={chunk.first}
          chunk={chunk}
          focusIndex={chunk.first <= focusIndex && focusIndex <= chunk.last ? focusIndex : -1}
          editingIndex={
            editingIndex !== undefined && chunk.first <= editingIndex && editingIndex <= chunk.last
              ? editingIndex
              : -1
          }
          currentMatch={
            chunk.first <= currentMatch && currentMatch <= chunk.last ? currentMatch : -1
          }
          query={q}
          onSeek={onSeek}
          speakerName={speakerName}
          actions={actions}
        />
      ))}
    </div>
  );
  return (
    <>
      {edit ? <p className="muted hint word-keys">{t('viewer.wordKeys')}</p> : null}
      {/* One line whatever word has the focus (its time, and what a corrected word was heard
          as): the words below never move between the two clicks of a double-click. */}
      <WordOrigin focused={focused} edit={edit} run={run} teach={teach} />
      <ErrorBox error={error} />
      {wordList}
    </>
  );
}

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
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { revertWord, type EditOp } from '../../../../shared/domain/edits';
import type { Result } from '../../../../shared/ipc/contract';
import { ErrorBox } from '../../ui/error-box';
import { formatMs } from '../../ui/format';
import { useActionError } from '../../ui/use-action-error';
import { typingIn } from './player-keys';
import type { Playback } from './use-playback';
import { usePlayingMark } from './use-playing-mark';
import { chunksOf, type WordChunk } from './word-chunks';
import { keepWord, WordEditor, type Editing } from './WordEditor';
import { LOW_CONFIDENCE, matchesIn, wordAt, type Word } from './words';
import { nextShown, shownNear, type ShownWord } from './shown';

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

const WordButton = memo(function WordButton({
  word,
  focusable,
  match,
  current,
  editing,
  onSeek,
  actions,
}: {
  word: ShownWord;
  focusable: boolean;
  match: boolean;
  /** The match find is on. */
  current: boolean;
  editing: boolean;
  onSeek: (word: Word) => void;
  actions: Editing | undefined;
}) {
  const { t } = useTranslation();
  const low = word.confidence !== undefined && word.confidence < LOW_CONFIDENCE;
  const confidence = word.confidence === undefined ? '—' : word.confidence.toFixed(2);
  const time = word.starttime === undefined ? '' : formatMs(word.starttime);
  if (editing && actions) return <WordEditor word={word} actions={actions} />;
  const label = word.edited
    ? word.original === undefined
      ? t('viewer.wordLabelAdded', { word: word.written, time })
      : t('viewer.wordLabelEdited', { word: word.written, time, original: word.original })
    : t(low ? 'viewer.wordLabelLow' : 'viewer.wordLabel', {
        word: word.written,
        time,
        confidence,
      });
  return (
    <button
      type="button"
      className={`word${low ? ' is-low' : ''}${match ? ' is-match' : ''}${current ? ' is-found' : ''}${word.edited ? ' is-edited' : ''}`}
      data-i={word.index}
      data-start={word.starttime}
      tabIndex={focusable ? 0 : -1}
      aria-label={label}
      title={word.edited ? time : `${time} · ${t('viewer.confidence', { value: confidence })}`}
      onClick={() => onSeek(word)}
      onDoubleClick={actions ? () => actions.onEdit(word) : undefined}
    >
      {word.reading === undefined ? (
        word.written
      ) : (
        <ruby>
          {word.written}
          <rt>{word.reading}</rt>
        </ruby>
      )}
    </button>
  );
});

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
  const [editingIndex, setEditingIndex] = useState<number>();
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
  /** Focus back on the word (once it is a button again) after an edit ends. */
  const refocus = useRef<number>(undefined);
  useEffect(() => {
    if (editingIndex !== undefined || refocus.current === undefined) return;
    const index = Math.max(0, Math.min(words.length - 1, refocus.current));
    refocus.current = undefined;
    setFocusIndex(index);
    list.current?.querySelector<HTMLElement>(`button[data-i="${index}"]`)?.focus();
  }, [editingIndex, words]);

  const { toggle, playing } = playback;
  // Read by the actions when they run, so the actions (and every chunk) stay the same objects
  // while the player plays and pauses or a correction changes the count.
  const latest = useRef({ playing, count: words.length, words });
  useEffect(() => {
    latest.current = { playing, count: words.length, words };
  });
  const actions = useMemo<Editing | undefined>(() => {
    if (!edit) return undefined;
    return {
      onEdit: (word) => {
        setFocusIndex(word.index);
        setEditingIndex(word.index);
      },
      onCancel: () => {
        setEditingIndex((index) => {
          refocus.current = index;
          return undefined;
        });
      },
      onPlayFrom: (word) => {
        if (word.starttime !== undefined) seek(word.starttime);
        if (!latest.current.playing) toggle();
      },
      onKeep: (word, text, next) =>
        keepWord(
          word,
          text,
          next,
          latest.current.count,
          (op) => run(edit(op)),
          (after) => {
            // Tab goes on to the next word shown (a hidden filler is passed over).
            const next =
              after === undefined ? undefined : nextShown(latest.current.words, after, 1);
            if (next !== undefined) {
              setFocusIndex(next);
              setEditingIndex(next);
            } else {
              refocus.current = word.index;
              setEditingIndex(undefined);
            }
          },
        ),
    };
  }, [edit, run, seek, toggle]);

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
        <Chunk
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
      <p className="word-origin" data-testid="word-origin">
        {focused?.starttime !== undefined ? (
          // The focused word's time, shown, not only told to a screen reader.
          <span className="word-time" data-testid="word-time">
            {t('viewer.wordTime', { word: focused.written, time: formatMs(focused.starttime) })}
          </span>
        ) : null}
        {edit && focused?.edited ? (
          <>
            <span>
              {focused.original === undefined
                ? t('viewer.addedWord', { word: focused.written })
                : t('viewer.recognizedAs', { word: focused.written, original: focused.original })}
            </span>
            <button
              type="button"
              className="button small"
              onClick={() => void run(edit(revertWord(focused.utterance, focused.position)))}
            >
              {t('viewer.revertWord')}
            </button>
            {teach && focused.original !== undefined ? (
              <button type="button" className="button small" onClick={() => teach(focused)}>
                {t('viewer.addToDictionary')}
              </button>
            ) : null}
          </>
        ) : null}
      </p>
      <ErrorBox error={error} />
      {wordList}
    </>
  );
}

/** The same words, shown the same way (a correction makes new word objects for every word). */
const sameWord = (a: ShownWord, b: ShownWord) =>
  a === b ||
  (a.index === b.index &&
    a.written === b.written &&
    a.reading === b.reading &&
    a.starttime === b.starttime &&
    a.confidence === b.confidence &&
    a.edited === b.edited &&
    a.original === b.original &&
    a.utterance === b.utterance &&
    a.position === b.position);

function sameChunk(a: WordChunk<ShownWord>, b: WordChunk<ShownWord>): boolean {
  if (a === b) return true;
  if (a.continued !== b.continued || a.paragraphs.length !== b.paragraphs.length) return false;
  return a.paragraphs.every((p, i) => {
    const q = b.paragraphs[i]!;
    return (
      p.turn === q.turn &&
      p.words.length === q.words.length &&
      p.words.every((w, k) => sameWord(w, q.words[k]!))
    );
  });
}

/**
 * Props are values or stable callbacks, so only the chunks whose focus or matches change render;
 * after a correction, only those whose words changed (or moved).
 */
interface ChunkProps {
  chunk: WordChunk<ShownWord>;
  focusIndex: number;
  editingIndex: number;
  /** The word find is on, in this chunk, or -1. */
  currentMatch: number;
  query: string;
  onSeek: (word: Word) => void;
  speakerName: (label: string) => string;
  actions: Editing | undefined;
}

const Chunk = memo(function Chunk({
  chunk,
  focusIndex,
  editingIndex,
  currentMatch,
  query,
  onSeek,
  speakerName,
  actions,
}: ChunkProps) {
  return (
    <div className={chunk.continued ? 'word-chunk is-continued' : 'word-chunk'}>
      {chunk.paragraphs.map((paragraph) => (
        <ChunkParagraph
          key={paragraph.words[0]!.index}
          turn={paragraph.turn === undefined ? undefined : speakerName(paragraph.turn)}
        >
          {paragraph.words.map((word) => (
            <WordButton
              key={word.index}
              word={word}
              focusable={word.index === focusIndex}
              match={query !== '' && matchesIn(word.written, query).length > 0}
              current={word.index === currentMatch}
              editing={word.index === editingIndex}
              onSeek={onSeek}
              actions={actions}
            />
          ))}
        </ChunkParagraph>
      ))}
    </div>
  );
}, sameChunkProps);

function sameChunkProps(a: ChunkProps, b: ChunkProps): boolean {
  return (
    a.focusIndex === b.focusIndex &&
    a.editingIndex === b.editingIndex &&
    a.currentMatch === b.currentMatch &&
    a.query === b.query &&
    a.onSeek === b.onSeek &&
    a.speakerName === b.speakerName &&
    a.actions === b.actions &&
    sameChunk(a.chunk, b.chunk)
  );
}

function ChunkParagraph({ turn, children }: { turn?: string; children: React.ReactNode }) {
  return (
    <>
      {turn === undefined ? null : <p className="speaker">{turn}</p>}
      <p className="word-paragraph">{children}</p>
    </>
  );
}

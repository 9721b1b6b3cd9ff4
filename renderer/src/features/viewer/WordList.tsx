/**
 * The words as focusable buttons with time and confidence (low confidence marked), one tab stop
 * for the whole list (arrows, Home and End move between words). Clicking a word seeks the player;
 * the playing word is marked by class, without re-rendering the list. With speaker labels a change
 * of speaker starts a new paragraph, under the speaker's name. The words are rendered in chunks
 * the browser skips while off screen (./word-chunks); focus, scrolling into view and find in page
 * still reach every word, and a move re-renders only the chunks it leaves and enters.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMs } from '../../ui/format';
import { useSpeakerName } from './speaker-name';
import type { Playback } from './use-playback';
import { usePlayingMark } from './use-playing-mark';
import { chunksOf, type WordChunk } from './word-chunks';
import { LOW_CONFIDENCE, matchesIn, wordAt, type Word } from './words';

interface Props {
  readonly words: readonly Word[];
  readonly playback: Playback;
  readonly query: string;
  /** A word to start on: focused, scrolled into view, the player at its start (a search hit). */
  readonly openAt?: number;
  /** Told once the word was opened on. */
  readonly onOpened?: () => void;
}

const WordButton = memo(function WordButton({
  word,
  focusable,
  match,
  onSeek,
}: {
  word: Word;
  focusable: boolean;
  match: boolean;
  onSeek: (word: Word) => void;
}) {
  const { t } = useTranslation();
  const low = word.confidence !== undefined && word.confidence < LOW_CONFIDENCE;
  const confidence = word.confidence === undefined ? '—' : word.confidence.toFixed(2);
  const time = word.starttime === undefined ? '' : formatMs(word.starttime);
  const label = t(low ? 'viewer.wordLabelLow' : 'viewer.wordLabel', {
    word: word.written,
    time,
    confidence,
  });
  return (
    <button
      type="button"
      className={`word${low ? ' is-low' : ''}${match ? ' is-match' : ''}`}
      data-i={word.index}
      data-start={word.starttime}
      tabIndex={focusable ? 0 : -1}
      aria-label={label}
      title={`${time} · ${t('viewer.confidence', { value: confidence })}`}
      onClick={() => onSeek(word)}
    >
      {word.written}
    </button>
  );
});

export function WordList({ words, playback, query, openAt, onOpened }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const start = openAt !== undefined && openAt < words.length ? openAt : undefined;
  const [focusIndex, setFocusIndex] = useState(start ?? 0);
  const speakerName = useSpeakerName();

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
  const move = (index: number) => {
    const next = Math.max(0, Math.min(words.length - 1, index));
    setFocusIndex(next);
    list.current?.querySelector<HTMLElement>(`[data-i="${next}"]`)?.focus();
  };

  const chunks = useMemo(() => chunksOf(words), [words]);
  const q = query.trim();
  return (
    <div
      ref={list}
      className="word-list"
      data-testid="word-list"
      onKeyDown={(e) => {
        const keys: Record<string, number> = {
          ArrowRight: focusIndex + 1,
          ArrowDown: focusIndex + 1,
          ArrowLeft: focusIndex - 1,
          ArrowUp: focusIndex - 1,
          Home: 0,
          End: words.length - 1,
        };
        if (e.key in keys) {
          e.preventDefault();
          move(keys[e.key]!);
        }
      }}
    >
      {chunks.map((chunk) => (
        <Chunk
          key={chunk.first}
          chunk={chunk}
          focusIndex={chunk.first <= focusIndex && focusIndex <= chunk.last ? focusIndex : -1}
          query={q}
          onSeek={onSeek}
          speakerName={speakerName}
        />
      ))}
    </div>
  );
}

/** Props are values or stable callbacks, so only the chunks whose focus or matches change render. */
const Chunk = memo(function Chunk({
  chunk,
  focusIndex,
  query,
  onSeek,
  speakerName,
}: {
  chunk: WordChunk;
  focusIndex: number;
  query: string;
  onSeek: (word: Word) => void;
  speakerName: (label: string) => string;
}) {
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
              onSeek={onSeek}
            />
          ))}
        </ChunkParagraph>
      ))}
    </div>
  );
});

function ChunkParagraph({ turn, children }: { turn?: string; children: React.ReactNode }) {
  return (
    <>
      {turn === undefined ? null : <p className="speaker">{turn}</p>}
      <p className="word-paragraph">{children}</p>
    </>
  );
}

/**
 * The words as focusable buttons with time and confidence (low confidence marked), one tab stop
 * for the whole list (arrows, Home and End move between words). Clicking a word seeks the player;
 * the playing word is marked by class, without re-rendering the list. With speaker labels a change
 * of speaker starts a new paragraph, under the speaker's name.
 */
import { Fragment, memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMs } from '../../lib/format';
import { useSpeakerName } from './speaker-name';
import type { Playback } from './use-playback';
import { LOW_CONFIDENCE, matchesIn, wordAt, type Word } from './words';

interface Props {
  readonly words: readonly Word[];
  readonly playback: Playback;
  readonly query: string;
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

export function WordList({ words, playback, query }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const speakerName = useSpeakerName();

  useEffect(() => {
    let current = -1;
    return playback.onTime((ms) => {
      const next = wordAt(words, ms);
      if (next === current) return;
      list.current?.querySelector(`[data-i="${current}"]`)?.classList.remove('is-current');
      const element = next >= 0 ? list.current?.querySelector(`[data-i="${next}"]`) : null;
      element?.classList.add('is-current');
      element?.scrollIntoView({ block: 'nearest' });
      current = next;
    });
  }, [words, playback]);

  const onSeek = (word: Word) => {
    setFocusIndex(word.index);
    if (word.starttime !== undefined) playback.seek(word.starttime);
  };
  const move = (index: number) => {
    const next = Math.max(0, Math.min(words.length - 1, index));
    setFocusIndex(next);
    list.current?.querySelector<HTMLElement>(`[data-i="${next}"]`)?.focus();
  };

  const byBlock = new Map<number, Word[]>();
  for (const word of words) {
    const group = byBlock.get(word.block) ?? [];
    group.push(word);
    byBlock.set(word.block, group);
  }
  const groups = [...byBlock.values()];
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
      {groups.map((group, i) => {
        const speaker = group[0]!.speaker;
        const turn = speaker !== undefined && speaker !== groups[i - 1]?.[0]!.speaker;
        return (
          <Fragment key={group[0]!.block}>
            {turn ? <p className="speaker">{speakerName(speaker)}</p> : null}
            <p className="word-paragraph">
              {group.map((word) => (
                <WordButton
                  key={word.index}
                  word={word}
                  focusable={word.index === focusIndex}
                  match={q !== '' && matchesIn(word.written, q).length > 0}
                  onSeek={onSeek}
                />
              ))}
            </p>
          </Fragment>
        );
      })}
    </div>
  );
}

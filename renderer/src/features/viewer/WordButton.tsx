/**
 * One word of the word view: a button with its time and confidence (low confidence marked, a
 * corrected word marked and named as corrected), find's marks, its reading over it; a click seeks
 * there and a double-click corrects it in place (./WordEditor).
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMs } from '../../ui/format';
import type { ShownWord } from './shown';
import { WordEditor, type Editing } from './WordEditor';
import { LOW_CONFIDENCE, type Word } from './words';

export const WordButton = memo(function WordButton({
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

/**
 * One line whatever word has the focus: its time, and for a corrected word what the service
 * heard, with Revert and Add to dictionary. The words below never move between the two clicks of
 * a double-click.
 */
import { useTranslation } from 'react-i18next';
import { revertWord, type EditOp } from '../../../../shared/domain/edits';
import type { Result } from '../../../../shared/ipc/contract';
import { formatMs } from '../../ui/format';
import type { ShownWord } from './shown';
import type { Word } from './words';

export function WordOrigin({
  focused,
  edit,
  run,
  teach,
}: {
  focused: ShownWord | undefined;
  /** Makes a correction; none while the original is shown. */
  edit: ((op: EditOp) => Promise<Result<void>>) | undefined;
  /** Runs an action, keeping its failure to show (ui/use-action-error). */
  run: (action: Promise<Result<unknown>>) => Promise<boolean>;
  /** Opens the dictionary's add form with a corrected word. */
  teach: ((word: Word) => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
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
  );
}

/** Counts, find, undo, import, export and save. */
import * as Tooltip from '@radix-ui/react-tooltip';
import { useTranslation } from 'react-i18next';
import { formatWordTable, WORD_TABLE_FORMATS } from '../../../../shared/domain/word-table';
import { formatImeFile } from '../../../../shared/domain/ime-dictionary/ime-export';
import { IME_FORMATS, type ImeFormat } from '../../../../shared/domain/ime-dictionary/ime-file';
import { useSaveExport } from '../export/use-save-export';
import { useApp, useAppStore } from '../../store/store';
import { ImportButton } from './ImportButton';
import { SaveDialog } from './SaveDialog';
import { wordOf } from '../../store/word-rows';
import { FormatMenu } from '../../ui/format-menu';

export function DictionaryToolbar({
  issues,
  filter,
  onFilter,
}: {
  issues: number;
  filter: string;
  onFilter: (text: string) => void;
}) {
  const { t } = useTranslation();
  const store = useAppStore();
  const count = useApp((s) => s.wordRows.length);
  const canUndo = useApp((s) => s.undoStack.length > 0);
  const undoEdit = useApp((s) => s.undoEdit);
  const { save, problem } = useSaveExport();
  const exportAs = (format: (typeof WORD_TABLE_FORMATS)[number]) => {
    const { wordRows, dictProfile } = store.getState();
    save({
      fileName: `${dictProfile}.${format}`,
      text: formatWordTable(wordRows.map(wordOf), format),
      format,
    });
  };
  const exportForIme = (format: ImeFormat) => {
    const { wordRows, dictProfile } = store.getState();
    const file = formatImeFile(wordRows.map(wordOf), format, dictProfile, new Date());
    save({ fileName: `${dictProfile}-${format}.txt`, text: file.text, format });
  };
  return (
    <div className="dict-toolbar" role="toolbar" aria-label={t('dictionary.actions')}>
      <span className="dict-count" data-testid="word-count">
        {t('dictionary.words', { count })}
      </span>
      {issues > 0 && (
        <span className="chip chip-danger" data-testid="problem-count">
          {t('dictionary.problems', { count: issues })}
        </span>
      )}
      <input
        type="search"
        className="input dict-filter"
        placeholder={t('dictionary.filter')}
        aria-label={t('dictionary.filter')}
        value={filter}
        onChange={(e) => onFilter(e.target.value)}
      />
      <span className="spacer" />
      {/* The window's only tooltip: its provider is here, so the first screen loads none of it. */}
      <Tooltip.Provider delayDuration={400}>
        <Tooltip.Root>
          <Tooltip.Trigger asChild>
            <button type="button" className="button" disabled={!canUndo} onClick={undoEdit}>
              {t('dictionary.undo')}
            </button>
          </Tooltip.Trigger>
          <Tooltip.Portal>
            <Tooltip.Content className="tooltip" sideOffset={4}>
              {t('dictionary.undoHint')}
            </Tooltip.Content>
          </Tooltip.Portal>
        </Tooltip.Root>
      </Tooltip.Provider>
      <ImportButton />
      <FormatMenu
        label={t('dictionary.export')}
        className="button"
        disabled={count === 0}
        formats={WORD_TABLE_FORMATS}
        itemLabel={(format) => t('dictionary.exportAs', { format: format.toUpperCase() })}
        onPick={exportAs}
      />
      <FormatMenu
        label={t('dictionary.exportIme')}
        className="button"
        disabled={count === 0}
        formats={IME_FORMATS}
        itemLabel={(format) => t('ime.exportAs', { name: t(`ime.exportName.${format}`) })}
        onPick={exportForIme}
      />
      <SaveDialog blocked={issues > 0} />
      {problem}
    </div>
  );
}

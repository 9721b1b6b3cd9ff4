/**
 * The viewer's edit bar: undo, redo and revert all of the corrections; show the original, the
 * readings, the fillers; and the last edit command's failure.
 */
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { ErrorBox } from '../../ui/error-box';
import type { EditCommands } from './use-edit-commands';

export function EditBar({
  commands,
  showOriginal,
  onShowOriginal,
  readable,
  fillers,
}: {
  commands: EditCommands;
  showOriginal: boolean;
  onShowOriginal: (on: boolean) => void;
  /** Whether the transcript has readings to show. */
  readable: boolean;
  /** Whether the transcript has fillers to show or hide. */
  fillers: boolean;
}) {
  const { t } = useTranslation();
  const showReadings = useApp((s) => s.showReadings);
  const setShowReadings = useApp((s) => s.setShowReadings);
  // Fillers are one choice, the export's (exportPrefs.fillers): this button and the export
  // dialog's "Leave out fillers" both set it, so what is shown is what Copy and the files hold.
  const exportPrefs = useApp((s) => s.exportPrefs);
  const setExportPrefs = useApp((s) => s.setExportPrefs);
  const fillerMode = exportPrefs.fillers;
  return (
    <div className="edit-bar">
      <BarButton
        enabled={commands.canUndo}
        title={t('viewer.undoHint')}
        aria-keyshortcuts="Control+Z"
        onAct={commands.undo}
      >
        {t('viewer.undo')}
      </BarButton>
      <BarButton
        enabled={commands.canRedo}
        title={t('viewer.redoHint')}
        aria-keyshortcuts="Control+Shift+Z"
        onAct={commands.redo}
      >
        {t('viewer.redo')}
      </BarButton>
      <BarButton enabled={commands.canRevert} onAct={commands.revertAll}>
        {t('viewer.revertAll')}
      </BarButton>
      <button
        type="button"
        className="button small"
        aria-pressed={showOriginal}
        data-testid="show-original"
        onClick={() => onShowOriginal(!showOriginal)}
      >
        {t('viewer.showOriginal')}
      </button>
      {readable ? (
        <button
          type="button"
          className="button small"
          aria-pressed={showReadings}
          data-testid="show-readings"
          title={t('viewer.readingsHint')}
          onClick={() => setShowReadings(!showReadings)}
        >
          {t('viewer.readings')}
        </button>
      ) : null}
      {fillers ? (
        <button
          type="button"
          className="button small"
          aria-pressed={fillerMode === 'show'}
          data-testid="show-fillers"
          title={t('viewer.fillersHint')}
          onClick={() =>
            setExportPrefs({
              ...exportPrefs,
              fillers: fillerMode === 'show' ? 'drop' : 'show',
            })
          }
        >
          {t('viewer.fillers')}
        </button>
      ) : null}
      <ErrorBox error={commands.error} />
    </div>
  );
}

/**
 * A button of the edit bar that stays focusable while it cannot act (aria-disabled, drawn as
 * disabled): Undo pressed until it greys out keeps the focus, and Ctrl+Z / Ctrl+Shift+Z with it,
 * where a disabled button would drop the focus to the page.
 */
function BarButton({
  enabled,
  onAct,
  children,
  ...rest
}: {
  enabled: boolean;
  onAct: () => void;
  children: React.ReactNode;
  title?: string;
  'aria-keyshortcuts'?: string;
}) {
  return (
    <button
      type="button"
      className="button small"
      aria-disabled={!enabled}
      onClick={enabled ? onAct : undefined}
      {...rest}
    >
      {children}
    </button>
  );
}

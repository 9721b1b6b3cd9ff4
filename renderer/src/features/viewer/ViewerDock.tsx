/**
 * What stays on screen while a long transcript scrolls under it: the player, find, Copy and
 * Export. Copy follows the export's choices: speakers' names, fillers (never readings).
 */
import { useTranslation } from 'react-i18next';
import type { EditedTranscript } from '../../../../shared/domain/edits';
import { toTxt } from '../../../../shared/format/exporters';
import { useApp } from '../../store/store';
import { CopyFailed, useCopy } from '../../ui/use-copy';
import { keepBelowDock } from './dock';
import { ExportMenu } from './ExportMenu';
import { FindBar } from './FindBar';
import { PlayerCard, type usePlayerMedia } from './PlayerCard';
import type { Playback } from './use-playback';
import type { ViewerFind } from './use-viewer-find';

export function ViewerDock({
  media,
  playback,
  onShortcuts,
  find,
  edited,
  speakerName,
}: {
  media: ReturnType<typeof usePlayerMedia>;
  playback: Playback;
  onShortcuts: () => void;
  find: ViewerFind;
  /** The corrected transcript: what Copy and Export hold, whichever is shown. */
  edited: EditedTranscript;
  speakerName: (label: string) => string;
}) {
  const { t } = useTranslation();
  const copyChoices = useApp((s) => s.exportPrefs);
  const { copied, failed: copyFailed, copy } = useCopy();
  return (
    <div className="viewer-dock" data-testid="viewer-dock" ref={keepBelowDock}>
      <PlayerCard media={media} playback={playback} onShortcuts={onShortcuts} />
      <div className="toolbar">
        <FindBar
          query={find.query}
          finding={find.findQuery.trim() !== ''}
          onQuery={find.setQuery}
          at={find.at}
          count={find.hitCount}
          onMove={find.moveFind}
        />
        <span className="spacer" />
        <button
          type="button"
          className="button small"
          onClick={() =>
            void copy(
              toTxt(edited, {
                speakerName,
                fillers: copyChoices.fillers,
                speakers: copyChoices.speakers,
              }),
            )
          }
        >
          {copied ? t('viewer.copied') : t('viewer.copy')}
        </button>
        <CopyFailed failed={copyFailed} />
        <ExportMenu edited={edited} />
      </div>
    </div>
  );
}

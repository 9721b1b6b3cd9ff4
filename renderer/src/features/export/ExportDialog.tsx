/**
 * The export dialog: the formats to make at once, what they hold (speakers' names, times,
 * fillers, readings) and the subtitle rules, with the transcript's script's defaults. The core
 * renders every file (core/export/); the window only asks, then the host saves (Electron) or the
 * browser downloads. What was chosen is remembered for the next export.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditedTranscript } from '../../../../shared/domain/edits';
import { hasFillers } from '../../../../shared/format/fillers';
import { hasSpeakers } from '../../../../shared/format/speakers';
import { scriptOf, SUBTITLE_DEFAULTS } from '../../../../shared/format/subtitles';
import { useApp } from '../../store/store';
import { DialogActions } from '../../ui/dialog-actions';
import { ErrorBox } from '../../ui/error-box';
import { Modal } from '../../ui/modal';
import { ContentChoices, FormatChoices } from './ExportChoices';
import { ORDER } from './format-labels';
import { SubtitleRulesFields } from './SubtitleRulesFields';
import { useExport } from './use-export';
import './export.css';

/**
 * What is exported: the open job (its transcript known: the options it has, its script's rules),
 * or several jobs from Jobs (each takes the rules last set for its own script).
 */
export type ExportTarget =
  | { readonly jobId: string; readonly edited: EditedTranscript }
  | { readonly jobIds: readonly string[] };

export function ExportDialog({ target }: { target: ExportTarget }) {
  const { t } = useTranslation();
  const prefs = useApp((s) => s.exportPrefs);
  const [open, setOpen] = useState(false);
  const edited = 'edited' in target ? target.edited : undefined;
  const many = 'jobIds' in target ? target.jobIds : undefined;
  const corrected = edited === undefined || edited.edited === true;
  const offered = ORDER.filter((f) => corrected || f !== 'json-original');
  const chosen = prefs.formats.filter((f) => offered.includes(f));
  const speakers = edited === undefined || hasSpeakers(edited);
  const fillers = edited === undefined || hasFillers(edited);
  const script = edited && scriptOf(edited);
  const rules = script && { ...SUBTITLE_DEFAULTS[script], ...prefs.subtitles[script] };
  const subtitles = chosen.includes('srt') || chosen.includes('vtt');

  const { busy, error, setError, submit } = useExport({
    target,
    chosen,
    script,
    onSaved: () => setOpen(false),
  });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setError(undefined);
      }}
      trigger={
        many ? (
          <button
            type="button"
            className="button small"
            disabled={many.length === 0}
            data-testid="export-selected"
          >
            {t('exporting.openMany', { count: many.length })}
          </button>
        ) : (
          <button type="button" className="button small" data-testid="export">
            {t('exporting.open')}
          </button>
        )
      }
      title={many ? t('exporting.titleMany', { count: many.length }) : t('exporting.title')}
      description={many ? t('exporting.descriptionMany') : t('exporting.description')}
      wide
      testId="export-dialog"
    >
      <form className="export-form" onSubmit={submit}>
        <FormatChoices offered={offered} chosen={chosen} />
        <ContentChoices speakers={speakers} fillers={fillers} readings={chosen.includes('html')} />
        {subtitles && !script && (
          <p className="hint" data-testid="export-rules-each">
            {t('exporting.rules.each')}
          </p>
        )}
        {subtitles && script && rules && <SubtitleRulesFields script={script} rules={rules} />}
        <ErrorBox error={error} className="file-error" />
        <DialogActions cancel={t('exporting.cancel')}>
          <button
            type="submit"
            className="button primary"
            disabled={chosen.length === 0 || busy}
            aria-busy={busy}
            data-testid="export-submit"
          >
            {t('exporting.submit', { count: chosen.length })}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}

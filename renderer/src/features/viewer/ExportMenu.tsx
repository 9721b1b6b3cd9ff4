/**
 * Export as TXT, SRT, VTT, JSON or CSV (shared/format exporters), from the transcript as a person
 * corrected it; JSON also as the service said it, once there are corrections. The save dialog
 * under Electron, a download in the browser; the file is named after the job's title, or else its
 * file.
 */
import { useTranslation } from 'react-i18next';
import type { EditedTranscript } from '../../../../shared/domain/edits';
import type { Transcript } from '../../../../shared/domain/job';
import { EXPORT_CHOICES, EXPORT_FORMATS, exportChoice } from '../../../../shared/format/exporters';
import { FormatMenu } from '../../ui/format-menu';
import { useSaveExport } from '../export/use-save-export';

export function ExportMenu({
  service,
  edited,
  sourceName,
  title,
  speakerName,
}: {
  /** The service's transcript, as it said it. */
  service: Transcript;
  /** The transcript with a person's corrections. */
  edited: EditedTranscript;
  sourceName: string;
  /** The job's title, which names the file when it has one (whole: its dots are no extension). */
  title?: string;
  speakerName: (label: string) => string;
}) {
  const { t } = useTranslation();
  const { save, problem } = useSaveExport();
  const corrected = edited.edited === true;
  return (
    <>
      <FormatMenu
        label={t('viewer.export')}
        className="button small"
        testId="export"
        formats={corrected ? EXPORT_CHOICES : EXPORT_FORMATS}
        itemLabel={(choice) =>
          choice === 'json-original'
            ? t('viewer.exportOriginalJson')
            : choice === 'json' && corrected
              ? t('viewer.exportEditedJson')
              : t('viewer.exportAs', { format: choice.toUpperCase() })
        }
        onPick={(choice) =>
          save(exportChoice(choice, service, edited, sourceName, { speakerName }, title))
        }
      />
      {problem}
    </>
  );
}

/**
 * Export as TXT, SRT, VTT, JSON or CSV (shared/format exporters): the save dialog under Electron,
 * a download in the browser.
 */
import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../../../shared/domain/job';
import {
  EXPORT_FORMATS,
  exportFileName,
  exportTranscript,
} from '../../../../shared/format/exporters';
import { FormatMenu } from '../../ui/format-menu';
import { useSaveExport } from '../export/use-save-export';
import { useSpeakerName } from './speaker-name';

export function ExportMenu({
  transcript,
  sourceName,
}: {
  transcript: Transcript;
  sourceName: string;
}) {
  const { t } = useTranslation();
  const speakerName = useSpeakerName();
  const { save, problem } = useSaveExport();
  return (
    <>
      <FormatMenu
        label={t('viewer.export')}
        className="button small"
        testId="export"
        formats={EXPORT_FORMATS}
        itemLabel={(format) => t('viewer.exportAs', { format: format.toUpperCase() })}
        onPick={(format) =>
          save({
            fileName: exportFileName(sourceName, format),
            text: exportTranscript(transcript, format, { speakerName }),
            format,
          })
        }
      />
      {problem}
    </>
  );
}

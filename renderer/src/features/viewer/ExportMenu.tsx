/**
 * Export as TXT, SRT, VTT, JSON or CSV (shared/format exporters): the save dialog under Electron,
 * a download in the browser; the file is named after the job's title, or else its file.
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

/** Characters no file name may hold on one system or another (a title holds no control character). */
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|]/g;

export function ExportMenu({
  transcript,
  sourceName,
  title,
}: {
  transcript: Transcript;
  sourceName: string;
  /** The job's title, which names the file when it has one (whole: its dots are no extension). */
  title?: string;
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
            fileName:
              title === undefined
                ? exportFileName(sourceName, format)
                : `${title.replace(NOT_IN_FILE_NAMES, '_')}.${format}`,
            text: exportTranscript(transcript, format, { speakerName }),
            format,
          })
        }
      />
      {problem}
    </>
  );
}

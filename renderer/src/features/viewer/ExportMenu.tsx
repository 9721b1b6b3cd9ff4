/** Export as TXT, SRT, VTT, JSON or CSV (shared/format exporters), saved by a download. */
import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../../../shared/domain/job';
import {
  EXPORT_FORMATS,
  MEDIA_TYPES,
  exportFileName,
  exportTranscript,
} from '../../../../shared/format/exporters';
import { downloadText } from '../../lib/download';
import { FormatMenu } from '../../lib/format-menu';
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
  return (
    <FormatMenu
      label={t('viewer.export')}
      className="button small"
      testId="export"
      formats={EXPORT_FORMATS}
      itemLabel={(format) => t('viewer.exportAs', { format: format.toUpperCase() })}
      onPick={(format) =>
        downloadText(
          exportFileName(sourceName, format),
          exportTranscript(transcript, format, { speakerName }),
          MEDIA_TYPES[format],
        )
      }
    />
  );
}

/** The export formats as the window names and orders them (the Export dialog, watched folders). */
import type { ExportChoice } from '../../../../shared/format/exporters';
import type { MessageKey } from '../../i18n';

export const FORMAT_LABELS: Readonly<Record<ExportChoice, MessageKey>> = {
  txt: 'exporting.format.txt',
  docx: 'exporting.format.docx',
  md: 'exporting.format.md',
  html: 'exporting.format.html',
  srt: 'exporting.format.srt',
  vtt: 'exporting.format.vtt',
  csv: 'exporting.format.csv',
  json: 'exporting.format.json',
  'json-original': 'exporting.format.jsonOriginal',
};

/** The order the formats are offered in: documents, subtitles, data. */
export const ORDER: readonly ExportChoice[] = [
  'txt',
  'docx',
  'md',
  'html',
  'srt',
  'vtt',
  'csv',
  'json',
  'json-original',
];

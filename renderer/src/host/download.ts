/**
 * Saves an export (a transcript or a word table). Under Electron the host asks where with the
 * system's save dialog and writes the file (`export:save`); in the browser it is a download, as
 * the web host has no window of its own to show a dialog in.
 */
import type { AppError } from '../../../shared/domain/errors';
import { MEDIA_TYPES } from '../../../shared/format/exporters';
import type { SaveFormat } from '../../../shared/ipc/contract';
import type { Bridge } from './bridge';

export interface ExportFile {
  readonly fileName: string;
  readonly text: string;
  readonly format: SaveFormat;
}

const TYPES: Readonly<Record<SaveFormat, string>> = {
  ...MEDIA_TYPES,
  tsv: 'text/tab-separated-values;charset=utf-8',
};

/** Saves through the host's dialog or a download; answers the error when the save failed. */
export async function saveExport(bridge: Bridge, file: ExportFile): Promise<AppError | undefined> {
  if (bridge.mode === 'browser') {
    downloadText(file.fileName, file.text, TYPES[file.format]);
    return undefined;
  }
  const result = await bridge.call('export:save', file);
  return result.ok ? undefined : result.error;
}

/** The browser's own download of `text` as a file. */
function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The system's save dialog, as the core's `askSavePath`: it starts in the Documents folder with
 * the suggested name, offers the export's format as the filter, and hangs off the window so it
 * stays in front of it.
 */
import { join } from 'node:path';
import type { BaseWindow, Dialog, SaveDialogOptions } from 'electron';
import type { AskSavePath } from '../../core/export-file';

export function saveDialog(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  window: () => BaseWindow | undefined,
  folder: string,
): AskSavePath {
  return async ({ fileName, format }) => {
    const options: SaveDialogOptions = {
      defaultPath: join(folder, fileName),
      filters: [{ name: format.toUpperCase(), extensions: [format] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    };
    const parent = window();
    const answer = await (parent
      ? dialog.showSaveDialog(parent, options)
      : dialog.showSaveDialog(options));
    return answer.canceled || !answer.filePath ? undefined : answer.filePath;
  };
}

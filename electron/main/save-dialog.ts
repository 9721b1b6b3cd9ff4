/**
 * The system's save dialog, as the core's `askSavePath`: it starts in the Documents folder with
 * the suggested name, offers the export's format as the filter, and hangs off the window so it
 * stays in front of it.
 */
import { join } from 'node:path';
import type { BaseWindow, Dialog, OpenDialogOptions, SaveDialogOptions } from 'electron';
import type { AskFolder, AskSavePath } from '../../core/export/export-file';

export function saveDialog(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  window: () => BaseWindow | undefined,
  folder: string,
): AskSavePath {
  return async ({ fileName, extension }) => {
    const options: SaveDialogOptions = {
      defaultPath: join(folder, fileName),
      filters: [{ name: extension.toUpperCase(), extensions: [extension] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    };
    const parent = window();
    const answer = await (parent
      ? dialog.showSaveDialog(parent, options)
      : dialog.showSaveDialog(options));
    return answer.canceled || !answer.filePath ? undefined : answer.filePath;
  };
}

/** The system's folder picker, as the core's `askFolder`: several exports go into one folder. */
export function folderDialog(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  window: () => BaseWindow | undefined,
  folder: string,
): AskFolder {
  return async () => {
    const options: OpenDialogOptions = {
      defaultPath: folder,
      properties: ['openDirectory', 'createDirectory'],
    };
    const parent = window();
    const answer = await (parent
      ? dialog.showOpenDialog(parent, options)
      : dialog.showOpenDialog(options));
    return answer.canceled ? undefined : answer.filePaths[0];
  };
}

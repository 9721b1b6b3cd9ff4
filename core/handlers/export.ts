/**
 * Exports: a job rendered by the core in any format (core/export/render.ts), answered as bytes
 * (the browser downloads them) or saved where the person chooses through the host's dialogs
 * (Electron); and a word table the window made, saved the same way.
 */
import { AppFailure, appError } from '../../shared/domain/errors';
import type { ConnectionStore } from '../connections/connection-store';
import { type AskFolder, type AskSavePath, saveExport, saveRendered } from '../export-file';
import { renderJob } from '../export/render';
import type { JobJournal } from '../jobs/job-journal';
import { attempt, type HandlerSet } from './types';

export type ExportChannel = 'export:save' | 'export:render' | 'export:job';

const needsDialog = (channel: string) =>
  new AppFailure(appError('invalid-input', {}, `${channel} needs a save dialog; download instead`));

export function exportHandlers(deps: {
  readonly journal: JobJournal;
  readonly connections: ConnectionStore;
  readonly askSavePath: AskSavePath | undefined;
  readonly askFolder: AskFolder | undefined;
}): HandlerSet<ExportChannel> {
  return {
    'export:save': (request) =>
      attempt(async () => {
        if (!deps.askSavePath) throw needsDialog('export:save');
        return saveExport(request, deps.askSavePath);
      }),
    'export:render': ({ id, formats, settings }) =>
      attempt(async () => {
        const files = await renderJob(deps, id, formats, settings);
        return {
          files: files.map(({ bytes, ...file }) => ({
            ...file,
            base64: Buffer.from(bytes).toString('base64'),
          })),
        };
      }),
    'export:job': ({ id, formats, settings }) =>
      attempt(async () => {
        const { askSavePath, askFolder } = deps;
        if (!askSavePath || !askFolder) throw needsDialog('export:job');
        const files = await renderJob(deps, id, formats, settings);
        return saveRendered(files, { askSavePath, askFolder });
      }),
  };
}

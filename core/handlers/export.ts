/**
 * Exports: a job rendered by the core in any format (core/export/render.ts), answered as bytes
 * (the browser downloads them) or saved where the person chooses through the host's dialogs
 * (Electron); and a word table the window made, saved the same way.
 */
import { AppFailure, appError } from '../../shared/domain/errors';
import type { ConnectionStore } from '../connections/connection-store';
import { type AskFolder, type AskSavePath, saveExport, saveRendered } from '../export/export-file';
import { renderJobs, zipOf } from '../export/batch';
import { renderJob } from '../export/render';
import { writeAll } from '../export/save';
import type { JobJournal } from '../jobs/job-journal';
import { attempt, type HandlerSet } from './types';

export type ExportChannel =
  'export:save' | 'export:render' | 'export:job' | 'export:jobs' | 'export:bundle';

const needsDialog = (channel: string) =>
  new AppFailure(appError('invalid-input', {}, `${channel} needs a save dialog; download instead`));

export function exportHandlers(deps: {
  readonly dataDir: string;
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
        // The bytes as they are: a host speaking JSON encodes them (shared/ipc/contract.ts).
        return { files: await renderJob(deps, id, formats, settings) };
      }),
    'export:job': ({ id, formats, settings }) =>
      attempt(async () => {
        const { askSavePath, askFolder } = deps;
        if (!askSavePath || !askFolder) throw needsDialog('export:job');
        const files = await renderJob(deps, id, formats, settings);
        return saveRendered(files, { askSavePath, askFolder });
      }),
    'export:jobs': ({ ids, formats, settings, rules }) =>
      attempt(async () => {
        if (!deps.askFolder) throw needsDialog('export:jobs');
        // Rendered first: a job that cannot be exported is said before a folder is asked for.
        const files = await renderJobs(deps, ids, formats, settings, rules);
        const folder = await deps.askFolder();
        if (!folder) return { saved: false, paths: [] };
        return { saved: true, paths: await writeAll(folder, files) };
      }),
    'export:bundle': ({ ids, formats, settings, rules }) =>
      attempt(async () => {
        const { zip, names } = zipOf(await renderJobs(deps, ids, formats, settings, rules));
        return { base64: Buffer.from(zip).toString('base64'), files: names };
      }),
  };
}

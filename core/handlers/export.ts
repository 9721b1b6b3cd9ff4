/** Saving an export where the person chooses, through the host's save dialog (Electron only). */
import { AppFailure, appError } from '../../shared/domain/errors';
import { saveExport, type AskSavePath } from '../export-file';
import { attempt, type HandlerSet } from './types';

export type ExportChannel = 'export:save';

export function exportHandlers(deps: {
  readonly askSavePath: AskSavePath | undefined;
}): HandlerSet<ExportChannel> {
  return {
    'export:save': (request) =>
      attempt(async () => {
        if (!deps.askSavePath)
          throw new AppFailure(
            appError('invalid-input', {}, 'export:save needs a save dialog; download instead'),
          );
        return saveExport(request, deps.askSavePath);
      }),
  };
}

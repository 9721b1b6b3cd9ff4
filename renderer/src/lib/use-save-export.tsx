/** Export menus: save a file through the host (see download.ts) and show why a save failed. */
import { useCallback, useState, type ReactNode } from 'react';
import type { AppError } from '../../../shared/domain/errors';
import { useApp } from '../store/store';
import { saveExport, type ExportFile } from './download';
import { errorText } from './error-text';
import { useBridge } from './use-bridge';

export function useSaveExport(): { save: (file: ExportFile) => void; problem: ReactNode } {
  const bridge = useBridge();
  const lang = useApp((s) => s.lang);
  const [error, setError] = useState<AppError>();
  const save = useCallback(
    (file: ExportFile) => {
      setError(undefined);
      void saveExport(bridge, file).then(setError);
    },
    [bridge],
  );
  const problem = error ? (
    <p className="file-error" role="alert" data-testid="export-problem">
      {errorText(error, lang)}
    </p>
  ) : null;
  return { save, problem };
}

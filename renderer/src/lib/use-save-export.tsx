/** Export menus: save a file through the host (see download.ts) and show why a save failed. */
import { useCallback, useState, type ReactNode } from 'react';
import type { AppError } from '../../../shared/domain/errors';
import { saveExport, type ExportFile } from './download';
import { ErrorBox } from './error-box';
import { useBridge } from './use-bridge';

export function useSaveExport(): { save: (file: ExportFile) => void; problem: ReactNode } {
  const bridge = useBridge();
  const [error, setError] = useState<AppError>();
  const save = useCallback(
    (file: ExportFile) => {
      setError(undefined);
      void saveExport(bridge, file).then(setError);
    },
    [bridge],
  );
  const problem = <ErrorBox error={error} className="file-error" />;
  return { save, problem };
}

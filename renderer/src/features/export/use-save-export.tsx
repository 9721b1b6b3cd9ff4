/** Export menus: save a file through the host (host/download.ts) and show why a save failed. */
import { useCallback, useState, type ReactNode } from 'react';
import type { AppError } from '../../../../shared/domain/errors';
import type { ExportFile } from '../../host/download';
import { errorOf } from '../../store/result';
import { useApp } from '../../store/store';
import { ErrorBox } from '../../ui/error-box';

export function useSaveExport(): { save: (file: ExportFile) => void; problem: ReactNode } {
  const saveFile = useApp((s) => s.saveFile);
  const [error, setError] = useState<AppError>();
  const save = useCallback(
    (file: ExportFile) => {
      setError(undefined);
      void saveFile(file).then((saved) => setError(errorOf(saved)));
    },
    [saveFile],
  );
  const problem = <ErrorBox error={error} className="file-error" />;
  return { save, problem };
}

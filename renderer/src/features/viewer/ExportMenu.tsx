/**
 * The viewer's Export: the export dialog (features/export/ExportDialog.tsx) for the open job. The
 * core makes every file (core/export/); the window only chooses.
 */
import type { EditedTranscript } from '../../../../shared/domain/edits';
import { useApp } from '../../store/store';
import { ExportDialog } from '../export/ExportDialog';

export function ExportMenu({ edited }: { edited: EditedTranscript }) {
  const jobId = useApp((s) => s.openJob);
  return jobId === undefined ? null : <ExportDialog target={{ jobId, edited }} />;
}

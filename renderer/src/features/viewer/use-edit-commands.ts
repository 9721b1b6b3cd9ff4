/**
 * The viewer's edit commands: undo, redo and revert all of the job's corrections, whether each
 * can act now, and the last one's failure to show beside them. Nothing edits while the original
 * is shown (`editable` false).
 */
import {
  canRedo,
  canUndo,
  revertAll,
  type EditedTranscript,
  type EditHistory,
} from '../../../../shared/domain/edits';
import { useApp } from '../../store/store';
import { useActionError } from '../../ui/use-action-error';

export type EditCommands = ReturnType<typeof useEditCommands>;

export function useEditCommands(
  edits: EditHistory,
  edited: EditedTranscript | undefined,
  editable: boolean,
) {
  const undoTranscriptEdit = useApp((s) => s.undoTranscriptEdit);
  const redoTranscriptEdit = useApp((s) => s.redoTranscriptEdit);
  const editTranscript = useApp((s) => s.editTranscript);
  const { error, run } = useActionError();
  return {
    editable,
    error,
    /** What the lists edit with, or nothing while the original is shown. */
    edit: editable ? editTranscript : undefined,
    canUndo: editable && canUndo(edits),
    canRedo: editable && canRedo(edits),
    canRevert: editable && edited?.edited === true,
    undo: () => void run(undoTranscriptEdit()),
    redo: () => void run(redoTranscriptEdit()),
    revertAll: () => void run(editTranscript(revertAll())),
  };
}

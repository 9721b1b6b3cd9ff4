/**
 * Naming a job (jobs:rename), from its row in Jobs or from the viewer's header: the name, with
 * the file name shown beside it; empty goes back to the file name. A refused name says why under
 * the field, and the dialog stays open.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_TITLE_MAX, type Job } from '../../../../shared/domain/job';
import { useApp } from '../../store/store';
import { DialogActions } from '../../ui/dialog-actions';
import { ErrorBox } from '../../ui/error-box';
import { TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { useActionError } from '../../ui/use-action-error';

export function RenameDialog({
  jobId,
  open,
  onOpenChange,
}: {
  jobId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const job = useApp((s) => s.jobs[jobId]);
  const fileName = job?.file.name ?? '';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('rename.title', { name: job?.title ?? fileName })}
      description={t('rename.fileName', { name: fileName })}
      testId="rename-dialog"
    >
      {/* Made when the dialog opens, so it starts from the job's name as it is then. */}
      {job ? <RenameForm job={job} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function RenameForm({ job, onDone }: { job: Job; onDone: () => void }) {
  const { t } = useTranslation();
  const renameJob = useApp((s) => s.renameJob);
  const [title, setTitle] = useState(job.title ?? '');
  const { error, run } = useActionError();
  return (
    <form
      className="field"
      onSubmit={(e) => {
        e.preventDefault();
        void run(renameJob(job.id, title)).then((ok) => ok && onDone());
      }}
    >
      <TextField
        id="rename-title"
        label={t('rename.label')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        // Room for a longer one to be refused with its reason: the limit is said, not cut.
        maxLength={JOB_TITLE_MAX * 4}
        placeholder={job.file.name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'rename-error rename-hint' : 'rename-hint'}
        autoComplete="off"
        note={
          <span id="rename-hint" className="field-hint">
            {t('rename.hint')}
          </span>
        }
      />
      <div id="rename-error">
        <ErrorBox error={error} />
      </div>
      <DialogActions cancel={t('rename.cancel')}>
        <button type="submit" className="button primary" data-testid="rename-save">
          {t('rename.save')}
        </button>
      </DialogActions>
    </form>
  );
}

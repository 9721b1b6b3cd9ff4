/**
 * The viewer's head: back to the list, the job's name (its title, then its file's name) as the
 * heading, and renaming the job.
 */
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../../../shared/domain/job';
import { useApp } from '../../store/store';
import { RenameDialog } from '../jobs/RenameDialog';

export function ViewerHead({
  jobId,
  job,
  headingRef,
}: {
  jobId: string;
  job: Job | undefined;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const close = useApp((s) => s.closeTranscript);
  const [renaming, setRenaming] = useState(false);
  const name = job?.file.name ?? '';
  const title = job?.title;
  return (
    <>
      <div className="viewer-head">
        <button type="button" className="button small ghost" onClick={close}>
          ← {t('viewer.back')}
        </button>
        <h1 id="viewer-heading" className="view-title viewer-title" tabIndex={-1} ref={headingRef}>
          {title ?? name}
          {/* The space keeps the two names apart for a screen reader too. */}
          {title !== undefined ? (
            <>
              {' '}
              <span className="viewer-file" data-testid="viewer-file">
                {name}
              </span>
            </>
          ) : null}
        </h1>
        {job ? (
          <button
            type="button"
            className="button small ghost"
            onClick={() => setRenaming(true)}
            aria-label={t('rename.actionFor', { name: title ?? name })}
            data-testid="viewer-rename"
          >
            {t('rename.action')}
          </button>
        ) : null}
      </div>
      {job ? <RenameDialog jobId={jobId} open={renaming} onOpenChange={setRenaming} /> : null}
    </>
  );
}

/**
 * What Transcribe shows when this window has sent nothing yet (a reload, a new tab): the jobs
 * still running and the ones finished in the last day, newest first, instead of saying that
 * nothing was transcribed while a job runs.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../ui/use-now';
import { MiddleCut } from '../../ui/middle-cut';
import { fileLabel, isEnded } from '../../../../shared/domain/job';
import { useApp } from '../../store/store';
import { keptInStore } from '../../store/result';

const DAY_MS = 86_400_000;
const FINISHED_SHOWN = 5;

export function RecentJobs() {
  const { t } = useTranslation();
  const jobs = useApp((s) => s.jobs);
  const order = useApp((s) => s.jobOrder);
  const openTranscript = useApp((s) => s.openTranscript);
  // What "the last day" is, judged once a minute (rendering stays pure).
  const now = useNow(true, 60_000);
  const shown = useMemo(() => {
    const all = order.map((id) => jobs[id]!).filter(Boolean);
    const running = all.filter((j) => !isEnded(j.status));
    const finished = all
      .filter((j) => isEnded(j.status) && now - j.updatedAt < DAY_MS)
      .slice(0, FINISHED_SHOWN);
    return [...running, ...finished];
  }, [jobs, order, now]);
  if (shown.length === 0) return <p className="empty-line">{t('transcribe.empty')}</p>;
  return (
    <>
      <p className="muted">{t('transcribe.recentIntro')}</p>
      <ul className="file-list" aria-label={t('transcribe.recent')} data-testid="recent-jobs">
        {shown.map((job) => (
          <li key={job.id} className="file-row" data-state={job.status}>
            <div className="file-main">
              <MiddleCut text={fileLabel(job.file)} className="file-name" />
              {job.status === 'completed' && job.preview ? (
                <span className="job-preview" title={job.preview}>
                  {job.preview}
                </span>
              ) : null}
            </div>
            <div className="file-state">
              <span
                className={`chip chip-${job.status === 'completed' ? 'success' : job.status === 'failed' ? 'danger' : job.status === 'cancelled' ? 'neutral' : 'info'}`}
              >
                {t(`jobs.status.${job.status}`)}
              </span>
            </div>
            <div className="file-actions">
              {job.status === 'completed' ? (
                <button
                  type="button"
                  className="button small primary"
                  onClick={() => void keptInStore(openTranscript(job.id))}
                  aria-label={t('transcribe.openFile', { name: fileLabel(job.file) })}
                >
                  {t('transcribe.open')}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

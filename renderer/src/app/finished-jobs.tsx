/**
 * A system notification when a long job finishes while the window is hidden: only when
 * the person turned it on (Transcribe's options, which ask the system's permission), only for a
 * job that ran as a job or took at least half a minute, and never for one finished before the
 * window opened. Clicking it brings the window back with the transcript open.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isEnded, type Job } from '../../../shared/domain/job';
import { loadErrorText } from '../ui/error-text';
import { notificationsSupported } from '../ui/notifications';
import { useAppStore } from '../store/store';
import { keptInStore } from '../store/result';

/** A direct request that took this long is long enough to be told about. */
export const LONG_JOB_MS = 30_000;

/** Ended: a job cancelled by the person too, though nobody is told of that one. */
const finished = (job: Job | undefined) => job !== undefined && isEnded(job.status);

function isLong(job: Job): boolean {
  if (job.mode === 'async') return true;
  const from = job.startedAt ?? job.createdAt;
  return (job.completedAt ?? job.updatedAt) - from >= LONG_JOB_MS;
}

export function FinishedJobNotifier() {
  const store = useAppStore();
  const { t } = useTranslation();
  useEffect(
    () =>
      store.subscribe((state, before) => {
        if (state.jobs === before.jobs || !state.notify) return;
        if (!notificationsSupported() || Notification.permission !== 'granted') return;
        if (document.visibilityState !== 'hidden') return;
        for (const job of Object.values(state.jobs)) {
          const was = before.jobs[job.id];
          // Only a change seen by this window: a job it knew running that is now finished.
          if (!was || finished(was) || !finished(job) || !isLong(job)) continue;
          if (job.status === 'cancelled') continue;
          const ok = job.status === 'completed';
          const notify = (body: string) => {
            const note = new Notification(
              t(ok ? 'notify.done' : 'notify.failed', { name: job.file.name }),
              { body, tag: job.id },
            );
            note.onclick = () => {
              window.focus();
              if (ok) void keptInStore(store.getState().openTranscript(job.id));
              note.close();
            };
          };
          const { error } = job;
          if (ok || !error) notify(ok ? (job.preview ?? '') : '');
          // The error's sentence, once its tables are there (fetched as the window started);
          // without them the title alone says it failed.
          else
            void loadErrorText().then(
              (tables) => notify(tables.errorText(error, state.lang)),
              () => notify(''),
            );
        }
      }),
    [store, t],
  );
  return null;
}

/**
 * The Live screen: choose the connection, its dictionary profile, the sources and an input
 * (LiveControls, LiveSources), Start, read the words as they come (LiveTranscript), Pause, Stop;
 * the session's state and problems are said here.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import { liveBusy } from '../../store/live-slice';
import { useApp } from '../../store/store';
import { ErrorBox } from '../../ui/error-box';
import { formatClock } from '../../ui/format';
import { useActionError } from '../../ui/use-action-error';
import { LiveBudgetQuestion } from './LiveBudgetQuestion';
import { LiveControls } from './LiveControls';
import { LiveSources } from './LiveSources';
import { LiveAnnounce, LiveTranscript } from './LiveTranscript';
import { useStreamText } from './use-value-stream';
import './live.css';

/** Codes whose way out is the connection's settings (its key, its engine). */
const SETTINGS_HELP = new Set(['live-refused', 'auth', 'no-key', 'no-connection']);

const clockText = (ms: number) => formatClock(Math.floor(ms / 1000));

/** The recorded time, ticking each second. */
function LiveClock() {
  const { t } = useTranslation();
  const text = useStreamText(
    useApp((s) => s.liveClock),
    clockText,
  );
  return (
    <span
      ref={text}
      className="muted live-clock"
      data-testid="live-elapsed"
      aria-label={t('live.elapsed')}
    />
  );
}

export function LiveView() {
  const { t } = useTranslation();
  // Field by field: the clock changes once a second, and only its own component reads it.
  const phase = useApp((s) => s.live.phase);
  const problem = useApp((s) => s.live.problem);
  const silent = useApp((s) => s.live.silent);
  const jobId = useApp((s) => s.live.jobId);
  // Stopped on a full disk: the job is saved (completed) only once there is room.
  const unsaved = useApp((s) => (jobId ? s.jobs[jobId]?.status === 'recognizing' : false));
  const reconnect = useApp((s) => s.live.reconnect);
  const setTab = useApp((s) => s.setTab);
  const openTranscript = useApp((s) => s.openTranscript);
  const action = useActionError();
  const [profileError, setProfileError] = useState<AppError>();
  const busy = liveBusy(phase);

  return (
    <section className="view live" aria-labelledby="live-heading">
      <div className="section-head">
        <h1 id="live-heading" className="view-title">
          {t('live.heading')}
        </h1>
        <LiveClock />
      </div>
      <LiveControls action={action} onProfileError={setProfileError} />
      <LiveSources />
      <p className="live-state muted" role="status" data-testid="live-state" data-phase={phase}>
        {phase === 'reconnecting' && reconnect
          ? t('live.state.reconnecting', {
              attempt: reconnect.attempt,
              seconds: Math.ceil(reconnect.retryInMs / 1000),
            })
          : phase === 'stopped' && !jobId
            ? t('live.state.nothingKept')
            : phase === 'stopped' && unsaved
              ? t('live.state.unsaved')
              : t(`live.state.${phase}`)}
        {phase === 'stopped' && jobId && !unsaved ? (
          <>
            {' '}
            <button
              type="button"
              className="link"
              onClick={() => void action.run(openTranscript(jobId))}
              data-testid="live-open-job"
            >
              {t('live.openJob')}
            </button>
          </>
        ) : null}
      </p>
      {problem ? (
        <ErrorBox error={problem.error}>
          {SETTINGS_HELP.has(problem.error.code) ? (
            <>
              {' '}
              <button type="button" className="link" onClick={() => setTab('settings')}>
                {t('live.toSettings')}
              </button>
            </>
          ) : null}
        </ErrorBox>
      ) : null}
      <ErrorBox error={silent} className="file-error" />
      <ErrorBox error={action.error} className="file-error" />
      <ErrorBox error={profileError} className="file-error" />
      <LiveTranscript busy={busy} />
      <LiveAnnounce />
      <LiveBudgetQuestion />
    </section>
  );
}

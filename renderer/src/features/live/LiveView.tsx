/**
 * The Live screen (issue #17): choose an input, Start, read the words as they come, Pause, Stop.
 * Finalized utterances carry their start times; the utterance being spoken shows as interim text
 * (marked not final) and is replaced in place by its final result. The list follows the newest
 * words until the person scrolls up, then offers "Jump to live". Screen readers hear each
 * finalized utterance once (a polite live region), never the interim updates.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { liveBusy } from '../../store/live-slice';
import { ErrorBox } from '../../ui/error-box';
import { useActionError } from '../../ui/use-action-error';
import { formatClock } from '../../ui/format';
import { connectionOptions, SelectField } from '../../ui/select-field';
import { CopyFailed, useCopy } from '../../ui/use-copy';
import './live.css';

/** Codes whose way out is the connection's settings (its key, its engine). */
const SETTINGS_HELP = new Set(['live-refused', 'auth', 'no-key', 'no-connection']);

/** The recorded time, rendered once a second rather than with every chunk. */
function LiveClock() {
  const { t } = useTranslation();
  const seconds = useApp((s) => Math.floor(s.live.recordedMs / 1000));
  return (
    <span className="muted" data-testid="live-elapsed" aria-label={t('live.elapsed')}>
      {formatClock(seconds)}
    </span>
  );
}

/** The input's level: the one part of the screen that changes with every chunk. */
function LiveLevel() {
  const { t } = useTranslation();
  const value = useApp((s) =>
    liveBusy(s.live.phase) && s.live.phase !== 'paused'
      ? Math.round(Math.max(-60, s.live.levelDb))
      : -60,
  );
  return (
    <meter
      className="live-level"
      min={-60}
      max={0}
      low={-40}
      high={-6}
      optimum={-20}
      value={value}
      aria-label={t('live.level')}
    />
  );
}

export function LiveView() {
  const { t } = useTranslation();
  // Field by field: the level and the clock change ten times a second, and only their own
  // components read them.
  const phase = useApp((s) => s.live.phase);
  const finals = useApp((s) => s.live.finals);
  const interim = useApp((s) => s.live.interim);
  const problem = useApp((s) => s.live.problem);
  const silent = useApp((s) => s.live.silent);
  const jobId = useApp((s) => s.live.jobId);
  const reconnect = useApp((s) => s.live.reconnect);
  const inputs = useApp((s) => s.liveInputs);
  const device = useApp((s) => s.liveDevice);
  const loadInputs = useApp((s) => s.loadLiveInputs);
  const setDevice = useApp((s) => s.setLiveDevice);
  const start = useApp((s) => s.liveStart);
  const pause = useApp((s) => s.livePause);
  const resume = useApp((s) => s.liveResume);
  const stop = useApp((s) => s.liveStop);
  const setTab = useApp((s) => s.setTab);
  const connections = useApp((s) => s.connections);
  const activeId = useApp((s) => s.activeConnection);
  const setActive = useApp((s) => s.setActiveConnection);
  const openTranscript = useApp((s) => s.openTranscript);
  const { copied, failed, copy } = useCopy();
  const action = useActionError();
  const busy = liveBusy(phase);

  useEffect(() => {
    void loadInputs();
  }, [loadInputs, busy]);

  // Follow the newest words unless the person scrolled up.
  const scroller = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && following) box.scrollTop = box.scrollHeight;
  }, [finals.length, interim?.text, following]);
  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    setFollowing(box.scrollHeight - box.scrollTop - box.clientHeight < 24);
  };

  const options = [
    { value: '', label: t('live.defaultInput') },
    ...inputs
      .filter((input) => input.deviceId !== 'default' && input.deviceId !== '')
      .map((input, i) => ({
        value: input.deviceId,
        label: input.label || t('live.inputNumber', { n: i + 1 }),
      })),
  ];
  const text = finals.map((u) => u.text).join('\n');
  const last = finals.at(-1);

  return (
    <section className="view live" aria-labelledby="live-heading">
      <div className="section-head">
        <h1 id="live-heading" className="view-title">
          {t('live.heading')}
        </h1>
        <LiveClock />
      </div>
      <div className="toolbar live-controls">
        <SelectField
          compact
          label={t('live.connection')}
          value={activeId}
          options={connectionOptions(connections)}
          onChange={(id) => void action.run(setActive(id))}
          disabled={busy}
          testId="live-connection"
        />
        <SelectField
          compact
          label={t('live.input')}
          value={device}
          options={options}
          onChange={setDevice}
          disabled={busy}
          testId="live-device"
        />
        {busy ? (
          <>
            {phase === 'paused' ? (
              <button type="button" className="button" onClick={resume} data-testid="live-resume">
                {t('live.resume')}
              </button>
            ) : (
              <button
                type="button"
                className="button"
                onClick={pause}
                disabled={phase !== 'listening'}
                data-testid="live-pause"
              >
                {t('live.pause')}
              </button>
            )}
            <button
              type="button"
              className="button primary"
              onClick={() => void stop()}
              disabled={phase === 'stopping'}
              data-testid="live-stop"
            >
              {t('live.stop')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button primary"
            onClick={() => void start()}
            data-testid="live-start"
          >
            {t('live.start')}
          </button>
        )}
        <LiveLevel />
        <button
          type="button"
          className="button"
          disabled={text === ''}
          onClick={() => void copy(text)}
          data-testid="live-copy"
        >
          {copied ? t('live.copied') : t('live.copy')}
        </button>
        <CopyFailed failed={failed} />
      </div>
      <p className="live-state muted" role="status" data-testid="live-state" data-phase={phase}>
        {phase === 'reconnecting' && reconnect
          ? t('live.state.reconnecting', {
              attempt: reconnect.attempt,
              seconds: Math.ceil(reconnect.retryInMs / 1000),
            })
          : phase === 'stopped' && !jobId
            ? t('live.state.nothingKept')
            : t(`live.state.${phase}`)}
        {phase === 'stopped' && jobId ? (
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
      <div
        className="live-transcript"
        ref={scroller}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label={t('live.transcript')}
        data-testid="live-transcript"
      >
        {finals.length === 0 && !interim ? (
          <p className="muted live-empty">{busy ? t('live.waiting') : t('live.empty')}</p>
        ) : (
          <ol className="live-utterances">
            {finals.map((u) => (
              <li key={u.index} className="live-utterance" data-testid="live-final">
                <span className="live-time">{formatClock(u.startMs / 1000)}</span>
                <span className="live-text">{u.text}</span>
              </li>
            ))}
            {interim ? (
              <li className="live-utterance interim" data-testid="live-interim">
                <span className="live-time">
                  {interim.startMs === undefined ? '' : formatClock(interim.startMs / 1000)}
                </span>
                <span className="live-text">
                  <span className="visually-hidden">{t('live.notFinal')} </span>
                  {interim.text}
                </span>
              </li>
            ) : null}
          </ol>
        )}
      </div>
      {!following ? (
        <button
          type="button"
          className="button small live-jump"
          onClick={() => setFollowing(true)}
          data-testid="live-jump"
        >
          {t('live.jump')}
        </button>
      ) : null}
      {/* What screen readers hear: each finalized utterance, once. */}
      <div className="visually-hidden" aria-live="polite" data-testid="live-announce">
        {last?.text ?? ''}
      </div>
    </section>
  );
}

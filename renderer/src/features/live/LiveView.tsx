/**
 * The Live screen (issue #17): choose an input, Start, read the words as they come, Pause, Stop.
 * Finalized utterances carry their start times; the utterance being spoken shows as interim text
 * (marked not final) and is replaced in place by its final result. The list follows the newest
 * words until the person scrolls up, then offers "Jump to live". Screen readers hear each
 * finalized utterance once (a polite live region), never the interim updates.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveUtterance } from '../../../../shared/ipc/live';
import { useApp, useAppStore } from '../../store/store';
import { liveBusy } from '../../store/live-slice';
import { ErrorBox } from '../../ui/error-box';
import { useActionError } from '../../ui/use-action-error';
import { formatClock } from '../../ui/format';
import { connectionOptions, SelectField } from '../../ui/select-field';
import { CopyFailed, useCopy } from '../../ui/use-copy';
import { LiveMeter } from './LiveMeter';
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

export function LiveView() {
  const { t } = useTranslation();
  // Field by field: the clock changes once a second, and only its own component reads it.
  const phase = useApp((s) => s.live.phase);
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
  const action = useActionError();
  const busy = liveBusy(phase);

  useEffect(() => {
    void loadInputs();
  }, [loadInputs, busy]);

  const options = [
    { value: '', label: t('live.defaultInput') },
    ...inputs
      .filter((input) => input.deviceId !== 'default' && input.deviceId !== '')
      .map((input, i) => ({
        value: input.deviceId,
        label: input.label || t('live.inputNumber', { n: i + 1 }),
      })),
  ];

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
        <LiveMeter />
        <LiveCopy />
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
      <LiveTranscript busy={busy} />
      <LiveAnnounce />
    </section>
  );
}

/** Copy so far: the finalized text, read from the store when pressed (not with every word). */
function LiveCopy() {
  const { t } = useTranslation();
  const store = useAppStore();
  const any = useApp((s) => s.live.finals.length > 0);
  const { copied, failed, copy } = useCopy();
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={!any}
        onClick={() =>
          void copy(
            store
              .getState()
              .live.finals.map((u) => u.text)
              .join('\n'),
          )
        }
        data-testid="live-copy"
      >
        {copied ? t('live.copied') : t('live.copy')}
      </button>
      <CopyFailed failed={failed} />
    </>
  );
}

/** The finalized utterances: drawn again only when one is added, not with the interim text. */
const LiveFinals = memo(function LiveFinals({ finals }: { finals: readonly LiveUtterance[] }) {
  return finals.map((u) => (
    <li key={u.index} className="live-utterance" data-testid="live-final">
      <span className="live-time">{formatClock(u.startMs / 1000)}</span>
      <span className="live-text">{u.text}</span>
    </li>
  ));
});

/**
 * The words as they come: the finals, the interim text after them, following the newest until
 * the person scrolls up (then "Jump to live"). Its box contains its layout (live.css), and only
 * the interim line (LiveInterim) is drawn again with each interim result, a few times a second.
 */
function LiveTranscript({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const finals = useApp((s) => s.live.finals);
  const speaking = useApp((s) => s.live.interim !== undefined);
  const scroller = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const follow = useCallback(() => {
    const box = scroller.current;
    if (box && following) box.scrollTop = box.scrollHeight;
  }, [following]);
  useLayoutEffect(follow, [finals.length, follow]);
  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    setFollowing(box.scrollHeight - box.scrollTop - box.clientHeight < 24);
  };
  return (
    <>
      <div
        className="live-transcript"
        ref={scroller}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label={t('live.transcript')}
        data-testid="live-transcript"
      >
        {finals.length === 0 && !speaking ? (
          <p className="muted live-empty">{busy ? t('live.waiting') : t('live.empty')}</p>
        ) : (
          <ol className="live-utterances">
            <LiveFinals finals={finals} />
            <LiveInterim follow={follow} />
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
    </>
  );
}

/** The utterance being spoken, not final yet; `follow` keeps it in view when it grows. */
function LiveInterim({ follow }: { follow: () => void }) {
  const { t } = useTranslation();
  const interim = useApp((s) => s.live.interim);
  useLayoutEffect(follow, [interim?.text, follow]);
  if (!interim) return null;
  return (
    <li className="live-utterance interim" data-testid="live-interim">
      <span className="live-time">
        {interim.startMs === undefined ? '' : formatClock(interim.startMs / 1000)}
      </span>
      <span className="live-text">
        <span className="visually-hidden">{t('live.notFinal')} </span>
        {interim.text}
      </span>
    </li>
  );
}

/** What screen readers hear: each finalized utterance, once. */
function LiveAnnounce() {
  const last = useApp((s) => s.live.finals.at(-1)?.text ?? '');
  return (
    <div className="visually-hidden" aria-live="polite" data-testid="live-announce">
      {last}
    </div>
  );
}

/**
 * The Live screen: choose the connection, its dictionary profile and an input, Start, read the words as they come, Pause, Stop.
 * With speaker labels each final names its speaker, a button that renames that
 * speaker everywhere, as in the viewer (the job keeps the name).
 * Finalized utterances carry their start times; the utterance being spoken shows as interim text
 * (marked not final) and is replaced in place by its final result. The list follows the newest
 * words until the person scrolls up, then offers "Jump to live". Screen readers hear each
 * finalized utterance once (a polite live region), never the interim updates.
 */
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { diarizerOn, withDiarizer } from '../../../../shared/api/diarizer';
import type { Connection } from '../../../../shared/domain/connection';
import type { AppError } from '../../../../shared/domain/errors';
import { SPEAKER_NAME_MAX } from '../../../../shared/domain/no-edits';
import { errorOf } from '../../store/result';
import {
  choiceOf,
  LIVE_SOURCE_CHOICES,
  type LiveSourceChoice,
  type LiveUtterance,
} from '../../../../shared/ipc/live';
import { useApp, useAppStore } from '../../store/store';
import { liveBusy, type LiveInterim as LiveInterimValue } from '../../store/live-slice';
import type { ValueStream } from '../../store/value-stream';
import { ErrorBox } from '../../ui/error-box';
import { useActionError } from '../../ui/use-action-error';
import { formatClock } from '../../ui/format';
import { connectionOptions, SelectField } from '../../ui/select-field';
import { CopyFailed, useCopy } from '../../ui/use-copy';
import { ProfileField } from '../transcribe/ProfileField';
import { InlineField } from '../viewer/InlineField';
import { sameSpeakerName, useSpeakerName } from '../viewer/speaker-name';
import { LiveBudgetQuestion } from './LiveBudgetQuestion';
import { LiveMeter } from './LiveMeter';
import { LiveSources } from './LiveSources';
import { useValueStream } from './use-value-stream';
import './live.css';

/** Codes whose way out is the connection's settings (its key, its engine). */
const SETTINGS_HELP = new Set(['live-refused', 'auth', 'no-key', 'no-connection']);

/**
 * A stream's value as the text of an element, written here as it changes, not drawn by React: a
 * change wakes nothing else in the window (store/value-stream.ts).
 */
function useStreamText<T>(
  stream: ValueStream<T>,
  textOf: (value: T) => string,
): RefObject<HTMLSpanElement | null> {
  const element = useRef<HTMLSpanElement>(null);
  const show = useCallback(
    (value: T) => {
      const text = textOf(value);
      if (element.current && element.current.textContent !== text)
        element.current.textContent = text;
    },
    [textOf],
  );
  useValueStream(stream, show);
  return element;
}

const clockText = (ms: number) => formatClock(Math.floor(ms / 1000));
const interimTime = (interim: LiveInterimValue | undefined) =>
  interim?.startMs === undefined ? '' : formatClock(interim.startMs / 1000);
const interimText = (interim: LiveInterimValue | undefined) => interim?.text ?? '';

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
  const inputs = useApp((s) => s.liveInputs);
  const device = useApp((s) => s.liveDevice);
  const loadInputs = useApp((s) => s.loadLiveInputs);
  const setDevice = useApp((s) => s.setLiveDevice);
  // The screen's one choice; a list no choice stands for shows as the microphone's.
  const source = useApp((s) => choiceOf(s.liveSources) ?? 'microphone');
  const setSource = useApp((s) => s.setLiveSource);
  const sourceCount = useApp((s) => s.liveSources.length);
  const start = useApp((s) => s.liveStart);
  const pause = useApp((s) => s.livePause);
  const resume = useApp((s) => s.liveResume);
  const stop = useApp((s) => s.liveStop);
  const setTab = useApp((s) => s.setTab);
  const connections = useApp((s) => s.connections);
  const activeId = useApp((s) => s.activeConnection);
  const setActive = useApp((s) => s.setActiveConnection);
  const openTranscript = useApp((s) => s.openTranscript);
  const activeConnection = connections.find((c) => c.id === activeId);
  const action = useActionError();
  const [profileError, setProfileError] = useState<AppError>();
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
        {activeConnection ? (
          <ProfileField
            compact
            connection={activeConnection}
            onError={setProfileError}
            disabled={busy}
            testId="live-profile"
          />
        ) : null}
        {activeConnection ? (
          <LabelSpeakers connection={activeConnection} disabled={busy} onError={setProfileError} />
        ) : null}
        <SelectField
          compact
          label={t('live.source')}
          value={source}
          options={LIVE_SOURCE_CHOICES.map((value) => ({
            value,
            label: t(`live.sources.${value}`),
          }))}
          onChange={(value) => setSource(value as LiveSourceChoice)}
          disabled={busy}
          testId="live-source"
        />
        {source === 'computer' ? null : (
          <SelectField
            compact
            label={t('live.input')}
            value={device}
            options={options}
            onChange={setDevice}
            disabled={busy}
            testId="live-device"
          />
        )}
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
        {/* Several sources: each has its own meter, below. */}
        {sourceCount > 1 ? null : <LiveMeter />}
        <LiveCopy />
      </div>
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

/**
 * "Label who speaks" (cloud connections): `useDiarizer=1` in the connection's
 * segmenterProperties, which Live and direct requests send (shared/api/diarizer.ts). The local
 * service cannot tell speakers apart, and says so.
 */
function LabelSpeakers({
  connection,
  disabled,
  onError,
}: {
  connection: Connection;
  disabled: boolean;
  onError: (error: AppError | undefined) => void;
}) {
  const { t } = useTranslation();
  const save = useApp((s) => s.saveConnection);
  const hint = useId();
  const cloud = connection.kind === 'cloud';
  return (
    <span className="live-speakers-option">
      <label className="check">
        <input
          type="checkbox"
          checked={cloud && diarizerOn(connection.settings)}
          disabled={disabled || !cloud}
          aria-describedby={cloud ? undefined : hint}
          onChange={(e) =>
            void save({
              ...connection,
              settings: withDiarizer(connection.settings, e.target.checked),
            }).then((result) => onError(errorOf(result)))
          }
          data-testid="live-speakers"
        />
        <span>{t('live.speakers')}</span>
      </label>
      {cloud ? null : (
        <span id={hint} className="visually-hidden">
          {t('transcribe.speakersLocal')}
        </span>
      )}
    </span>
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

/** The finalized utterances: drawn again only when one is added or a speaker named, not with the interim text. */
const LiveFinals = memo(function LiveFinals({ finals }: { finals: readonly LiveUtterance[] }) {
  const speakerName = useSpeakerName(useApp((s) => s.live.speakerNames));
  return finals.map((u) => {
    // With speaker labels (cloud, "Label who speaks"): the speaker of the utterance's first word.
    const label = u.tokens.find((token) => token.label !== undefined)?.label;
    return (
      <li key={u.index} className="live-utterance" data-testid="live-final">
        <span className="live-time">{formatClock(u.startMs / 1000)}</span>
        <span className="live-text">
          {label === undefined ? null : <LiveSpeaker label={label} name={speakerName(label)} />}
          {u.text}
        </span>
      </li>
    );
  });
});

/**
 * A final's speaker: a button that opens the name in place (Enter keeps it for every final of
 * that speaker, and the job; Escape cancels), focus going back to it after.
 */
function LiveSpeaker({ label, name }: { label: string; name: string }) {
  const { t } = useTranslation();
  const given = useApp((s) => s.live.speakerNames[label] ?? '');
  const nameSpeaker = useApp((s) => s.liveNameSpeaker);
  const [editing, setEditing] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const action = useActionError();
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [editing]);
  const close = () => {
    refocus.current = true;
    setEditing(false);
  };
  if (editing)
    return (
      <span className="live-speaker-edit">
        <InlineField
          initial={name}
          label={t('viewer.speakerNameLabel', { name })}
          multiline={false}
          maxLength={SPEAKER_NAME_MAX}
          testId="live-speaker-editor"
          onKeep={(typed) => {
            if (sameSpeakerName(typed, given, name)) return close();
            void action.run(nameSpeaker(label, typed)).then((ok) => ok && close());
          }}
          onCancel={() => {
            action.setError(undefined);
            close();
          }}
        />
        <ErrorBox error={action.error} />
      </span>
    );
  return (
    <button
      ref={button}
      type="button"
      className="speaker-name live-speaker"
      aria-label={t('viewer.renameSpeaker', { name })}
      onClick={() => setEditing(true)}
      data-testid="live-speaker"
      data-label={label}
    >
      {name}
    </button>
  );
}

/**
 * The words as they come: the finals, the interim text after them, following the newest until
 * the person scrolls up (then "Jump to live"). Its box contains its layout (live.css), and only
 * the interim line (LiveInterim) is drawn again with each interim result, a few times a second.
 *
 * Following costs no layout of its own: the box is scrolled to its end when its content's height
 * changes (a ResizeObserver, told after the browser's own layout, so reading where the end is lays
 * nothing out again), not with each interim result, most of which change no line.
 */
function LiveTranscript({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const finals = useApp((s) => s.live.finals);
  const speaking = useApp((s) => s.live.speaking);
  const scroller = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const follow = useCallback(() => {
    const box = scroller.current;
    // Not while a speaker's name is typed in it: the field stays where it is.
    if (box && following && !box.querySelector('input:focus')) box.scrollTop = box.scrollHeight;
  }, [following]);
  const content = useRef<HTMLDivElement>(null);
  useLayoutEffect(follow, [follow]);
  useEffect(() => {
    const inner = content.current;
    if (!inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(follow);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [follow]);
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
        <div ref={content}>
          {finals.length === 0 && !speaking ? (
            <p className="muted live-empty">{busy ? t('live.waiting') : t('live.empty')}</p>
          ) : (
            <ol className="live-utterances">
              <LiveFinals finals={finals} />
              <LiveInterim />
            </ol>
          )}
        </div>
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

/**
 * The utterance being spoken, not final yet, while there is one: its time and words are written
 * as each interim result comes (a few times a second), without React.
 */
function LiveInterim() {
  const speaking = useApp((s) => s.live.speaking);
  return speaking ? <LiveInterimLine /> : null;
}

function LiveInterimLine() {
  const { t } = useTranslation();
  const stream = useApp((s) => s.liveInterim);
  const time = useStreamText(stream, interimTime);
  const text = useStreamText(stream, interimText);
  return (
    <li className="live-utterance interim" data-testid="live-interim">
      <span className="live-time" ref={time} />
      <span className="live-text">
        <span className="visually-hidden">{t('live.notFinal')} </span>
        <span ref={text} />
      </span>
    </li>
  );
}

/** What screen readers hear: each finalized utterance, once, after its speaker's name. */
function LiveAnnounce() {
  const { t } = useTranslation();
  const last = useApp((s) => s.live.finals.at(-1));
  const speakerName = useSpeakerName(useApp((s) => s.live.speakerNames));
  const label = last?.tokens.find((token) => token.label !== undefined)?.label;
  const text = last?.text ?? '';
  return (
    <div className="visually-hidden" aria-live="polite" data-testid="live-announce">
      {label === undefined ? text : t('live.said', { name: speakerName(label), text })}
    </div>
  );
}

/**
 * Live's controls: the connection, its dictionary profile and whether speakers are labelled,
 * what to listen to (the screen's one choice of sources, live-sources.ts) and the microphone's
 * input, Start, Pause or Resume, Stop, the mix's meter, and Copy.
 */
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { diarizerOn, withDiarizer } from '../../../../shared/api/diarizer';
import type { Connection } from '../../../../shared/domain/connection';
import type { AppError } from '../../../../shared/domain/errors';
import { choiceOf, LIVE_SOURCE_CHOICES, type LiveSourceChoice } from '../../../../shared/ipc/live';
import { liveBusy } from '../../store/live-slice';
import { errorOf } from '../../store/result';
import { useApp, useAppStore } from '../../store/store';
import type { useActionError } from '../../ui/use-action-error';
import { connectionOptions, SelectField } from '../../ui/select-field';
import { CopyFailed, useCopy } from '../../ui/use-copy';
import { ProfileField } from '../transcribe/ProfileField';
import { LiveMeter } from './LiveMeter';

export function LiveControls({
  action,
  onProfileError,
}: {
  /** Where a failed choice of connection is said (below, with the screen's other errors). */
  action: ReturnType<typeof useActionError>;
  onProfileError: (error: AppError | undefined) => void;
}) {
  const { t } = useTranslation();
  const phase = useApp((s) => s.live.phase);
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
  const connections = useApp((s) => s.connections);
  const activeId = useApp((s) => s.activeConnection);
  const setActive = useApp((s) => s.setActiveConnection);
  const activeConnection = connections.find((c) => c.id === activeId);
  const busy = liveBusy(phase);
  const setProfileError = onProfileError;

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

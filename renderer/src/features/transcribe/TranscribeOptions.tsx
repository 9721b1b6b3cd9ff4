/**
 * Where the next files go and how: the connection, and that connection's engine, dictionary
 * profile, logging, fillers and speaker labels (saved on the connection, as transcribe:files
 * reads them from it).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_ENGINES, LOCAL_ENGINE } from '../../../../shared/api/engines';
import type { AppError } from '../../../../shared/domain/errors';
import { useApp, useAppStore } from '../../store/store';
import { connectionOptions, engineOptions, plainOptions, SelectField } from '../../ui/select-field';
import {
  keepFillers,
  keepsFillers,
  SPEAKER_COUNTS,
  speakersOf,
  withSpeakers,
  type SpeakerOptions,
} from './connection-settings';
import { ProfileField } from './ProfileField';

const countOptions = (from: number, to: number) =>
  plainOptions(SPEAKER_COUNTS.filter((n) => n >= from && n <= to).map(String));
import { ErrorBox } from '../../ui/error-box';
import { notificationsSupported } from '../../ui/notifications';
import { errorOf } from '../../store/result';

export function TranscribeOptions() {
  const { t } = useTranslation();
  const store = useAppStore();
  const connections = useApp((s) => s.connections);
  const activeId = useApp((s) => s.activeConnection);
  const active = connections.find((c) => c.id === activeId);
  const [error, setError] = useState<AppError>();
  const speakerHint = useId();
  const loggingHint = useId();

  if (!active) return <div className="options-card" aria-busy="true" />;
  const engines = active.kind === 'local' ? [LOCAL_ENGINE] : CLOUD_ENGINES.map((e) => e.name);
  const save = async (changes: Partial<typeof active>) =>
    setError(errorOf(await store.getState().saveConnection({ ...active, ...changes })));
  // The local service cannot tell speakers apart (docs/api.md): only cloud connections offer it.
  const canLabel = active.kind === 'cloud';
  const speakers = speakersOf(active.settings);
  const saveSpeakers = (changes: Partial<SpeakerOptions>) =>
    void save({ settings: withSpeakers(active.settings, { ...speakers, ...changes }) });

  return (
    <fieldset className="options-card">
      <legend className="section-title">{t('transcribe.options')}</legend>
      <div className="option-fields">
        <SelectField
          label={t('transcribe.connection')}
          value={activeId}
          onChange={(v) =>
            void store
              .getState()
              .setActiveConnection(v)
              .then((r) => setError(errorOf(r)))
          }
          options={connectionOptions(connections)}
        />
        <SelectField
          label={t('transcribe.engine')}
          value={active.engine}
          onChange={(v) => void save({ engine: v })}
          options={engineOptions(new Set([active.engine, ...engines]))}
        />
        <ProfileField connection={active} onError={setError} />
      </div>
      <div className="option-checks">
        <div className="option-group">
          <label className="check">
            <input
              type="checkbox"
              checked={active.logging}
              aria-describedby={loggingHint}
              onChange={(e) => void save({ logging: e.target.checked })}
              data-testid="logging"
            />
            <span>{t('transcribe.logging')}</span>
          </label>
          {/* What logging means here: on this machine it never leaves it. */}
          <p id={loggingHint} className="muted hint" data-testid="logging-hint">
            {active.kind === 'local' ? t('transcribe.loggingLocal') : t('transcribe.loggingCloud')}
          </p>
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={keepsFillers(active.settings)}
            onChange={(e) =>
              void save({ settings: keepFillers(active.settings, e.target.checked) })
            }
            data-testid="keep-fillers"
          />
          <span>{t('transcribe.keepFillers')}</span>
        </label>
        <div className="option-group">
          <label className="check">
            <input
              type="checkbox"
              checked={canLabel && speakers.on}
              disabled={!canLabel}
              aria-describedby={speakerHint}
              onChange={(e) => saveSpeakers({ on: e.target.checked })}
              data-testid="speaker-labels"
            />
            <span>{t('transcribe.speakers')}</span>
          </label>
          <p id={speakerHint} className="muted hint" data-testid="speaker-hint">
            {canLabel ? t('transcribe.speakersHint') : t('transcribe.speakersLocal')}
          </p>
        </div>
        <NotifyOption />
      </div>
      {canLabel && speakers.on ? (
        <div className="option-fields">
          <SelectField
            label={t('transcribe.minSpeakers')}
            value={String(speakers.min)}
            onChange={(v) => saveSpeakers({ min: Number(v) })}
            options={countOptions(1, speakers.max)}
            testId="min-speakers"
          />
          <SelectField
            label={t('transcribe.maxSpeakers')}
            value={String(speakers.max)}
            onChange={(v) => saveSpeakers({ max: Number(v) })}
            options={countOptions(speakers.min, SPEAKER_COUNTS.length)}
            testId="max-speakers"
          />
        </div>
      ) : null}
      <ErrorBox error={error} className="file-error" />
    </fieldset>
  );
}

/**
 * The window's own choice (kept with its language and theme, not on the connection): a system
 * notification when a long job finishes in the background. Turning it on asks the system.
 */
function NotifyOption() {
  const { t } = useTranslation();
  const on = useApp((s) => s.notify);
  const setNotify = useApp((s) => s.setNotify);
  const hint = useId();
  const supported = notificationsSupported();
  const [refused, setRefused] = useState(false);
  const blocked = supported && (refused || (on && Notification.permission === 'denied'));
  const change = async (want: boolean) => {
    if (!want) {
      setRefused(false);
      setNotify(false);
      return;
    }
    const permission =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    setRefused(permission !== 'granted');
    setNotify(permission === 'granted');
  };
  return (
    <div className="option-group">
      <label className="check">
        <input
          type="checkbox"
          checked={supported && on && !blocked}
          disabled={!supported}
          aria-describedby={hint}
          onChange={(e) => void change(e.target.checked)}
          data-testid="notify"
        />
        <span>{t('transcribe.notify')}</span>
      </label>
      <p
        id={hint}
        className={blocked ? 'field-error hint' : 'muted hint'}
        role={blocked ? 'alert' : undefined}
        data-testid="notify-hint"
      >
        {!supported
          ? t('transcribe.notifyUnsupported')
          : blocked
            ? t('transcribe.notifyBlocked')
            : t('transcribe.notifyHint')}
      </p>
    </div>
  );
}

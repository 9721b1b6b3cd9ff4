/**
 * Settings → Calls: what is done when another application starts recording from the microphone
 * (core/calls/, remembered by the core in calls.json): nothing, ask (the default), or start by
 * itself for the applications ticked; the applications never asked about (each can be asked
 * about again); and the connection and profile calls are transcribed with.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CALL_MODES,
  WELL_KNOWN_CALL_APPS,
  type CallSettingsPatch,
} from '../../../../shared/domain/calls';
import { PROFILE_ID_PATTERN } from '../../../../shared/api/profile-words';
import { keptInStore } from '../../store/result';
import { useApp } from '../../store/store';
import { ConnectionName } from '../../ui/display-names';
import { ErrorBox } from '../../ui/error-box';
import { TextField } from '../../ui/field';
import { Card } from '../../ui/section';
import { useActionError } from '../../ui/use-action-error';

export function CallsPanel() {
  const { t } = useTranslation();
  const status = useApp((s) => s.callsStatus);
  const loadError = useApp((s) => s.callsError);
  const load = useApp((s) => s.loadCalls);
  const save = useApp((s) => s.setCallSettings);
  const connections = useApp((s) => s.connections);
  const { error, run } = useActionError();
  const modeName = useId();
  useEffect(() => void keptInStore(load()), [load]);
  const settings = status?.settings;
  const change = (patch: CallSettingsPatch) => void run(save(patch));
  const apps = settings
    ? [...new Set([...settings.auto, ...settings.seen, ...WELL_KNOWN_CALL_APPS])].filter(
        (app) => !settings.never.includes(app),
      )
    : [];
  return (
    <Card id="calls-settings" title={t('calls.heading')} intro={t('calls.intro')}>
      <ErrorBox error={loadError} />
      {status?.problem && (
        <p className="notice" data-testid="calls-problem">
          {t('calls.unavailable')}
        </p>
      )}
      {status?.problem && <ErrorBox error={status.problem} />}
      {settings && (
        <>
          <fieldset className="calls-mode" data-testid="calls-mode">
            <legend className="label">{t('calls.mode')}</legend>
            {CALL_MODES.map((mode) => (
              <label key={mode} className="check">
                <input
                  type="radio"
                  name={modeName}
                  value={mode}
                  checked={settings.mode === mode}
                  data-testid={`calls-mode-${mode}`}
                  onChange={() => change({ mode })}
                />
                {t(`calls.modes.${mode}`)}
              </label>
            ))}
          </fieldset>
          {settings.mode !== 'off' && <p className="hint muted">{t('calls.windowNeeded')}</p>}
          {settings.mode === 'auto' && (
            <fieldset className="calls-apps" data-testid="calls-apps">
              <legend className="label">{t('calls.apps')}</legend>
              {apps.map((app) => (
                <label key={app} className="check">
                  <input
                    type="checkbox"
                    checked={settings.auto.includes(app)}
                    data-testid={`calls-auto-${app}`}
                    onChange={(e) =>
                      change({
                        auto: e.target.checked
                          ? [...settings.auto, app]
                          : settings.auto.filter((a) => a !== app),
                      })
                    }
                  />
                  {app}
                </label>
              ))}
            </fieldset>
          )}
          <div className="field">
            <span className="label">{t('calls.neverList')}</span>
            {settings.never.length === 0 ? (
              <p className="muted">{t('calls.neverNone')}</p>
            ) : (
              <ul className="calls-never" data-testid="calls-never">
                {settings.never.map((app) => (
                  <li key={app}>
                    <span>{app}</span>{' '}
                    <button
                      type="button"
                      className="button ghost"
                      aria-label={t('calls.askAgainFor', { app })}
                      onClick={() => change({ never: settings.never.filter((a) => a !== app) })}
                    >
                      {t('calls.askAgain')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <label className="field">
            <span className="label">{t('calls.connection')}</span>
            <select
              className="select"
              value={settings.connection ?? ''}
              data-testid="calls-connection"
              onChange={(e) => change({ connection: e.target.value || null })}
            >
              <option value="">{t('calls.activeConnection')}</option>
              {connections.map((connection) => (
                <option key={connection.id} value={connection.id}>
                  <ConnectionName connection={connection} />
                </option>
              ))}
            </select>
          </label>
          <ProfileField
            // A new value from the core starts the field again.
            key={settings.profileId ?? ''}
            value={settings.profileId ?? ''}
            onSave={(profileId) => change({ profileId: profileId || null })}
          />
        </>
      )}
      <ErrorBox error={error} />
    </Card>
  );
}

function ProfileField({ value, onSave }: { value: string; onSave: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState(value);
  const valid = typed === '' || PROFILE_ID_PATTERN.test(typed);
  return (
    <form
      className="toolbar"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSave(typed.trim());
      }}
    >
      <TextField
        id={id}
        label={t('calls.profile')}
        value={typed}
        aria-invalid={!valid}
        data-testid="calls-profile"
        note={<p className="hint muted">{t('calls.profileHint')}</p>}
        onChange={(e) => setTyped(e.target.value)}
      />
      {/* Named apart from the connection editor's Save on the same screen. */}
      <button
        type="submit"
        className="button"
        aria-label={t('calls.saveProfileName')}
        disabled={!valid || typed === value}
      >
        {t('calls.saveProfile')}
      </button>
    </form>
  );
}

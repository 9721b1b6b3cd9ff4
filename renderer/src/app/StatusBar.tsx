/** The active connection (switchable) and the local service's state. */
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';
import { useApp } from '../store/store';
import { connectionOptions, SelectField } from '../lib/select-field';

export function StatusBar() {
  const { t } = useTranslation();
  const connections = useApp((s) => s.connections);
  const active = useApp((s) => s.activeConnection);
  const setActive = useApp((s) => s.setActiveConnection);
  const service = useApp((s) => s.service);
  const hostError = useApp((s) => s.hostError);
  const lang = useApp((s) => s.lang);
  const hostLost = useApp((s) => s.hostLost);
  const sessionEnded = useApp((s) => s.sessionEnded);
  const state = service?.state ?? 'unknown';
  return (
    <footer className="statusbar" aria-label={t('status.region')}>
      <SelectField
        compact
        label={t('status.connection')}
        value={active}
        onChange={(v) => void setActive(v)}
        options={connectionOptions(connections)}
        disabled={connections.length === 0}
        testId="active-connection"
      />
      <div className="service" role="status" data-testid="service-status">
        <span className={`dot dot-${state}`} aria-hidden="true" />
        <span>
          {t('status.service')}: {t(`status.state.${state}`)}
        </span>
        {service?.problem && state !== 'running' ? (
          <span className="muted">— {errorText(service.problem, lang)}</span>
        ) : null}
      </div>
      {sessionEnded ? (
        <p className="status-error" role="alert" data-testid="session-ended">
          {t('status.sessionEnded')}
        </p>
      ) : hostLost ? (
        <p className="status-error" role="alert" data-testid="host-lost">
          {t('status.hostLost')}
        </p>
      ) : null}
      {hostError && !hostLost ? (
        <p className="status-error" role="alert">
          {errorText(hostError, lang)}
        </p>
      ) : null}
    </footer>
  );
}

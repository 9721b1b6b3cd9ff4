/**
 * Which connection is active (chosen in Transcribe's options and in Settings, shown here on every
 * screen) and the local service's state; while the host cannot be reached, one "not connected"
 * state (the running rows say the same, web-host restarts reconnect by themselves).
 */
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../ui/error-text';
import { shownServiceState } from '../store/service-slice';
import { useApp } from '../store/store';
import { ConnectionName, connectionName } from '../ui/display-names';

export function StatusBar() {
  const { t } = useTranslation();
  const connections = useApp((s) => s.connections);
  const active = useApp((s) => s.activeConnection);
  const connection = connections.find((c) => c.id === active);
  const service = useApp((s) => s.service);
  const hostError = useApp((s) => s.hostError);
  const errorText = useErrorText();
  const hostLost = useApp((s) => s.hostLost);
  const sessionEnded = useApp((s) => s.sessionEnded);
  const warning = useApp((s) => s.usageWarning);
  const dismissWarning = useApp((s) => s.setUsageWarning);
  const warned = connections.find((c) => c.id === warning?.connection);
  // While the host cannot be reached, the bar says "not connected", as the running rows do.
  const state = useApp(shownServiceState);
  const connected = state !== 'disconnected';
  return (
    <footer className="statusbar" aria-label={t('status.region')}>
      <p className="status-connection" data-testid="active-connection" data-id={active}>
        {t('status.connection')}:{' '}
        <span className="status-value">
          {connection ? <ConnectionName connection={connection} /> : '—'}
        </span>
      </p>
      <div className="service" role="status" data-testid="service-status" data-state={state}>
        <span className={`dot dot-${state}`} aria-hidden="true" />
        <span>
          {t('status.service')}: {t(`status.state.${state}`)}
        </span>
        {connected && service?.problem && state !== 'running' ? (
          <span className="muted">— {errorText(service.problem)}</span>
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
      {warning ? (
        <p className="status-warning" role="status" data-testid="usage-warning">
          {t('budget.warning', {
            name: warned ? connectionName(warned, t) : warning.connection,
            percent: Math.round((warning.secondsUsed / warning.secondsBudget) * 100),
            used: Math.round(warning.secondsUsed / 360) / 10,
            budget: Math.round(warning.secondsBudget / 360) / 10,
          })}{' '}
          <button type="button" className="link" onClick={() => dismissWarning(undefined)}>
            {t('budget.dismiss')}
          </button>
        </p>
      ) : null}
      {hostError && connected ? (
        <p className="status-error" role="alert">
          {errorText(hostError)}
        </p>
      ) : null}
    </footer>
  );
}

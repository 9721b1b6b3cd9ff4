/** The local service: its state, address and port, the data folder, and restarting it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import { useErrorText } from '../../ui/error-text';
import { shownServiceState } from '../../store/service-slice';
import { useApp } from '../../store/store';
import { Card } from '../../ui/section';
import { ErrorBox } from '../../ui/error-box';
import { errorOf } from '../../store/result';

export function ServicePanel() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const service = useApp((s) => s.service);
  const dataDir = useApp((s) => s.dataDir);
  const restartService = useApp((s) => s.restartService);
  const shown = useApp(shownServiceState);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const port = service?.url ? new URL(service.url).port : '';
  const restart = async () => {
    setBusy(true);
    setError(errorOf(await restartService()));
    setBusy(false);
  };
  return (
    <Card id="service" title={t('settings.localService')}>
      <dl className="facts">
        <dt>{t('settings.state')}</dt>
        <dd data-testid="settings-service-state">
          <span className={`dot dot-${shown}`} aria-hidden="true" /> {t(`status.state.${shown}`)}
          {service?.problem && shown !== 'disconnected' ? (
            <span className="muted"> — {errorText(service.problem)}</span>
          ) : null}
        </dd>
        <dt>{t('settings.address')}</dt>
        <dd className="mono">{service?.url ?? '—'}</dd>
        <dt>{t('settings.port')}</dt>
        <dd className="mono">{port || '—'}</dd>
        <dt>{t('settings.dataFolder')}</dt>
        <dd className="mono break">{dataDir ?? '—'}</dd>
      </dl>
      <ErrorBox error={error} />
      <div>
        <button type="button" className="button" disabled={busy} onClick={() => void restart()}>
          {busy ? t('settings.restarting') : t('settings.restart')}
        </button>
      </div>
    </Card>
  );
}

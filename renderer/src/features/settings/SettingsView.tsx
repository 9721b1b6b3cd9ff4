/** The settings section (connections, API keys, preferences). */
import { useTranslation } from 'react-i18next';

export function SettingsView() {
  const { t } = useTranslation();
  return (
    <section className="view" aria-labelledby="settings-heading">
      <h1 id="settings-heading" className="view-title">
        {t('settings.heading')}
      </h1>
      <div className="empty">
        <p>{t('settings.empty')}</p>
      </div>
    </section>
  );
}

/** Language and theme (the same choices as the header's). */
import { useTranslation } from 'react-i18next';
import { LangThemeFields } from '../../app/LangThemeFields';

export function GeneralPanel() {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="general-heading">
      <h2 id="general-heading" className="section-title">
        {t('settings.general')}
      </h2>
      <div className="form-grid">
        <LangThemeFields languageLabel={t('settings.language')} themeLabel={t('settings.theme')} />
      </div>
    </section>
  );
}

/** Language and theme (the same choices as the header's). */
import { useTranslation } from 'react-i18next';
import { LangThemeFields } from '../../app/LangThemeFields';
import { Card } from '../../lib/section';

export function GeneralPanel() {
  const { t } = useTranslation();
  return (
    <Card id="general" title={t('settings.general')}>
      <div className="form-grid">
        <LangThemeFields languageLabel={t('settings.language')} themeLabel={t('settings.theme')} />
      </div>
    </Card>
  );
}

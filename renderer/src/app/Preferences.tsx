/** Language and theme, in the header. */
import { useTranslation } from 'react-i18next';
import { LangThemeFields } from './LangThemeFields';

export function Preferences() {
  const { t } = useTranslation();
  return (
    <div className="prefs">
      <LangThemeFields
        compact
        languageLabel={t('status.language')}
        themeLabel={t('status.theme')}
      />
    </div>
  );
}

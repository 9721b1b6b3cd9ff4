/** Language and theme (the same choices as the header's). */
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../i18n';
import { THEME_PREFS, type ThemePref } from '../../store/prefs-slice';
import { useApp } from '../../store/store';

const LANG_NAMES: Record<Lang, string> = { en: 'English', ja: '日本語' };

export function GeneralPanel() {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const setLang = useApp((s) => s.setLang);
  const theme = useApp((s) => s.themePref);
  const setTheme = useApp((s) => s.setThemePref);
  return (
    <section className="card" aria-labelledby="general-heading">
      <h2 id="general-heading" className="section-title">
        {t('settings.general')}
      </h2>
      <div className="form-grid">
        <label className="field">
          <span className="label">{t('settings.language')}</span>
          <select className="select" value={lang} onChange={(e) => setLang(e.target.value as Lang)}>
            {LANGS.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANG_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="label">{t('settings.theme')}</span>
          <select
            className="select"
            value={theme}
            onChange={(e) => setTheme(e.target.value as ThemePref)}
          >
            {THEME_PREFS.map((p) => (
              <option key={p} value={p}>
                {t(`status.themes.${p}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </section>
  );
}

/** Language and theme pickers: the header's and the Settings screen's are the same choices. */
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../i18n';
import { SelectField } from '../ui/select-field';
import { THEME_PREFS, type ThemePref } from '../store/prefs-slice';
import { useApp } from '../store/store';

const LANG_NAMES: Record<Lang, string> = { en: 'English', ja: '日本語' };

interface Props {
  /** The header's compact pickers, which tests and the shell find by test id. */
  readonly compact?: boolean;
  readonly languageLabel: string;
  readonly themeLabel: string;
}

export function LangThemeFields({ compact, languageLabel, themeLabel }: Props) {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const setLang = useApp((s) => s.setLang);
  const theme = useApp((s) => s.themePref);
  const setTheme = useApp((s) => s.setThemePref);
  return (
    <>
      <SelectField
        compact={compact}
        label={languageLabel}
        value={lang}
        onChange={(v) => setLang(v as Lang)}
        options={LANGS.map((l) => ({ value: l, label: LANG_NAMES[l], lang: l }))}
        testId={compact ? 'language' : undefined}
      />
      <SelectField
        compact={compact}
        label={themeLabel}
        value={theme}
        onChange={(v) => setTheme(v as ThemePref)}
        options={THEME_PREFS.map((p) => ({ value: p, label: t(`status.themes.${p}`) }))}
        testId={compact ? 'theme' : undefined}
      />
    </>
  );
}

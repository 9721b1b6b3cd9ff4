/** The class of a word: one of the service's class names, or none. */
import { useTranslation } from 'react-i18next';
import { className } from '../../ui/display-names';
import { useApp } from '../../store/store';

export function ClassSelect({
  value,
  onChange,
  id,
}: {
  value: string;
  onChange: (value: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const classnames = useApp((s) => s.dictClassnames);
  // A class the service does not list (from an import) stays choosable.
  const options = value && !classnames.includes(value) ? [value, ...classnames] : classnames;
  return (
    <select
      id={id}
      className="select wt-input"
      value={value}
      aria-label={id ? undefined : t('dictionary.class')}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{t('dictionary.noClass')}</option>
      {options.map((name) => (
        <option key={name} value={name}>
          {className(name, t)}
        </option>
      ))}
    </select>
  );
}

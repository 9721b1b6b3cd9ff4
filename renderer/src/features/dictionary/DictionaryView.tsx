/** The dictionary section (words with readings per engine and profile). */
import { useTranslation } from 'react-i18next';

export function DictionaryView() {
  const { t } = useTranslation();
  return (
    <section className="view" aria-labelledby="dictionary-heading">
      <h1 id="dictionary-heading" className="view-title">
        {t('dictionary.heading')}
      </h1>
      <div className="empty">
        <p>{t('dictionary.empty')}</p>
      </div>
    </section>
  );
}

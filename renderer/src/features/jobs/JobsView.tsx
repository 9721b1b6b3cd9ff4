/** Every job the app tracks, newest first. */
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';

export function JobsView() {
  const { t } = useTranslation();
  const count = useApp((s) => s.jobOrder.length);
  return (
    <section className="view" aria-labelledby="jobs-heading">
      <h1 id="jobs-heading" className="view-title">
        {t('jobs.heading')}
      </h1>
      {count === 0 ? (
        <div className="empty">
          <p>{t('jobs.empty')}</p>
        </div>
      ) : (
        <p>{t('jobs.count', { count })}</p>
      )}
    </section>
  );
}

/** Files in: the drop target and picker, the options, and a row per file of this session. */
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { useErrorText } from '../../ui/error-text';
import { ACCEPT } from '../../store/accept';
import { FileRowView } from './FileRowView';
import { RecentJobs } from './RecentJobs';
import { TranscribeOptions } from './TranscribeOptions';
import { View } from '../../ui/section';
import './transcribe.css';

/**
 * The question a file over its connection's budget asks: its code (and Radix's dialog) loads when
 * one is asked, not with the first screen.
 */
const BudgetQuestion = lazy(() =>
  import('./BudgetQuestion').then((m) => ({ default: m.BudgetQuestion })),
);

export function TranscribeView() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const addFiles = useApp((s) => s.addFiles);
  const keys = useApp((s) => s.rows.map((r) => r.key).join(' '));
  const rejected = useApp((s) => s.rejected);
  const clearFinished = useApp((s) => s.clearFinished);
  const service = useApp((s) => s.service);
  const errorText = useErrorText();
  const localActive = useApp(
    (s) => s.connections.find((c) => c.id === s.activeConnection)?.kind === 'local',
  );
  const asking = useApp((s) => s.rows.some((r) => r.phase === 'asking'));
  const rowKeys = keys ? keys.split(' ') : [];
  const waiting = localActive && service && service.state !== 'running';

  return (
    <View id="transcribe" className="transcribe" title={t('transcribe.heading')}>
      <div className="transcribe-grid">
        <TranscribeOptions />
        <div className={`drop-card${rowKeys.length > 0 ? ' compact' : ''}`}>
          <div className="drop-icon" aria-hidden="true">
            ♪
          </div>
          <div className="drop-text">
            <p className="drop-title">{t('transcribe.dropTitle')}</p>
            <p className="muted">{t('transcribe.dropHint')}</p>
          </div>
          <button
            type="button"
            className="button primary"
            onClick={() => input.current?.click()}
            data-testid="choose-files"
          >
            {t('transcribe.choose')}
          </button>
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="file-input"
            onChange={(e) => {
              addFiles(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          {waiting ? (
            <p className="notice" role="status">
              {service.state === 'starting' || service.state === 'restarting'
                ? t('transcribe.waitingService')
                : t('transcribe.serviceDown', {
                    message: service.problem
                      ? errorText(service.problem)
                      : t(`status.state.${service.state}`),
                  })}
            </p>
          ) : null}
        </div>
      </div>

      {rejected.length > 0 ? (
        <div className="rejected" role="alert" data-testid="rejected">
          <p>{t('transcribe.rejectedSummary', { count: rejected.length })}</p>
          <ul>
            {rejected.map((r, i) => (
              <li key={`${r.name}-${i}`}>
                {t('transcribe.rejected', {
                  name: r.name,
                  reason: t(`transcribe.reason.${r.reason}`),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="section-head">
        <h2 className="section-title">{t('transcribe.files')}</h2>
        {rowKeys.length > 0 ? (
          <button type="button" className="button small ghost" onClick={clearFinished}>
            {t('transcribe.clear')}
          </button>
        ) : null}
      </div>
      {asking && (
        <Suspense fallback={null}>
          <BudgetQuestion />
        </Suspense>
      )}
      {rowKeys.length === 0 ? (
        <RecentJobs />
      ) : (
        <ul className="file-list" aria-label={t('transcribe.files')}>
          {rowKeys.map((key) => (
            <FileRowView key={key} rowKey={key} />
          ))}
        </ul>
      )}
    </View>
  );
}

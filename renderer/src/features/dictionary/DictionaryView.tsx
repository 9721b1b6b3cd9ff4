/** The dictionary section: where the words live, the word table, and its tools. */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { AddWordForm } from './AddWordForm';
import { DictionaryPickers } from './DictionaryPickers';
import { DictionaryToolbar } from './DictionaryToolbar';
import { NewProfileDialog } from './NewProfileDialog';
import { WordTable } from './WordTable';
import { engineRules, rowIssues } from '../../store/word-rows';
import { connectionName } from '../../ui/display-names';
import { ErrorBox } from '../../ui/error-box';
import './dictionary.css';

export function DictionaryView() {
  const { t } = useTranslation();
  const profile = useApp((s) => s.dictProfile);
  const rows = useApp((s) => s.wordRows);
  const dirty = useApp((s) => s.dictDirty);
  const error = useApp((s) => s.dictError);
  const loading = useApp((s) => s.dictLoading);
  const undoEdit = useApp((s) => s.undoEdit);
  // A word to add from a correction starts the add form afresh.
  const draft = useApp((s) => s.dictDraft);
  const draftId = draft?.id;
  const connection = useApp((s) => s.connections.find((c) => c.id === s.dictConnection));
  const [filter, setFilter] = useState('');
  const engine = useApp((s) => s.dictEngine);
  const classnames = useApp((s) => s.dictClassnames);
  const rejection = useApp((s) => s.dictRejection);
  const rules = useMemo(() => engineRules(engine, classnames), [engine, classnames]);
  const issues = useMemo(() => rowIssues(rows, rules, rejection), [rows, rules, rejection]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return rows;
    return rows.filter(
      (r) => r.written.toLowerCase().includes(needle) || r.spoken.toLowerCase().includes(needle),
    );
  }, [rows, filter]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const target = e.target as HTMLElement;
    const typing = target.tagName === 'INPUT' || target.tagName === 'SELECT';
    if (!typing && (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      undoEdit();
    }
  };

  return (
    <section className="view dict-view" aria-labelledby="dictionary-heading" onKeyDown={onKeyDown}>
      <div className="section-head">
        <h1 id="dictionary-heading" className="view-title">
          {t('dictionary.heading')}
        </h1>
        {dirty && (
          <span className="chip chip-warning" data-testid="unsaved" role="status">
            {t('dictionary.unsaved')}
          </span>
        )}
      </div>
      <DictionaryPickers />
      <ErrorBox error={error} />
      {!profile && draft && !loading ? (
        // A word taught from a job made with no profile waits here for one, never lost.
        <div className="empty teach-no-profile" data-testid="teach-no-profile">
          <p>
            {t('dictionary.wordWaitsForProfile', {
              written: draft.written,
              connection: connection ? connectionName(connection, t) : '',
            })}
          </p>
          <NewProfileDialog disabled={!connection} forWord={draft.written} />
        </div>
      ) : !profile ? (
        <div className="empty">
          <p>{loading ? t('dictionary.loading') : t('dictionary.noProfileYet')}</p>
        </div>
      ) : (
        <>
          <DictionaryToolbar issues={issues.size} filter={filter} onFilter={setFilter} />
          <AddWordForm key={draftId ?? 0} />
          {rows.length === 0 ? (
            <p className="empty">
              {loading ? t('dictionary.loading') : t('dictionary.emptyTable')}
            </p>
          ) : shown.length === 0 ? (
            <p className="empty-line">{t('dictionary.noMatch', { text: filter })}</p>
          ) : (
            <WordTable rows={shown} issues={issues} total={shown.length} />
          )}
        </>
      )}
    </section>
  );
}

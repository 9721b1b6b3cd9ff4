/** One connection's settings, checked as typed; test, save and make active. */
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../../shared/domain/connection';
import type { AppError } from '../../../../shared/domain/errors';
import type { ChannelOutput } from '../../../../shared/ipc/contract';
import { errorText } from '../../lib/error-text';
import { useApp } from '../../store/store';
import { connectionProblems, type ConnectionField } from './connection-form';
import { ErrorBox } from '../../lib/error-box';

type TestState =
  | { step: 'idle' }
  | { step: 'testing' }
  | { step: 'done'; found: ChannelOutput<'connections:test'> }
  | { step: 'failed'; error: AppError };

export function ConnectionEditor({
  connection,
  isNew,
  onSaved,
  onCancelNew,
}: {
  connection: Connection;
  isNew: boolean;
  onSaved: (id: string) => void;
  onCancelNew: () => void;
}) {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const connections = useApp((s) => s.connections);
  const active = useApp((s) => s.activeConnection);
  const keys = useApp((s) => s.keyEntries);
  const saveConnection = useApp((s) => s.saveConnection);
  const loadConnections = useApp((s) => s.loadConnections);
  const setActive = useApp((s) => s.setActiveConnection);
  const testConnection = useApp((s) => s.testConnection);
  const [draft, setDraft] = useState(connection);
  const [touched, setTouched] = useState<Set<ConnectionField>>(new Set());
  const [tried, setTried] = useState(false);
  const [saveError, setSaveError] = useState<AppError | undefined>();
  const [saved, setSaved] = useState(false);
  const [test, setTest] = useState<TestState>({ step: 'idle' });
  const problems = connectionProblems(
    draft,
    connections.map((c) => c.id),
    isNew,
  );
  const local = draft.kind === 'local';
  const changed = isNew || JSON.stringify(draft) !== JSON.stringify(connection);
  const ownKeys = keys.filter((k) => k.connection === draft.id);

  const update = <K extends keyof Connection>(field: K, value: Connection[K]) => {
    setDraft({ ...draft, [field]: value });
    setSaved(false);
  };
  const problemOf = (field: ConnectionField) =>
    (tried || touched.has(field)) && problems[field] ? problems[field] : undefined;
  const fieldProps = (field: ConnectionField) => {
    const problem = problemOf(field);
    return {
      id: `conn-${field}`,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem ? `conn-${field}-error` : undefined,
      onBlur: () => setTouched(new Set(touched).add(field)),
    };
  };
  const errorFor = (field: ConnectionField) => {
    const problem = problemOf(field);
    return problem ? (
      <span id={`conn-${field}-error`} className="field-error">
        {t(problem.key, { id: problem.id })}
      </span>
    ) : null;
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    const error = await saveConnection(draft);
    setSaveError(error);
    if (error) return;
    if (isNew) await loadConnections();
    setSaved(true);
    onSaved(draft.id);
  };
  const runTest = async () => {
    setTest({ step: 'testing' });
    const result = await testConnection(draft);
    setTest(
      result.ok ? { step: 'done', found: result.data } : { step: 'failed', error: result.error },
    );
  };

  return (
    <form
      className="conn-editor"
      onSubmit={(e) => void save(e)}
      noValidate
      aria-label={draft.name || t('settings.newConnection')}
    >
      <div className="form-grid">
        {isNew && (
          <TextField
            label={t('settings.id')}
            className="input mono"
            value={draft.id}
            autoComplete="off"
            onChange={(e) => update('id', e.target.value)}
            {...fieldProps('id')}
            after={errorFor('id') ?? <span className="field-hint">{t('settings.idHint')}</span>}
          />
        )}
        <TextField
          label={t('settings.name')}
          className="input"
          value={draft.name}
          onChange={(e) => update('name', e.target.value)}
          {...fieldProps('name')}
          after={errorFor('name')}
        />
        <TextField
          wide
          label={t('settings.baseUrl')}
          className="input mono"
          value={draft.baseUrl}
          readOnly={local}
          aria-readonly={local || undefined}
          placeholder={local ? t('settings.localUrl') : undefined}
          onChange={(e) => update('baseUrl', e.target.value)}
          {...fieldProps('baseUrl')}
          after={
            local ? (
              <span className="field-hint">{t('settings.localUrl')}</span>
            ) : (
              errorFor('baseUrl')
            )
          }
        />
        <TextField
          wide
          label={t('settings.asyncUrl')}
          className="input mono"
          value={draft.asyncUrl}
          readOnly={local}
          aria-readonly={local || undefined}
          onChange={(e) => update('asyncUrl', e.target.value)}
          {...fieldProps('asyncUrl')}
          after={!local && errorFor('asyncUrl')}
        />
        <TextField
          label={t('settings.engine')}
          className="input mono"
          value={draft.engine}
          list="conn-engines"
          onChange={(e) => update('engine', e.target.value)}
          {...fieldProps('engine')}
          after={
            <>
              <datalist id="conn-engines">
                {test.step === 'done' &&
                  test.found.engines.map((name) => <option key={name} value={name} />)}
              </datalist>
              {errorFor('engine')}
            </>
          }
        />
        <div className="field">
          <label className="label" htmlFor="conn-key">
            {t('settings.key')}
          </label>
          <select
            id="conn-key"
            className="select"
            value={draft.keyRef ?? ''}
            onChange={(e) => update('keyRef', e.target.value || null)}
          >
            <option value="">{t('settings.noKey')}</option>
            {ownKeys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.label} (…{k.last4})
              </option>
            ))}
          </select>
        </div>
        <label className="check span-2">
          <input
            type="checkbox"
            checked={draft.logging}
            onChange={(e) => update('logging', e.target.checked)}
          />
          <span>{t('settings.logging')}</span>
        </label>
      </div>
      <div role="status" aria-live="polite" className="test-result" data-testid="connection-test">
        {test.step === 'testing' && <span className="muted">{t('settings.testing')}</span>}
        {test.step === 'done' && (
          <div className={test.found.key === 'refused' ? 'error-box' : 'ok-box'}>
            <p>
              {t('settings.testOk', {
                count: test.found.engines.length,
                engines: test.found.engines.join(', '),
              })}{' '}
              {!test.found.engines.includes(draft.engine) &&
                t('settings.testEngineMissing', { engine: draft.engine })}
            </p>
            <p>
              {test.found.key === 'accepted'
                ? t('settings.testKeyAccepted')
                : test.found.key === 'refused'
                  ? t('settings.testKeyRefused')
                  : t('settings.testKeyNone')}
            </p>
          </div>
        )}
        {test.step === 'failed' && <p className="error-box">{errorText(test.error, lang)}</p>}
        {saved && <span className="ok-text">{t('settings.saved')}</span>}
      </div>
      <ErrorBox error={saveError} />
      <div className="form-actions">
        {isNew && (
          <button type="button" className="button" onClick={onCancelNew}>
            {t('keys.cancel')}
          </button>
        )}
        {!isNew && draft.id !== active && (
          <button type="button" className="button" onClick={() => void setActive(draft.id)}>
            {t('settings.makeActive')}
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={test.step === 'testing' || !draft.baseUrl || !!problems.baseUrl}
          onClick={() => void runTest()}
        >
          {test.step === 'testing' ? t('settings.testing') : t('settings.test')}
        </button>
        <button type="submit" className="button primary" disabled={!changed}>
          {t('settings.save')}
        </button>
      </div>
    </form>
  );
}

/** A labelled text input of the form, followed by its error or hint. */
function TextField({
  id,
  label,
  wide,
  after,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  readonly id: string;
  readonly label: string;
  readonly wide?: boolean;
  readonly after?: ReactNode;
}) {
  return (
    <div className={wide ? 'field span-2' : 'field'}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <input id={id} {...input} />
      {after}
    </div>
  );
}

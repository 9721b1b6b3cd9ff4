/** One connection's settings, checked as typed; test, save and make active. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../../shared/domain/connection';
import type { AppError } from '../../../../shared/domain/errors';
import { keyServes } from '../../../../shared/domain/key';
import { connectionName } from '../../ui/display-names';
import { useApp } from '../../store/store';
import { connectionProblems, followSaved, type ConnectionField } from './connection-form';
import { Field, TextField, useFieldChecks } from '../../ui/field';
import { KeySelect } from '../keys/KeySelect';
import { ErrorBox } from '../../ui/error-box';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { BUILT_IN_CONNECTIONS } from '../../../../shared/domain/connection';
import { errorOf, keptInStore } from '../../store/result';
import { ConnectionTestResult, useConnectionTest } from './ConnectionTest';

/** The fields as the form shows them: a failed Save takes focus to the first wrong one. */
const FIELD_ORDER: readonly ConnectionField[] = ['id', 'name', 'baseUrl', 'asyncUrl', 'engine'];

export function ConnectionEditor({
  connection,
  isNew,
  onSaved,
  onCancelNew,
  onRemoved,
}: {
  connection: Connection;
  isNew: boolean;
  onSaved: (id: string) => void;
  onCancelNew: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const connections = useApp((s) => s.connections);
  const active = useApp((s) => s.activeConnection);
  const keys = useApp((s) => s.keyEntries);
  const saveConnection = useApp((s) => s.saveConnection);
  const loadConnections = useApp((s) => s.loadConnections);
  const setActive = useApp((s) => s.setActiveConnection);
  const removeConnection = useApp((s) => s.removeConnection);
  const [removing, setRemoving] = useState(false);
  const speechHint = useId();
  const removable = !isNew && !BUILT_IN_CONNECTIONS.some((c) => c.id === connection.id);
  const [draft, setDraft] = useState(connection);
  const [base, setBase] = useState(connection);
  if (base !== connection) {
    setBase(connection);
    setDraft(followSaved(draft, base, connection));
  }
  const [touched, setTouched] = useState<Set<ConnectionField>>(new Set());
  const [tried, setTried] = useState(false);
  const [saveError, setSaveError] = useState<AppError | undefined>();
  const [saved, setSaved] = useState(false);
  const { test, run: runTest } = useConnectionTest();
  const problems = connectionProblems(draft, {
    existingIds: connections.map((c) => c.id),
    isNew,
  });
  const local = draft.kind === 'local';
  const changed = isNew || JSON.stringify(draft) !== JSON.stringify(connection);
  // Only keys filed for the addresses as they stand in the editor: a key never follows a
  // connection to another service.
  const ownKeys = keys.filter((k) => keyServes(k, draft));

  const update = <K extends keyof Connection>(field: K, value: Connection[K]) => {
    setDraft({ ...draft, [field]: value });
    setSaved(false);
  };
  const checks = useFieldChecks<ConnectionField>('conn', (field) => {
    const problem = problems[field];
    return (tried || touched.has(field)) && problem
      ? { key: problem.key, params: { id: problem.id } }
      : undefined;
  });
  /** A text field's value, its edits and its checks (made once it is left). */
  const text = (field: ConnectionField) => ({
    value: draft[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => update(field, e.target.value),
    onBlur: () => setTouched(new Set(touched).add(field)),
    ...checks.control(field),
  });
  /** An address: the whole row, and the local service's own (read-only, filled in at its start). */
  const url = (field: 'baseUrl' | 'asyncUrl') => ({
    layout: 'span-2',
    className: 'input mono',
    readOnly: local,
    'aria-readonly': local || undefined,
    ...text(field),
  });

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    const first = FIELD_ORDER.find((field) => problems[field]);
    if (first) return document.getElementById(`conn-${first}`)?.focus();
    const saved = await saveConnection(draft);
    setSaveError(errorOf(saved));
    if (!saved.ok) return;
    // The list read again shows its own failure (the status bar); the connection was saved.
    if (isNew) await keptInStore(loadConnections());
    setSaved(true);
    onSaved(draft.id);
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
            autoComplete="off"
            // "Add connection" opens this form: the person goes on with its first field.
            autoFocus
            {...text('id')}
            note={checks.error('id') ?? <span className="field-hint">{t('settings.idHint')}</span>}
          />
        )}
        <TextField
          label={t('settings.name')}
          {...text('name')}
          // A built-in connection's own name reads in the window's language until it is renamed.
          value={connectionName(draft, t)}
          note={checks.error('name')}
        />
        <TextField
          label={t('settings.baseUrl')}
          placeholder={local ? t('settings.localUrl') : undefined}
          {...url('baseUrl')}
          note={
            local ? (
              <span className="field-hint">{t('settings.localUrl')}</span>
            ) : (
              checks.error('baseUrl')
            )
          }
        />
        <TextField
          label={t('settings.asyncUrl')}
          {...url('asyncUrl')}
          note={!local && checks.error('asyncUrl')}
        />
        <TextField
          label={t('settings.engine')}
          className="input mono"
          list="conn-engines"
          {...text('engine')}
          note={
            <>
              <datalist id="conn-engines">
                {test.step === 'done' &&
                  test.found.engines.map((name) => <option key={name} value={name} />)}
              </datalist>
              {checks.error('engine')}
            </>
          }
        />
        <Field id="conn-key" label={t('settings.key')}>
          <KeySelect
            id="conn-key"
            keys={ownKeys}
            empty={t('settings.noKey')}
            value={draft.keyRef ?? ''}
            onChange={(e) => update('keyRef', e.target.value || null)}
          />
        </Field>
        <label className="check span-2">
          <input
            type="checkbox"
            checked={draft.logging}
            onChange={(e) => update('logging', e.target.checked)}
          />
          <span>{t('settings.logging')}</span>
        </label>
        <div className="check-group span-2">
          <label className="check">
            <input
              type="checkbox"
              checked={draft.speechOnly === true}
              aria-describedby={speechHint}
              onChange={(e) => update('speechOnly', e.target.checked)}
              data-testid="speech-only"
            />
            <span>{t('settings.speechOnly')}</span>
          </label>
          <p id={speechHint} className="muted hint">
            {t('settings.speechOnlyHint')}
          </p>
        </div>
      </div>
      <div role="status" aria-live="polite" className="test-result" data-testid="connection-test">
        <ConnectionTestResult test={test} engine={draft.engine} />
        {saved && <span className="ok-text">{t('settings.saved')}</span>}
      </div>
      <ErrorBox error={saveError} />
      <div className="form-actions">
        {isNew && (
          <button type="button" className="button" onClick={onCancelNew}>
            {t('keys.cancel')}
          </button>
        )}
        {removable && (
          <button type="button" className="button danger" onClick={() => setRemoving(true)}>
            {t('settings.remove')}
          </button>
        )}
        {!isNew && draft.id !== active && (
          <button
            type="button"
            className="button"
            onClick={() => void setActive(draft.id).then((r) => setSaveError(errorOf(r)))}
          >
            {t('settings.makeActive')}
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={test.step === 'testing' || !draft.baseUrl || !!problems.baseUrl}
          onClick={() => runTest(draft)}
        >
          {test.step === 'testing' ? t('settings.testing') : t('settings.test')}
        </button>
        <button type="submit" className="button primary" disabled={!changed}>
          {t('settings.save')}
        </button>
      </div>
      <ConfirmDialog
        open={removing}
        title={t('settings.removeTitle', { name: connection.name })}
        body={
          connection.id === active
            ? `${t('settings.removeBody')} ${t('settings.removeActive')}`
            : t('settings.removeBody')
        }
        cancel={t('keys.cancel')}
        confirm={t('settings.remove')}
        onConfirm={() =>
          void removeConnection(connection.id).then((removed) =>
            removed.ok ? onRemoved() : setSaveError(removed.error),
          )
        }
        onClose={() => setRemoving(false)}
        fallbackFocus={() => document.querySelector<HTMLElement>('.conn-list button')}
      />
    </form>
  );
}

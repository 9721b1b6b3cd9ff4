/** One connection's settings, checked as typed; test, save and make active. */
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../../shared/domain/connection';
import { connectionName } from '../../ui/display-names';
import { TextField } from '../../ui/field';
import { ErrorBox } from '../../ui/error-box';
import { ConnectionActions } from './ConnectionActions';
import { ConnectionOptions } from './ConnectionOptions';
import { ConnectionTestResult, useConnectionTest } from './ConnectionTest';
import { useConnectionDraft } from './use-connection-draft';

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
  const form = useConnectionDraft({ connection, isNew, onSaved });
  const { draft, local, checks, text, url } = form;
  const { test, run: runTest } = useConnectionTest();

  return (
    <form
      className="conn-editor"
      onSubmit={(e) => void form.save(e)}
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
        <ConnectionOptions draft={draft} update={form.update} />
      </div>
      <div role="status" aria-live="polite" className="test-result" data-testid="connection-test">
        <ConnectionTestResult test={test} engine={draft.engine} />
        {form.saved && <span className="ok-text">{t('settings.saved')}</span>}
      </div>
      <ErrorBox error={form.saveError} />
      <ConnectionActions
        connection={connection}
        draft={draft}
        isNew={isNew}
        changed={form.changed}
        canTest={!!draft.baseUrl && !form.problems.baseUrl}
        test={test}
        onTest={() => runTest(draft)}
        onCancelNew={onCancelNew}
        onRemoved={onRemoved}
        onFailure={form.setSaveError}
      />
    </form>
  );
}

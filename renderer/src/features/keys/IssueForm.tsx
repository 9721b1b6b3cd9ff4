/**
 * The form that issues a key: the connection, how to authenticate, the validity, the allowed
 * addresses; when the key would expire, said as it is chosen.
 */
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { connectionOptions, SelectField } from '../../ui/select-field';
import { DialogActions } from '../../ui/dialog-actions';
import { TextField } from '../../ui/field';
import { ErrorBox } from '../../ui/error-box';
import { formatDateTime } from '../../ui/format';
import { IssueAuthFields, IssueValidityFields } from './IssueFields';
import { useIssueDraft, type Issued } from './use-issue-draft';

export function IssueForm({ onIssued }: { onIssued: (issued: Issued) => void }) {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const connections = useApp((s) => s.connections);
  const form = useIssueDraft(onIssued);
  const { draft, setDraft, keyFor, expiry, checks, text, busy, error, submit } = form;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="issue-form">
      <SelectField
        label={t('keys.connection')}
        value={draft.connection}
        onChange={(v) => setDraft((d) => ({ ...d, connection: v, authKey: keyFor(v) }))}
        options={connectionOptions(connections)}
      />
      <IssueAuthFields form={form} />
      <IssueValidityFields form={form} />
      <p className="muted" aria-live="polite" data-testid="issue-expiry">
        {expiry ? t('keys.expiresAt', { date: formatDateTime(expiry, lang) }) : '\u00a0'}
      </p>
      <TextField
        label={t('keys.ipa')}
        className="input mono"
        spellCheck={false}
        autoComplete="off"
        {...text('ipa', 'issue-ipa-hint')}
        note={
          checks.error('ipa') ?? (
            <span id="issue-ipa-hint" className="field-hint">
              {t('keys.ipaHint')}
            </span>
          )
        }
      />
      <ErrorBox error={error} />
      <DialogActions cancel={t('keys.cancel')}>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('keys.issuing') : t('keys.issueNow')}
        </button>
      </DialogActions>
    </form>
  );
}

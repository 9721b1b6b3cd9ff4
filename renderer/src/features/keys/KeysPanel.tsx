/** The keychain's keys: label, connection, last four characters; add, reveal, delete, issue. */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import type { KeyEntry } from '../../../../shared/domain/key';
import { useErrorText } from '../../ui/error-text';
import { useApp } from '../../store/store';
import { AddKeyDialog } from './AddKeyDialog';
import { IssueKeyDialog } from './IssueKeyDialog';
import { formatDateTime } from '../../ui/format';
import { useNow } from '../../ui/use-now';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';
import { Card } from '../../ui/section';
import { ErrorBox } from '../../ui/error-box';
import { connectionName, keyLabel } from '../../ui/display-names';
import { errorOf } from '../../store/result';
import './keys.css';

export function KeysPanel() {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const errorText = useErrorText();
  const keys = useApp((s) => s.keyEntries);
  const storage = useApp((s) => s.keyStorage);
  const notice = useApp((s) => s.keyNotice);
  const keysError = useApp((s) => s.keysError);
  const connections = useApp((s) => s.connections);
  const nameOf = (id: string) => {
    const connection = connections.find((c) => c.id === id);
    return connection ? connectionName(connection, t) : id;
  };
  return (
    <Card
      id="keys"
      title={t('keys.heading')}
      intro={t('keys.intro')}
      actions={
        <div className="row gap">
          <AddKeyDialog />
          <IssueKeyDialog />
        </div>
      }
    >
      {storage === 'session' && (
        // The host's own notice says the same and what to do about it: one sentence, not both.
        <p className="notice" data-testid="keys-session-notice">
          {notice ? errorText(notice) : t('keys.sessionOnly')}
        </p>
      )}
      <ErrorBox error={keysError} />
      {keys.length === 0 ? (
        <p className="empty-line">{t('keys.none')}</p>
      ) : (
        <table className="keys-table" data-testid="keys-table">
          <thead>
            <tr>
              <th scope="col">{t('keys.label')}</th>
              <th scope="col">{t('keys.connection')}</th>
              <th scope="col">{t('keys.key')}</th>
              <th scope="col">{t('keys.created')}</th>
              <th scope="col">{t('keys.expires')}</th>
              <th scope="col" className="actions-col">
                {t('keys.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((entry) => (
              <KeyRow
                key={entry.id}
                entry={entry}
                connection={nameOf(entry.connection)}
                created={formatDateTime(new Date(entry.createdAt), lang)}
              />
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function KeyRow({
  entry,
  connection,
  created,
}: {
  entry: KeyEntry;
  connection: string;
  created: string;
}) {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const errorText = useErrorText();
  const revealKey = useApp((s) => s.revealKey);
  const removeKey = useApp((s) => s.removeKey);
  const [revealed, setRevealed] = useState<string | undefined>();
  const [error, setError] = useState<AppError | undefined>();
  // Whether the key has expired, judged once a minute (rendering stays pure).
  const now = useNow(entry.expiresAt !== undefined, 60_000);
  const label = keyLabel(entry, t);
  // The local service's own key: deleting it files a new one at once (same account).
  const isLocalServiceKey = useApp(
    (s) => s.connections.find((c) => c.id === 'local')?.keyRef === entry.id,
  );
  const toggle = async () => {
    if (revealed) return setRevealed(undefined);
    const result = await revealKey(entry.id);
    if (result.ok) setRevealed(result.data);
    else setError(result.error);
  };
  return (
    <tr>
      <th scope="row" className="key-label">
        {label}
      </th>
      <td>{connection}</td>
      <td className="mono key-value" data-testid="key-value">
        {revealed ?? `••••••••${entry.last4}`}
        {error && (
          <span className="field-error" role="alert">
            {' '}
            {errorText(error)}
          </span>
        )}
      </td>
      <td className="muted">{created}</td>
      <td data-testid="key-expiry">
        {entry.expiresAt === undefined ? (
          <span className="muted">{t('keys.noExpiry')}</span>
        ) : entry.expiresAt <= now ? (
          <span className="chip chip-danger">
            {t('keys.expired', { date: formatDateTime(new Date(entry.expiresAt), lang) })}
          </span>
        ) : (
          formatDateTime(new Date(entry.expiresAt), lang)
        )}
      </td>
      <td className="actions-col">
        <button
          type="button"
          className="button small ghost"
          aria-pressed={!!revealed}
          aria-label={t(revealed ? 'keys.hideLabel' : 'keys.revealLabel', { label })}
          onClick={() => void toggle()}
        >
          {revealed ? t('keys.hide') : t('keys.reveal')}
        </button>
        <Modal
          alert
          trigger={
            <button
              type="button"
              className="button small ghost danger-text"
              aria-label={t('keys.deleteLabel', { label })}
            >
              {t('keys.delete')}
            </button>
          }
          title={t('keys.deleteTitle', { label })}
          description={t(isLocalServiceKey ? 'keys.deleteLocalBody' : 'keys.deleteBody')}
        >
          <DialogActions cancel={t('keys.cancel')} alert>
            <AlertDialog.Action asChild>
              <button
                type="button"
                className="button danger"
                onClick={() =>
                  void removeKey(entry.id).then((removed) => setError(errorOf(removed)))
                }
              >
                {t('keys.delete')}
              </button>
            </AlertDialog.Action>
          </DialogActions>
        </Modal>
      </td>
    </tr>
  );
}

/** Adding a key someone already has: label, connection, the key itself. */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import { useApp } from '../../store/store';
import { connectionOptions, SelectField } from '../../lib/select-field';
import { DialogActions } from '../../lib/dialog-actions';
import { ErrorBox } from '../../lib/error-box';

export function AddKeyDialog() {
  const { t } = useTranslation();
  const connections = useApp((s) => s.connections);
  const active = useApp((s) => s.activeConnection);
  const addKey = useApp((s) => s.addKey);
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  const [key, setKey] = useState('');
  const [connection, setConnection] = useState('');
  const [use, setUse] = useState(true);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const labelBad = label.trim() === '';
  const keyBad = key.trim().length < 8;
  const reset = () => {
    setLabel('');
    setKey('');
    setTried(false);
    setError(undefined);
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (labelBad || keyBad) return;
    const result = await addKey({
      label: label.trim(),
      key: key.trim(),
      connection: connection || active,
      use,
    });
    if (!result.ok) return setError(result.error);
    reset();
    setOpen(false);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) reset();
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button">
          {t('keys.add')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">{t('keys.addTitle')}</Dialog.Title>
          <Dialog.Description className="dialog-text">{t('keys.intro')}</Dialog.Description>
          <form className="issue-form" onSubmit={(e) => void submit(e)} noValidate>
            <div className="field">
              <label className="label" htmlFor="add-key-label">
                {t('keys.label')}
              </label>
              <input
                id="add-key-label"
                className="input"
                value={label}
                maxLength={100}
                aria-invalid={tried && labelBad ? true : undefined}
                aria-describedby={tried && labelBad ? 'add-key-label-error' : undefined}
                onChange={(e) => setLabel(e.target.value)}
              />
              {tried && labelBad && (
                <span id="add-key-label-error" className="field-error">
                  {t('keys.labelEmpty')}
                </span>
              )}
            </div>
            <SelectField
              label={t('keys.connection')}
              value={connection || active}
              onChange={setConnection}
              options={connectionOptions(connections)}
            />
            <div className="field">
              <label className="label" htmlFor="add-key-value">
                {t('keys.keyValue')}
              </label>
              <input
                id="add-key-value"
                className="input mono"
                type="password"
                autoComplete="off"
                value={key}
                aria-invalid={tried && keyBad ? true : undefined}
                aria-describedby={tried && keyBad ? 'add-key-value-error' : undefined}
                onChange={(e) => setKey(e.target.value)}
              />
              {tried && keyBad && (
                <span id="add-key-value-error" className="field-error">
                  {t('keys.keyTooShort')}
                </span>
              )}
            </div>
            <label className="check">
              <input type="checkbox" checked={use} onChange={(e) => setUse(e.target.checked)} />
              <span>{t('keys.useForConnection')}</span>
            </label>
            <ErrorBox error={error} />
            <DialogActions cancel={t('keys.cancel')}>
              <button type="submit" className="button primary">
                {t('keys.addConfirm')}
              </button>
            </DialogActions>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Adding a key someone already has: label, connection, the key itself. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import { useApp } from '../../store/store';
import { connectionOptions, SelectField } from '../../ui/select-field';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';
import { TextField, useFieldChecks } from '../../ui/field';
import { ErrorBox } from '../../ui/error-box';

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
  const checks = useFieldChecks<'label' | 'value'>('add-key', (field) => {
    if (!tried) return undefined;
    if (field === 'label') return labelBad ? { key: 'keys.labelEmpty' } : undefined;
    return keyBad ? { key: 'keys.keyTooShort' } : undefined;
  });
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
    <Modal
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) reset();
      }}
      trigger={
        <button type="button" className="button">
          {t('keys.add')}
        </button>
      }
      title={t('keys.addTitle')}
      description={t('keys.intro')}
    >
      <form className="issue-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('keys.label')}
          value={label}
          maxLength={100}
          onChange={(e) => setLabel(e.target.value)}
          {...checks.control('label')}
          note={checks.error('label')}
        />
        <SelectField
          label={t('keys.connection')}
          value={connection || active}
          onChange={setConnection}
          options={connectionOptions(connections)}
        />
        <TextField
          label={t('keys.keyValue')}
          className="input mono"
          type="password"
          autoComplete="off"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          {...checks.control('value')}
          note={checks.error('value')}
        />
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
    </Modal>
  );
}

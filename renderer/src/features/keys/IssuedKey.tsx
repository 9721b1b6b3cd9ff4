/** The new key, shown this once: copy it, or file it in the keychain under a label. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import { useApp } from '../../store/store';
import { formatDateTime } from '../../ui/format';
import { TextField } from '../../ui/field';
import { ErrorBox } from '../../ui/error-box';
import { CopyFailed, useCopy } from '../../ui/use-copy';

export function IssuedKey({
  value,
  expires,
  connection,
  onKept,
  onDone,
}: {
  value: string;
  expires: Date;
  connection: string;
  /** Called once the key is copied or filed, so closing no longer loses it. */
  onKept: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const addKey = useApp((s) => s.addKey);
  const [label, setLabel] = useState(() =>
    t('keys.defaultLabel', { date: formatDateTime(new Date(), lang) }),
  );
  const [copied, setCopied] = useState(false);
  const [saved, setSaved] = useState<string | undefined>();
  const [error, setError] = useState<AppError | undefined>();
  const { failed: copyFailed, copy: copyText } = useCopy();
  const copy = async () => {
    if (!(await copyText(value))) return;
    setCopied(true);
    onKept();
  };
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!label.trim()) return;
    const result = await addKey({
      label: label.trim(),
      key: value,
      connection,
      use: false,
      expiresAt: expires.getTime(),
    });
    if (!result.ok) return setError(result.error);
    setSaved(label.trim());
    onKept();
  };
  return (
    <div className="issued">
      <div className="row-fields">
        <input
          className="input mono issued-key"
          readOnly
          value={value}
          aria-label={t('keys.key')}
          data-testid="issued-key"
          // The form that had focus is gone: focus lands on the key, selected, ready to copy.
          autoFocus
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          {t('keys.copy')}
        </button>
      </div>
      <CopyFailed failed={copyFailed} />
      <p className="muted" data-testid="issued-expiry">
        {t('keys.expiresAt', { date: formatDateTime(expires, lang) })}
      </p>
      <p role="status" className="ok-text">
        {copied ? t('keys.copied') : ''}
        {saved ? ` ${t('keys.savedToKeychain', { label: saved })}` : ''}
      </p>
      {!saved && (
        <form className="row-fields" onSubmit={(e) => void save(e)} noValidate>
          <TextField
            id="issued-label"
            label={t('keys.saveLabel')}
            layout="grow"
            value={label}
            maxLength={100}
            aria-invalid={label.trim() ? undefined : true}
            onChange={(e) => setLabel(e.target.value)}
          />
          <button type="submit" className="button primary" disabled={!label.trim()}>
            {t('keys.saveToKeychain')}
          </button>
        </form>
      )}
      <ErrorBox error={error} />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          {t('keys.done')}
        </button>
      </div>
    </div>
  );
}

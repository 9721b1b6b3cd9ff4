/**
 * Issuing a key: how to authenticate (an issuable key from the keychain, or a service ID and
 * password used for this request only), its validity, allowed addresses; then the new key, shown
 * once, to copy or file in the keychain.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VALIDITY_PRESETS } from '../../../../shared/domain/validity-presets';
import type { AppError } from '../../../../shared/domain/errors';
import { keyServes } from '../../../../shared/domain/key';
import { useApp } from '../../store/store';
import { IssuedKey } from './IssuedKey';
import { KeySelect } from './KeySelect';
import {
  VALIDITY_UNITS,
  epiOf,
  expiryOf,
  expiryOfEpi,
  issueProblems,
  newIssueDraft,
  type ValidityUnit,
  type IssueDraft,
  type IssueField,
} from './issue-form';
import { connectionOptions, SelectField } from '../../ui/select-field';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field, TextField, useFieldChecks } from '../../ui/field';
import { ErrorBox } from '../../ui/error-box';
import { formatDateTime, localZone } from '../../ui/format';

type Issued = { value: string; expires: Date; connection: string };

export function IssueKeyDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState<Issued | undefined>();
  // A key shown once and neither copied nor filed would be lost by closing: ask first.
  const [kept, setKept] = useState(false);
  const [asking, setAsking] = useState(false);
  const close = () => {
    setOpen(false);
    setIssued(undefined);
    setKept(false);
  };
  // Done asks (or closes) directly: it is never the question's Escape, and a Done pressed before
  // the closed question's close event arrived would otherwise only put the question away.
  const askOrClose = () => (issued && !kept ? setAsking(true) : close());
  const requestClose = () => {
    // Radix takes Escape first (and cancels the question's own): Escape there means keep it open.
    if (asking) return setAsking(false);
    askOrClose();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? setOpen(true) : requestClose())}
      trigger={
        <button type="button" className="button primary">
          {t('keys.issue')}
        </button>
      }
      title={issued ? t('keys.issuedTitle') : t('keys.issueTitle')}
      description={issued ? t('keys.issuedBody') : t('keys.issueIntro')}
      wide
      testId="issue-dialog"
    >
      {issued ? (
        <IssuedKey {...issued} onKept={() => setKept(true)} onDone={askOrClose} />
      ) : (
        <IssueForm onIssued={setIssued} />
      )}
      <ConfirmDialog
        open={asking}
        title={t('keys.unsavedTitle')}
        body={t('keys.unsavedBody')}
        cancel={t('keys.keepOpen')}
        confirm={t('keys.closeAnyway')}
        onConfirm={close}
        onClose={() => setAsking(false)}
      />
    </Modal>
  );
}

function IssueForm({ onIssued }: { onIssued: (issued: Issued) => void }) {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const connections = useApp((s) => s.connections);
  const active = useApp((s) => s.activeConnection);
  const keys = useApp((s) => s.keyEntries);
  const issueKey = useApp((s) => s.issueKey);
  const firstConnection = active || connections[0]?.id || '';
  /** Keys filed for the connection's service as it is now (never one filed for other addresses). */
  const keysOf = (id: string) => {
    const connection = connections.find((c) => c.id === id);
    return connection ? keys.filter((k) => keyServes(k, connection)) : [];
  };
  const keyFor = (connection: string) => {
    const usable = keysOf(connection);
    const inUse = connections.find((c) => c.id === connection)?.keyRef;
    return usable.find((k) => k.id === inUse)?.id ?? usable[0]?.id ?? '';
  };
  const [draft, setDraft] = useState<IssueDraft>(() =>
    newIssueDraft(firstConnection, keyFor(firstConnection)),
  );
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const now = new Date();
  const problems = issueProblems(draft, now);
  const expiry = expiryOf(draft, now);
  const ownKeys = keysOf(draft.connection);
  const set = <K extends keyof IssueDraft>(field: K, value: IssueDraft[K]) =>
    setDraft((d) => ({ ...d, [field]: value }));
  // Addresses are checked as typed; the rest once the person tries to issue.
  const checks = useFieldChecks<IssueField>(
    'issue',
    (field) =>
      tried || (field === 'ipa' && draft.ipa !== '') || (field === 'until' && draft.until !== '')
        ? problems[field]
        : undefined,
    true,
  );
  /** A text field's value, its edits, its checks and its error. */
  const text = (field: Exclude<IssueField, 'authKey'>, hint?: string) => ({
    value: draft[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field, e.target.value),
    ...checks.control(field, hint),
    note: checks.error(field),
  });
  /** One choice of a radio group of the draft, and what it asks for once chosen. */
  const choice = <K extends 'auth' | 'validity'>(
    field: K,
    value: IssueDraft[K],
    label: string,
    fields: () => ReactNode,
  ) => (
    <>
      <label className="radio">
        <input
          type="radio"
          name={`issue-${field}`}
          checked={draft[field] === value}
          onChange={() => set(field, value)}
        />
        {label}
      </label>
      {draft[field] === value && fields()}
    </>
  );

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    const at = new Date();
    const epi = epiOf(draft, at)!;
    setBusy(true);
    const result = await issueKey({
      connection: draft.connection,
      epi,
      ...(draft.ipa.trim() ? { ipa: draft.ipa.trim() } : {}),
      ...(draft.auth === 'key'
        ? { authKey: draft.authKey }
        : { sid: draft.sid.trim(), spw: draft.spw }),
    });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setDraft((d) => ({ ...d, spw: '' }));
    onIssued({
      value: result.data,
      expires: expiryOfEpi(epi, at) ?? at,
      connection: draft.connection,
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="issue-form">
      <SelectField
        label={t('keys.connection')}
        value={draft.connection}
        onChange={(v) => setDraft((d) => ({ ...d, connection: v, authKey: keyFor(v) }))}
        options={connectionOptions(connections)}
      />
      <fieldset className="radio-group">
        <legend className="label">{t('keys.auth')}</legend>
        {choice('auth', 'key', t('keys.authKey'), () => (
          <Field
            id="issue-authKey"
            label={t('keys.authKeyPick')}
            layout="indent"
            note={checks.error('authKey')}
          >
            <KeySelect
              keys={ownKeys}
              empty={ownKeys.length === 0 ? '—' : undefined}
              value={draft.authKey}
              onChange={(e) => set('authKey', e.target.value)}
              {...checks.control('authKey')}
            />
          </Field>
        ))}
        {choice('auth', 'password', t('keys.authPassword'), () => (
          <div className="row-fields indent">
            <TextField label={t('keys.sid')} autoComplete="off" {...text('sid')} />
            <TextField label={t('keys.spw')} type="password" autoComplete="off" {...text('spw')} />
          </div>
        ))}
      </fieldset>
      <fieldset className="radio-group">
        <legend className="label">{t('keys.validity')}</legend>
        {choice('validity', 'preset', t('keys.preset'), () => (
          <select
            className="select indent"
            aria-label={t('keys.preset')}
            value={draft.preset}
            onChange={(e) => set('preset', e.target.value)}
          >
            {VALIDITY_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label[lang]}
              </option>
            ))}
          </select>
        ))}
        {choice('validity', 'custom', t('keys.custom'), () => (
          <div className="row-fields indent">
            <TextField
              label={t('keys.amount')}
              className="input narrow"
              inputMode="numeric"
              {...text('amount')}
              // Its error stands under the amount and the unit together.
              note={null}
            />
            <Field id="issue-unit" label={t('keys.unit')}>
              <select
                id="issue-unit"
                className="select"
                value={draft.unit}
                onChange={(e) => set('unit', e.target.value as ValidityUnit)}
              >
                {VALIDITY_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {t(`keys.units.${u}`)}
                  </option>
                ))}
              </select>
            </Field>
            {checks.error('amount')}
          </div>
        ))}
        {choice('validity', 'until', t('keys.until'), () => (
          <TextField
            label={t('keys.endAt', { zone: localZone(now, lang) })}
            layout="indent"
            type="datetime-local"
            {...text('until')}
          />
        ))}
      </fieldset>
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

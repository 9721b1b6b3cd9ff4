/**
 * Issuing a key: how to authenticate (an issuable key from the keychain, or a service ID and
 * password used for this request only), its validity, allowed addresses; then the new key, shown
 * once, to copy or file in the keychain.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EPI_PRESETS } from '../../../../shared/domain/epi-presets';
import type { AppError } from '../../../../shared/domain/errors';
import { useApp } from '../../store/store';
import { IssuedKey } from './IssuedKey';
import {
  EPI_UNITS,
  epiOf,
  expiryOf,
  expiryOfEpi,
  issueProblems,
  newIssueDraft,
  type EpiUnit,
  type IssueDraft,
  type IssueField,
} from './issue-form';
import { connectionOptions, SelectField } from '../../lib/select-field';
import { DialogActions } from '../../lib/dialog-actions';
import { ErrorBox } from '../../lib/error-box';

export function formatLocal(date: Date, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

type Issued = { value: string; expires: Date; connection: string };

export function IssueKeyDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState<Issued | undefined>();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setIssued(undefined);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button primary">
          {t('keys.issue')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog wide" data-testid="issue-dialog">
          {issued ? (
            <IssuedKey {...issued} onDone={() => setOpen(false)} />
          ) : (
            <IssueForm onIssued={setIssued} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
  const keyFor = (connection: string) =>
    connections.find((c) => c.id === connection)?.keyRef ??
    keys.find((k) => k.connection === connection)?.id ??
    '';
  const [draft, setDraft] = useState<IssueDraft>(() =>
    newIssueDraft(firstConnection, keyFor(firstConnection)),
  );
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const now = new Date();
  const problems = issueProblems(draft, now);
  const expiry = expiryOf(draft, now);
  const ownKeys = keys.filter((k) => k.connection === draft.connection);
  const set = <K extends keyof IssueDraft>(field: K, value: IssueDraft[K]) =>
    setDraft((d) => ({ ...d, [field]: value }));
  // Addresses are checked as typed; the rest once the person tries to issue.
  const shown = (field: IssueField) =>
    tried || (field === 'ipa' && draft.ipa !== '') || (field === 'until' && draft.until !== '')
      ? problems[field]
      : undefined;
  const described = (field: IssueField, hint?: string) => ({
    'aria-invalid': shown(field) ? true : undefined,
    'aria-describedby': shown(field) ? `issue-${field}-error` : hint,
  });
  const message = (field: IssueField) => {
    const problem = shown(field);
    return problem ? (
      <span id={`issue-${field}-error`} className="field-error" role="alert">
        {t(problem.key, problem.params)}
      </span>
    ) : null;
  };

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
      <Dialog.Title className="dialog-title">{t('keys.issueTitle')}</Dialog.Title>
      <Dialog.Description className="dialog-text">{t('keys.issueIntro')}</Dialog.Description>
      <SelectField
        label={t('keys.connection')}
        value={draft.connection}
        onChange={(v) => setDraft((d) => ({ ...d, connection: v, authKey: keyFor(v) }))}
        options={connectionOptions(connections)}
      />
      <fieldset className="radio-group">
        <legend className="label">{t('keys.auth')}</legend>
        <label className="radio">
          <input
            type="radio"
            name="issue-auth"
            checked={draft.auth === 'key'}
            onChange={() => set('auth', 'key')}
          />
          {t('keys.authKey')}
        </label>
        {draft.auth === 'key' && (
          <div className="field indent">
            <label className="label" htmlFor="issue-authKey">
              {t('keys.authKeyPick')}
            </label>
            <select
              id="issue-authKey"
              className="select"
              value={draft.authKey}
              onChange={(e) => set('authKey', e.target.value)}
              {...described('authKey')}
            >
              {ownKeys.length === 0 && <option value="">—</option>}
              {ownKeys.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.label} (…{k.last4})
                </option>
              ))}
            </select>
            {message('authKey')}
          </div>
        )}
        <label className="radio">
          <input
            type="radio"
            name="issue-auth"
            checked={draft.auth === 'password'}
            onChange={() => set('auth', 'password')}
          />
          {t('keys.authPassword')}
        </label>
        {draft.auth === 'password' && (
          <div className="row-fields indent">
            <div className="field">
              <label className="label" htmlFor="issue-sid">
                {t('keys.sid')}
              </label>
              <input
                id="issue-sid"
                className="input"
                autoComplete="off"
                value={draft.sid}
                onChange={(e) => set('sid', e.target.value)}
                {...described('sid')}
              />
              {message('sid')}
            </div>
            <div className="field">
              <label className="label" htmlFor="issue-spw">
                {t('keys.spw')}
              </label>
              <input
                id="issue-spw"
                className="input"
                type="password"
                autoComplete="off"
                value={draft.spw}
                onChange={(e) => set('spw', e.target.value)}
                {...described('spw')}
              />
              {message('spw')}
            </div>
          </div>
        )}
      </fieldset>
      <fieldset className="radio-group">
        <legend className="label">{t('keys.validity')}</legend>
        <label className="radio">
          <input
            type="radio"
            name="issue-validity"
            checked={draft.validity === 'preset'}
            onChange={() => set('validity', 'preset')}
          />
          {t('keys.preset')}
        </label>
        {draft.validity === 'preset' && (
          <select
            className="select indent"
            aria-label={t('keys.preset')}
            value={draft.preset}
            onChange={(e) => set('preset', e.target.value)}
          >
            {EPI_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label[lang]}
              </option>
            ))}
          </select>
        )}
        <label className="radio">
          <input
            type="radio"
            name="issue-validity"
            checked={draft.validity === 'custom'}
            onChange={() => set('validity', 'custom')}
          />
          {t('keys.custom')}
        </label>
        {draft.validity === 'custom' && (
          <div className="row-fields indent">
            <div className="field">
              <label className="label" htmlFor="issue-amount">
                {t('keys.amount')}
              </label>
              <input
                id="issue-amount"
                className="input narrow"
                inputMode="numeric"
                value={draft.amount}
                onChange={(e) => set('amount', e.target.value)}
                {...described('amount')}
              />
            </div>
            <div className="field">
              <label className="label" htmlFor="issue-unit">
                {t('keys.unit')}
              </label>
              <select
                id="issue-unit"
                className="select"
                value={draft.unit}
                onChange={(e) => set('unit', e.target.value as EpiUnit)}
              >
                {EPI_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {t(`keys.units.${u}`)}
                  </option>
                ))}
              </select>
            </div>
            {message('amount')}
          </div>
        )}
        <label className="radio">
          <input
            type="radio"
            name="issue-validity"
            checked={draft.validity === 'until'}
            onChange={() => set('validity', 'until')}
          />
          {t('keys.until')}
        </label>
        {draft.validity === 'until' && (
          <div className="field indent">
            <label className="label" htmlFor="issue-until">
              {t('keys.endAt')}
            </label>
            <input
              id="issue-until"
              className="input"
              type="datetime-local"
              value={draft.until}
              onChange={(e) => set('until', e.target.value)}
              {...described('until')}
            />
            {message('until')}
          </div>
        )}
      </fieldset>
      <p className="muted" aria-live="polite" data-testid="issue-expiry">
        {expiry ? t('keys.expiresAt', { date: formatLocal(expiry, lang) }) : '\u00a0'}
      </p>
      <div className="field">
        <label className="label" htmlFor="issue-ipa">
          {t('keys.ipa')}
        </label>
        <input
          id="issue-ipa"
          className="input mono"
          value={draft.ipa}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => set('ipa', e.target.value)}
          {...described('ipa', 'issue-ipa-hint')}
        />
        {message('ipa') ?? (
          <span id="issue-ipa-hint" className="field-hint">
            {t('keys.ipaHint')}
          </span>
        )}
      </div>
      <ErrorBox error={error} />
      <DialogActions cancel={t('keys.cancel')}>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('keys.issuing') : t('keys.issueNow')}
        </button>
      </DialogActions>
    </form>
  );
}

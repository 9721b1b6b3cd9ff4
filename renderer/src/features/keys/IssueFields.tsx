/**
 * The issue form's two choices: how to authenticate (a key from the keychain, or a service ID and
 * password for this request only) and how long the key is valid (a preset, an amount of a unit,
 * or until a date); each shows what it asks for once chosen.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VALIDITY_PRESETS } from '../../../../shared/domain/validity-presets';
import { useApp } from '../../store/store';
import { Field, TextField } from '../../ui/field';
import { localZone } from '../../ui/format';
import { KeySelect } from './KeySelect';
import { VALIDITY_UNITS, type ValidityUnit } from './issue-form';
import type { useIssueDraft } from './use-issue-draft';

type Form = ReturnType<typeof useIssueDraft>;

/** One choice of a radio group of the draft, and what it asks for once chosen. */
function Choice<K extends 'auth' | 'validity'>({
  form: { draft, set },
  field,
  value,
  label,
  children,
}: {
  form: Form;
  field: K;
  value: Form['draft'][K];
  label: string;
  children: ReactNode;
}) {
  return (
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
      {draft[field] === value && children}
    </>
  );
}

export function IssueAuthFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { draft, set, ownKeys, checks, text } = form;
  return (
    <fieldset className="radio-group">
      <legend className="label">{t('keys.auth')}</legend>
      <Choice form={form} field="auth" value="key" label={t('keys.authKey')}>
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
      </Choice>
      <Choice form={form} field="auth" value="password" label={t('keys.authPassword')}>
        <div className="row-fields indent">
          <TextField label={t('keys.sid')} autoComplete="off" {...text('sid')} />
          <TextField label={t('keys.spw')} type="password" autoComplete="off" {...text('spw')} />
        </div>
      </Choice>
    </fieldset>
  );
}

export function IssueValidityFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const { draft, set, now, text, checks } = form;
  return (
    <fieldset className="radio-group">
      <legend className="label">{t('keys.validity')}</legend>
      <Choice form={form} field="validity" value="preset" label={t('keys.preset')}>
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
      </Choice>
      <Choice form={form} field="validity" value="custom" label={t('keys.custom')}>
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
      </Choice>
      <Choice form={form} field="validity" value="until" label={t('keys.until')}>
        <TextField
          label={t('keys.endAt', { zone: localZone(now, lang) })}
          layout="indent"
          type="datetime-local"
          {...text('until')}
        />
      </Choice>
    </fieldset>
  );
}

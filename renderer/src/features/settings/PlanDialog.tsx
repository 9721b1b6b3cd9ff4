/**
 * A connection's plan as the person knows their contract: the price of an hour of audio, logged
 * and not logged (left empty: not known, no cost shown), the currency, a monthly budget in hours
 * and whether to be asked before a send goes past it. Checked by the shared plan schema.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import { usagePlanSchema, type UsagePlan } from '../../../../shared/domain/usage';
import { errorOf } from '../../store/result';
import { useApp } from '../../store/store';
import { DialogActions } from '../../ui/dialog-actions';
import { ErrorBox } from '../../ui/error-box';
import { TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';

interface Draft {
  currency: string;
  logged: string;
  notLogged: string;
  budget: string;
  ask: boolean;
}

const draftOf = (plan: UsagePlan): Draft => ({
  currency: plan.currency,
  logged: plan.ratePerHourLogged?.toString() ?? '',
  notLogged: plan.ratePerHourNotLogged?.toString() ?? '',
  budget: plan.budgetHours?.toString() ?? '',
  ask: plan.askOverBudget,
});

/** A typed number, or undefined when left empty; NaN when it is not a number. */
const numberOf = (typed: string): number | undefined =>
  typed.trim() === '' ? undefined : Number(typed.trim().replace(',', '.'));

export function PlanDialog(props: { connection: string; name: string; plan: UsagePlan }) {
  const { t } = useTranslation();
  const save = useApp((s) => s.saveUsagePlan);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.plan));
  const [problem, setProblem] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const id = (field: string) => `plan-${props.connection}-${field}`;
  const update = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const submit = async () => {
    const budget = numberOf(draft.budget);
    const checked = usagePlanSchema.safeParse({
      currency: draft.currency.trim().toUpperCase(),
      ratePerHourLogged: numberOf(draft.logged),
      ratePerHourNotLogged: numberOf(draft.notLogged),
      budgetHours: budget,
      askOverBudget: draft.ask && budget !== undefined,
    });
    if (!checked.success) return setProblem(true);
    setProblem(false);
    const failed = errorOf(await save(props.connection, checked.data));
    setError(failed);
    if (!failed) setOpen(false);
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setDraft(draftOf(props.plan));
          setProblem(false);
          setError(undefined);
        }
        setOpen(next);
      }}
      trigger={
        <button
          type="button"
          className="button small"
          aria-label={t('usage.planFor', { name: props.name })}
        >
          {t('usage.plan')}
        </button>
      }
      title={t('usage.planTitle', { name: props.name })}
      description={t('usage.planIntro')}
      testId="usage-plan"
    >
      <form
        className="plan-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          id={id('logged')}
          label={t('usage.rateLogged')}
          inputMode="decimal"
          value={draft.logged}
          onChange={(e) => update({ logged: e.target.value })}
        />
        <TextField
          id={id('not-logged')}
          label={t('usage.rateNotLogged')}
          inputMode="decimal"
          value={draft.notLogged}
          onChange={(e) => update({ notLogged: e.target.value })}
        />
        <TextField
          id={id('currency')}
          label={t('usage.currency')}
          maxLength={3}
          value={draft.currency}
          onChange={(e) => update({ currency: e.target.value })}
        />
        <TextField
          id={id('budget')}
          label={t('usage.budget')}
          inputMode="decimal"
          value={draft.budget}
          onChange={(e) => update({ budget: e.target.value })}
        />
        <label className="check span-2">
          <input
            type="checkbox"
            checked={draft.ask}
            disabled={draft.budget.trim() === ''}
            onChange={(e) => update({ ask: e.target.checked })}
          />
          <span>{t('usage.ask')}</span>
        </label>
        {problem ? (
          <p className="field-error span-2" role="alert">
            {t('usage.planProblem')}
          </p>
        ) : null}
        <ErrorBox error={error} />
        <DialogActions cancel={t('keys.cancel')}>
          <button type="submit" className="button primary">
            {t('usage.savePlan')}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}

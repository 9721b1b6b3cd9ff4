/**
 * A file that would take its connection past the monthly budget the person asked to be asked
 * about (the core's `over-budget`): send it anyway, or not. One question at a time, the oldest
 * file first; the sentence says how much is used and how much the file adds.
 */
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useErrorText } from '../../ui/error-text';

export function BudgetQuestion() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const row = useApp((s) => s.rows.findLast((r) => r.phase === 'asking'));
  const answer = useApp((s) => s.answerBudget);
  return (
    <ConfirmDialog
      open={row !== undefined}
      title={t('budget.title')}
      body={row?.error ? `${row.name}: ${errorText(row.error)}` : ''}
      confirm={t('budget.sendAnyway')}
      cancel={t('budget.cancel')}
      onConfirm={() => row && void answer(row.key, true)}
      onClose={() => row && void answer(row.key, false)}
      testId="budget-question"
    />
  );
}

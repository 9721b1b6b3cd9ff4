/**
 * A live session refused because its connection's monthly budget is spent and the person asked
 * to be asked (the core's `over-budget`): start anyway, or not. Asked once per refusal; the
 * refusal stays shown in the screen's error box either way.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useErrorText } from '../../ui/error-text';

export function LiveBudgetQuestion() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const problem = useApp((s) => s.live.problem);
  const start = useApp((s) => s.liveStart);
  const [answered, setAnswered] = useState<unknown>();
  const asking = problem?.error.code === 'over-budget' && answered !== problem;
  return (
    <ConfirmDialog
      open={asking}
      title={t('budget.title')}
      body={asking ? errorText(problem.error) : ''}
      confirm={t('budget.startAnyway')}
      cancel={t('budget.cancel')}
      onConfirm={() => {
        setAnswered(problem);
        void start({ overBudget: true });
      }}
      onClose={() => setAnswered(problem)}
      testId="live-budget-question"
    />
  );
}

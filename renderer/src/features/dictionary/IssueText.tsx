/** A row's problem as a sentence in the window's language. */
import { useTranslation } from 'react-i18next';
import type { RowIssue } from './word-rows';

export function IssueText({ issue }: { issue: RowIssue }) {
  const { t } = useTranslation();
  if (issue.kind === 'duplicate')
    return <>{t('dictionary.issue.duplicate', { written: issue.written })}</>;
  if (issue.kind === 'empty') return <>{t('dictionary.issue.empty')}</>;
  return (
    <>{t(`dictionary.issue.${issue.kind}`, { field: t(`dictionary.field.${issue.field}`) })}</>
  );
}

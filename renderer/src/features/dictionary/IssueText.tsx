/** A row's problem as a sentence in the window's language. */
import { useTranslation } from 'react-i18next';
import type { RowIssue } from '../../store/word-rows';

export function IssueText({ issue }: { issue: RowIssue }) {
  const { t } = useTranslation();
  if (issue.kind === 'duplicate')
    return <>{t('dictionary.issue.duplicate', { written: issue.written })}</>;
  if (issue.kind === 'empty') return <>{t('dictionary.issue.empty')}</>;
  if (issue.kind === 'no-reading' || issue.kind === 'reading-letters')
    return <>{t(`dictionary.issue.${issue.kind}`)}</>;
  if (issue.kind === 'class')
    return <>{t('dictionary.issue.class', { classname: issue.classname })}</>;
  if (issue.kind === 'unknown-word')
    return <>{t('dictionary.issue.unknown-word', { word: issue.word })}</>;
  return (
    <>{t(`dictionary.issue.${issue.kind}`, { field: t(`dictionary.field.${issue.field}`) })}</>
  );
}

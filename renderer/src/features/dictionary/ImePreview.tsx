/**
 * What an input method's export brings, before anything is saved: where it came from, how many
 * words and repeats, the first words as the profile will hold them (reading, word, class), and
 * what adding them makes of the profile against its word limit.
 */
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/api/codes';
import type { ProfileWord } from '../../../../shared/api/profile-words';
import type { ImeImport } from '../../../../shared/domain/ime-dictionary/ime-import';
import { wordsAfterImport } from '../../../../shared/domain/ime-dictionary/ime-import';
import { useApp } from '../../store/store';
import { wordOf } from '../../store/word-rows';
import { className } from '../../ui/display-names';

const SHOWN = 50;

/** How many words the table holds once `words` are added to it (an import's merge). */
export function countAfterMerge(rows: ReturnType<typeof wordOf>[], words: readonly ProfileWord[]) {
  return wordsAfterImport(rows, words).length;
}

export function ImePreview({ report }: { report: ImeImport }) {
  const { t } = useTranslation();
  const rows = useApp((s) => s.wordRows);
  const lang = useApp((s) => s.lang);
  const number = (n: number) => new Intl.NumberFormat(lang === 'ja' ? 'ja-JP' : 'en-US').format(n);
  const after = countAfterMerge(rows.map(wordOf), report.words);
  const max = LIMITS.profileMaxWords;
  const shown = report.words.slice(0, SHOWN);
  return (
    <div className="ime-preview" data-testid="ime-preview">
      <p className="dialog-text">
        {t('ime.read', {
          count: report.words.length,
          format: t(`ime.format.${report.format}`),
          encoding: t(`ime.encoding.${report.encoding}`),
        })}
        {report.merged > 0
          ? `${lang === 'ja' ? '' : ' '}${t('ime.merged', { count: report.merged })}`
          : ''}
      </p>
      {shown.length > 0 ? (
        <div className="ime-table-wrap">
          <table className="ime-table">
            <caption className="visually-hidden">{t('ime.preview')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ime.written')}</th>
                <th scope="col">{t('ime.reading')}</th>
                <th scope="col">{t('ime.class')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((w) => (
                <tr key={w.written}>
                  <td>{w.written}</td>
                  <td>{w.spoken ?? ''}</td>
                  <td>{w.classname ? className(w.classname, t) : t('ime.noClass')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.words.length > SHOWN ? (
            <p className="muted">{t('ime.previewMore', { count: report.words.length - SHOWN })}</p>
          ) : null}
        </div>
      ) : null}
      <p
        className={after > max ? 'reject-box' : 'muted'}
        data-testid="ime-limit"
        role={after > max ? 'alert' : undefined}
      >
        {t(after > max ? 'ime.overLimit' : 'ime.limit', { count: number(after), max: number(max) })}
      </p>
    </div>
  );
}

/** Adds a word at the top of the table; Enter in any field adds it. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { ClassSelect } from './ClassSelect';
import { Field } from '../../ui/field';
import { LOCAL_ENGINE } from '../../../../shared/api/engines';

const EMPTY = { written: '', spoken: '', classname: '' };

export function AddWordForm() {
  const { t } = useTranslation();
  const addWord = useApp((s) => s.addWord);
  // What a reading is, said before the first mistake: per engine.
  const englishReading = useApp((s) => s.dictEngine === LOCAL_ENGINE);
  const suggested = useApp((s) => s.dictDraft);
  const [draft, setDraft] = useState(() =>
    suggested ? { written: suggested.written, spoken: suggested.spoken, classname: '' } : EMPTY,
  );
  const [tried, setTried] = useState(false);
  const written = useRef<HTMLInputElement>(null);
  const empty = draft.written.trim() === '';
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (empty) {
      setTried(true);
      written.current?.focus();
      return;
    }
    addWord(draft);
    setDraft(EMPTY);
    setTried(false);
    written.current?.focus();
  };
  return (
    <form className="add-word" onSubmit={submit} aria-label={t('dictionary.add')} noValidate>
      <label className="field">
        <span className="label">{t('dictionary.written')}</span>
        <input
          ref={written}
          className="input"
          value={draft.written}
          data-testid="add-written"
          aria-invalid={tried && empty ? true : undefined}
          aria-describedby="add-word-note"
          onChange={(e) => setDraft({ ...draft, written: e.target.value })}
        />
      </label>
      <label className="field">
        <span className="label">{t('dictionary.spoken')}</span>
        <input
          className="input"
          value={draft.spoken}
          data-testid="add-spoken"
          onChange={(e) => setDraft({ ...draft, spoken: e.target.value })}
        />
      </label>
      <Field id="add-class" label={t('dictionary.class')}>
        <ClassSelect
          id="add-class"
          value={draft.classname}
          onChange={(classname) => setDraft({ ...draft, classname })}
        />
      </Field>
      <button type="submit" className="button primary">
        {t('dictionary.add')}
      </button>
      <span
        id="add-word-note"
        // The hint is for screen readers; sighted people see the labels and the button.
        className={tried && empty ? 'field-error add-note' : 'visually-hidden'}
        aria-live="polite"
      >
        {tried && empty ? t('dictionary.issue.empty') : t('dictionary.addHint')}
      </span>
      {suggested ? (
        <p className="hint reading-from" data-testid="reading-from" role="status">
          {suggested.spoken
            ? t('dictionary.readingFromCorrection', {
                written: suggested.written,
                original: suggested.original,
              })
            : t('dictionary.readingUnknown', {
                written: suggested.written,
                original: suggested.original,
              })}
        </p>
      ) : null}
      <p className="muted hint reading-hint" data-testid="reading-hint">
        {t(englishReading ? 'dictionary.readingHintEnglish' : 'dictionary.readingHint')}
      </p>
    </form>
  );
}

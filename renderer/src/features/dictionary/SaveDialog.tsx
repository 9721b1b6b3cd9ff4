/** Save: first what it will change (`dictionary:diff`), then replacing the profile on confirm. */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import type { WordDiff } from '../../store/dictionary-slice';
import { useApp } from '../../store/store';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';
import { ErrorBox } from '../../ui/error-box';

type Phase =
  | { step: 'closed' }
  | { step: 'diffing' }
  | { step: 'confirm'; diff: WordDiff }
  | { step: 'saving'; diff: WordDiff }
  | { step: 'failed'; error: AppError };

export function SaveDialog({ blocked }: { blocked: boolean }) {
  const { t } = useTranslation();
  const dirty = useApp((s) => s.dictDirty);
  const profile = useApp((s) => s.dictProfile);
  const previewSave = useApp((s) => s.previewSave);
  const saveWords = useApp((s) => s.saveWords);
  const [phase, setPhase] = useState<Phase>({ step: 'closed' });
  const [saved, setSaved] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Once saved the button is disabled: the next edit starts at the add-word field.
  const returnFocus = () =>
    button.current && !button.current.disabled
      ? button.current
      : document.querySelector<HTMLElement>('[data-testid="add-written"]');

  // Each opening counts: a diff that arrives after the person closed the dialog (or opened it
  // again) must not open it behind their back.
  const opening = useRef(0);
  const open = async () => {
    const mine = ++opening.current;
    setSaved(false);
    setPhase({ step: 'diffing' });
    const diff = await previewSave();
    if (opening.current !== mine) return;
    setPhase(
      diff.ok ? { step: 'confirm', diff: diff.data } : { step: 'failed', error: diff.error },
    );
  };
  const close = () => {
    opening.current++;
    setPhase({ step: 'closed' });
  };
  const confirm = async (e: React.MouseEvent) => {
    e.preventDefault();
    if (phase.step !== 'confirm') return;
    setPhase({ step: 'saving', diff: phase.diff });
    const saved = await saveWords();
    if (!saved.ok) return setPhase({ step: 'failed', error: saved.error });
    setPhase({ step: 'closed' });
    setSaved(true);
  };
  const diff = phase.step === 'confirm' || phase.step === 'saving' ? phase.diff : undefined;
  const none = diff && diff.added + diff.removed + diff.changed === 0;
  return (
    <>
      {/* Seen and heard: "Saved." stays beside the button until the next edit. */}
      <span
        className={saved && !dirty ? 'ok-text' : 'visually-hidden'}
        role="status"
        data-testid="words-saved"
      >
        {saved && !dirty ? t('dictionary.saved') : ''}
      </span>
      <button
        ref={button}
        type="button"
        className="button primary"
        disabled={!dirty || blocked}
        onClick={() => void open()}
        data-testid="save-words"
      >
        {t('dictionary.save')}
      </button>
      <Modal
        alert
        open={phase.step !== 'closed'}
        onOpenChange={(o) => !o && close()}
        title={t('dictionary.saveTitle', { profile })}
        description={phase.step === 'diffing' ? t('dictionary.loading') : t('dictionary.saveBody')}
        testId="save-dialog"
        returnFocus={returnFocus}
      >
        {diff &&
          (none ? (
            <p>{t('dictionary.diffNone')}</p>
          ) : (
            <ul className="diff-list" data-testid="save-diff">
              <li className={diff.added ? 'diff-added' : 'diff-zero'}>
                {t('dictionary.diffAdded', { count: diff.added })}
              </li>
              <li className={diff.removed ? 'diff-removed' : 'diff-zero'}>
                {t('dictionary.diffRemoved', { count: diff.removed })}
              </li>
              <li className={diff.changed ? undefined : 'diff-zero'}>
                {t('dictionary.diffChanged', { count: diff.changed })}
              </li>
            </ul>
          ))}
        <ErrorBox error={phase.step === 'failed' ? phase.error : undefined} />
        <DialogActions cancel={t('dictionary.cancel')} alert>
          <AlertDialog.Action asChild>
            <button
              type="button"
              className="button primary"
              disabled={phase.step !== 'confirm'}
              onClick={(e) => void confirm(e)}
            >
              {phase.step === 'saving' ? t('dictionary.saving') : t('dictionary.confirmSave')}
            </button>
          </AlertDialog.Action>
        </DialogActions>
      </Modal>
    </>
  );
}

/** Creating a profile: an id checked as it is typed (the service's id rules, `__` reserved). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/api/codes';
import { isReservedProfileId, PROFILE_ID_PATTERN } from '../../../../shared/api/profile-words';
import { useApp } from '../../store/store';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';
import { TextField, type FieldProblem } from '../../ui/field';

export function profileIdProblem(
  id: string,
  existing: readonly string[],
): FieldProblem | undefined {
  if (id === '') return undefined;
  if (!PROFILE_ID_PATTERN.test(id)) return { key: 'dictionary.profileIdInvalid' };
  if (isReservedProfileId(id)) return { key: 'dictionary.profileIdReserved' };
  if (id.length > LIMITS.wordMaxChars)
    return { key: 'dictionary.profileIdTooLong', params: { max: LIMITS.wordMaxChars } };
  if (existing.includes(id)) return { key: 'dictionary.profileIdTaken', params: { id } };
  return undefined;
}

/**
 * `forWord`: offered where a word taught from a job made with no profile waits for one; the new
 * profile also becomes the connection's, for the next files.
 */
export function NewProfileDialog({ disabled, forWord }: { disabled: boolean; forWord?: string }) {
  const { t } = useTranslation();
  const profiles = useApp((s) => s.dictProfiles);
  const createProfile = useApp((s) => s.createProfile);
  const [open, setOpen] = useState(false);
  const [id, setId] = useState('');
  const problem = profileIdProblem(id, profiles);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!id || problem) return;
    createProfile(id, { forFiles: forWord !== undefined });
    setOpen(false);
    setId('');
  };
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      trigger={
        forWord === undefined ? (
          <button type="button" className="button" disabled={disabled}>
            {t('dictionary.newProfile')}
          </button>
        ) : (
          <button
            type="button"
            className="button primary"
            disabled={disabled}
            data-testid="create-profile-for-word"
          >
            {t('dictionary.createProfileForWord')}
          </button>
        )
      }
      title={t('dictionary.newProfileTitle')}
      description={
        forWord === undefined
          ? t('dictionary.newProfileBody')
          : t('dictionary.newProfileForWordBody', { written: forWord })
      }
    >
      <form onSubmit={submit} className="field" noValidate>
        <TextField
          id="new-profile-id"
          label={t('dictionary.profileId')}
          className="input mono"
          value={id}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby="new-profile-id-note"
          onChange={(e) => setId(e.target.value)}
          note={
            <span
              id="new-profile-id-note"
              className={problem ? 'field-error' : 'field-hint'}
              aria-live="polite"
            >
              {problem ? t(problem.key, problem.params) : t('dictionary.profileIdHint')}
            </span>
          }
        />
        <DialogActions cancel={t('dictionary.cancel')}>
          <button type="submit" className="button primary" disabled={!id || !!problem}>
            {t('dictionary.create')}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}

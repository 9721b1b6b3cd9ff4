/**
 * A connection's actions: cancel a new one, remove one (asked first; not a built-in one), make it
 * the active one, test it, and save it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILT_IN_CONNECTIONS, type Connection } from '../../../../shared/domain/connection';
import type { AppError } from '../../../../shared/domain/errors';
import { useApp } from '../../store/store';
import { errorOf } from '../../store/result';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { TestState } from './ConnectionTest';

export function ConnectionActions({
  connection,
  draft,
  isNew,
  changed,
  canTest,
  test,
  onTest,
  onCancelNew,
  onRemoved,
  onFailure,
}: {
  /** The connection as saved. */
  connection: Connection;
  draft: Connection;
  isNew: boolean;
  /** Whether there is anything to save. */
  changed: boolean;
  /** Whether the draft's address can be tested. */
  canTest: boolean;
  test: TestState;
  onTest: () => void;
  onCancelNew: () => void;
  onRemoved: () => void;
  onFailure: (error: AppError | undefined) => void;
}) {
  const { t } = useTranslation();
  const active = useApp((s) => s.activeConnection);
  const setActive = useApp((s) => s.setActiveConnection);
  const removeConnection = useApp((s) => s.removeConnection);
  const [removing, setRemoving] = useState(false);
  const removable = !isNew && !BUILT_IN_CONNECTIONS.some((c) => c.id === connection.id);
  return (
    <>
      <div className="form-actions">
        {isNew && (
          <button type="button" className="button" onClick={onCancelNew}>
            {t('keys.cancel')}
          </button>
        )}
        {removable && (
          <button type="button" className="button danger" onClick={() => setRemoving(true)}>
            {t('settings.remove')}
          </button>
        )}
        {!isNew && draft.id !== active && (
          <button
            type="button"
            className="button"
            onClick={() => void setActive(draft.id).then((r) => onFailure(errorOf(r)))}
          >
            {t('settings.makeActive')}
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={test.step === 'testing' || !canTest}
          onClick={onTest}
        >
          {test.step === 'testing' ? t('settings.testing') : t('settings.test')}
        </button>
        <button type="submit" className="button primary" disabled={!changed}>
          {t('settings.save')}
        </button>
      </div>
      <ConfirmDialog
        open={removing}
        title={t('settings.removeTitle', { name: connection.name })}
        body={
          connection.id === active
            ? `${t('settings.removeBody')} ${t('settings.removeActive')}`
            : t('settings.removeBody')
        }
        cancel={t('keys.cancel')}
        confirm={t('settings.remove')}
        onConfirm={() =>
          void removeConnection(connection.id).then((removed) =>
            removed.ok ? onRemoved() : onFailure(removed.error),
          )
        }
        onClose={() => setRemoving(false)}
        fallbackFocus={() => document.querySelector<HTMLElement>('.conn-list button')}
      />
    </>
  );
}

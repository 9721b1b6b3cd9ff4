/**
 * A connection's own choices below its addresses: its key (only keys filed for the addresses as
 * they stand in the editor: a key never follows a connection to another service), whether the
 * service may keep logs, and whether only speech is sent.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../../shared/domain/connection';
import { keyServes } from '../../../../shared/domain/key';
import { useApp } from '../../store/store';
import { Field } from '../../ui/field';
import { KeySelect } from '../keys/KeySelect';

export function ConnectionOptions({
  draft,
  update,
}: {
  draft: Connection;
  update: <K extends keyof Connection>(field: K, value: Connection[K]) => void;
}) {
  const { t } = useTranslation();
  const keys = useApp((s) => s.keyEntries);
  const speechHint = useId();
  const ownKeys = keys.filter((k) => keyServes(k, draft));
  return (
    <>
      <Field id="conn-key" label={t('settings.key')}>
        <KeySelect
          id="conn-key"
          keys={ownKeys}
          empty={t('settings.noKey')}
          value={draft.keyRef ?? ''}
          onChange={(e) => update('keyRef', e.target.value || null)}
        />
      </Field>
      <label className="check span-2">
        <input
          type="checkbox"
          checked={draft.logging}
          onChange={(e) => update('logging', e.target.checked)}
        />
        <span>{t('settings.logging')}</span>
      </label>
      <div className="check-group span-2">
        <label className="check">
          <input
            type="checkbox"
            checked={draft.speechOnly === true}
            aria-describedby={speechHint}
            onChange={(e) => update('speechOnly', e.target.checked)}
            data-testid="speech-only"
          />
          <span>{t('settings.speechOnly')}</span>
        </label>
        <p id={speechHint} className="muted hint">
          {t('settings.speechOnlyHint')}
        </p>
      </div>
    </>
  );
}

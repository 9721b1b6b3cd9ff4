/**
 * Where the next files go and how: the connection, and that connection's engine, dictionary
 * profile and logging (saved on the connection, as transcribe:files reads them from it).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_ENGINES, LOCAL_ENGINE } from '../../../../shared/api/engines';
import type { AppError } from '../../../../shared/domain/errors';
import { useApp, useAppStore } from '../../store/store';
import { useBridge } from '../../lib/use-bridge';
import { connectionOptions, plainOptions, SelectField } from '../../lib/select-field';
import { ErrorBox } from '../../lib/error-box';

export function TranscribeOptions() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const store = useAppStore();
  const connections = useApp((s) => s.connections);
  const activeId = useApp((s) => s.activeConnection);
  const serviceState = useApp((s) => s.service?.state);
  const active = connections.find((c) => c.id === activeId);
  const [profiles, setProfiles] = useState<string[]>([]);
  const [error, setError] = useState<AppError>();

  const engine = active?.engine;
  const ready = active && (active.kind !== 'local' || serviceState === 'running');
  useEffect(() => {
    if (!ready || !engine) return;
    let current = true;
    void bridge.call('dictionary:profiles', { connection: activeId, engine }).then((result) => {
      if (current) setProfiles(result.ok ? result.data.profiles : []);
    });
    return () => {
      current = false;
    };
  }, [bridge, activeId, engine, ready]);

  if (!active) return <div className="options-card" aria-busy="true" />;
  const engines = active.kind === 'local' ? [LOCAL_ENGINE] : CLOUD_ENGINES.map((e) => e.name);
  const save = async (changes: Partial<typeof active>) =>
    setError(await store.getState().saveConnection({ ...active, ...changes }));

  return (
    <fieldset className="options-card">
      <legend className="section-title">{t('transcribe.options')}</legend>
      <SelectField
        label={t('transcribe.connection')}
        value={activeId}
        onChange={(v) => void store.getState().setActiveConnection(v)}
        options={connectionOptions(connections)}
      />
      <SelectField
        label={t('transcribe.engine')}
        value={active.engine}
        onChange={(v) => void save({ engine: v })}
        options={plainOptions(new Set([active.engine, ...engines]))}
      />
      <SelectField
        label={t('transcribe.profile')}
        value={active.profileId ?? ''}
        onChange={(v) => void save({ profileId: v || null })}
        empty={t('transcribe.noProfile')}
        options={plainOptions(
          new Set([...(active.profileId ? [active.profileId] : []), ...profiles]),
        )}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={active.logging}
          onChange={(e) => void save({ logging: e.target.checked })}
        />
        <span>{t('transcribe.logging')}</span>
      </label>
      <ErrorBox error={error} className="file-error" />
    </fieldset>
  );
}

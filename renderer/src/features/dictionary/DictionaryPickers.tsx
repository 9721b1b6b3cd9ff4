/** Connection, engine and profile of the dictionary, and creating a profile. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { NewProfileDialog } from './NewProfileDialog';

export function DictionaryPickers() {
  const { t } = useTranslation();
  const connections = useApp((s) => s.connections);
  const active = useApp((s) => s.activeConnection);
  const connectionId = useApp((s) => s.dictConnection);
  const engine = useApp((s) => s.dictEngine);
  const profile = useApp((s) => s.dictProfile);
  const profiles = useApp((s) => s.dictProfiles);
  const openDictionary = useApp((s) => s.openDictionary);
  const requestSelect = useApp((s) => s.requestSelect);
  const testConnection = useApp((s) => s.testConnection);
  const service = useApp((s) => s.service?.state);
  const [engines, setEngines] = useState<string[]>([]);

  const connection = connections.find((c) => c.id === connectionId);
  // First visit: the active connection and its engine. The local one waits for its service.
  useEffect(() => {
    if (connectionId || !active) return;
    const first = connections.find((c) => c.id === active);
    if (!first || (first.kind === 'local' && !first.baseUrl)) return;
    void openDictionary(first.id, first.engine);
  }, [connectionId, active, connections, openDictionary, service]);

  useEffect(() => {
    if (!connection?.baseUrl) return;
    let live = true;
    void testConnection(connection).then((result) => {
      if (live) setEngines(result.ok ? result.data.engines : []);
    });
    return () => {
      live = false;
    };
    // Only a different service has different engines.
  }, [connection?.id, connection?.baseUrl]);

  const engineOptions = engines.includes(engine) || !engine ? engines : [engine, ...engines];
  return (
    <div className="dict-pickers">
      <label className="field">
        <span className="label">{t('dictionary.connection')}</span>
        <select
          className="select"
          value={connectionId}
          data-testid="dict-connection"
          onChange={(e) => {
            const next = connections.find((c) => c.id === e.target.value);
            if (next) requestSelect(next.id, next.engine, '');
          }}
        >
          {!connectionId && <option value="">…</option>}
          {connections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="label">{t('dictionary.engine')}</span>
        <select
          className="select"
          value={engine}
          data-testid="dict-engine"
          onChange={(e) => requestSelect(connectionId, e.target.value, '')}
        >
          {engineOptions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="label">{t('dictionary.profile')}</span>
        <select
          className="select"
          value={profile}
          data-testid="dict-profile"
          onChange={(e) => requestSelect(connectionId, engine, e.target.value)}
        >
          <option value="">{t('dictionary.chooseProfile')}</option>
          {profiles.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      <NewProfileDialog disabled={!connectionId} />
    </div>
  );
}

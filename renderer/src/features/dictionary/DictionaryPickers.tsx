/** Connection, engine and profile of the dictionary, and creating a profile. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { NewProfileDialog } from './NewProfileDialog';
import {
  connectionOptions,
  engineOptions as engineChoices,
  plainOptions,
  SelectField,
} from '../../ui/select-field';
import { keptInStore } from '../../store/result';

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
    void keptInStore(openDictionary(first.id, first.engine));
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
    // Only a different service has different engines: an edit of the connection's name or key
    // asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection?.id, connection?.baseUrl]);

  const engineOptions = engines.includes(engine) || !engine ? engines : [engine, ...engines];
  return (
    <div className="dict-pickers">
      <SelectField
        label={t('dictionary.connection')}
        value={connectionId}
        testId="dict-connection"
        onChange={(v) => {
          const next = connections.find((c) => c.id === v);
          if (next) requestSelect(next.id, next.engine, '');
        }}
        empty={connectionId ? undefined : '…'}
        options={connectionOptions(connections)}
      />
      <SelectField
        label={t('dictionary.engine')}
        value={engine}
        testId="dict-engine"
        onChange={(v) => requestSelect(connectionId, v, '')}
        options={engineChoices(engineOptions)}
      />
      <SelectField
        label={t('dictionary.profile')}
        value={profile}
        testId="dict-profile"
        onChange={(v) => requestSelect(connectionId, engine, v)}
        empty={t('dictionary.chooseProfile')}
        options={plainOptions(profiles)}
      />
      <NewProfileDialog disabled={!connectionId} />
    </div>
  );
}

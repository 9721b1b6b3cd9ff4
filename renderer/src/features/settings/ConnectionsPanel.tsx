/** Connections: a list to choose from, and the chosen one's editor. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../../shared/domain/connection';
import { useApp } from '../../store/store';
import { ConnectionEditor } from './ConnectionEditor';
import { Card } from '../../ui/section';
import { connectionName } from '../../ui/display-names';

const NEW_CONNECTION: Connection = {
  id: '',
  name: '',
  kind: 'cloud',
  baseUrl: 'https://',
  asyncUrl: 'https://',
  keyRef: null,
  logging: false,
  engine: '-a-general',
  profileId: null,
  settings: {},
};

export function ConnectionsPanel() {
  const { t } = useTranslation();
  const connections = useApp((s) => s.connections);
  const active = useApp((s) => s.activeConnection);
  const [chosen, setChosen] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const current = adding
    ? NEW_CONNECTION
    : (connections.find((c) => c.id === (chosen ?? active)) ?? connections[0]);
  return (
    <Card
      id="connections"
      title={t('settings.connections')}
      intro={t('settings.connectionsIntro')}
      actions={
        <button type="button" className="button" onClick={() => setAdding(true)}>
          {t('settings.addConnection')}
        </button>
      }
    >
      <div className="conn-layout">
        <ul className="conn-list" aria-label={t('settings.connections')}>
          {connections.map((c) => {
            const selected = !adding && current?.id === c.id;
            return (
              <li key={c.id}>
                <button
                  type="button"
                  className={`conn-item${selected ? ' selected' : ''}`}
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => {
                    setAdding(false);
                    setChosen(c.id);
                  }}
                >
                  <span className="conn-name">{connectionName(c, t)}</span>
                  <span className="conn-url mono">{c.baseUrl || '—'}</span>
                  {c.id === active && (
                    <span className="chip chip-success">{t('settings.active')}</span>
                  )}
                </button>
              </li>
            );
          })}
          {adding && (
            <li>
              <span className="conn-item selected" aria-current="true">
                <span className="conn-name">{t('settings.newConnection')}</span>
              </span>
            </li>
          )}
        </ul>
        {current && (
          <ConnectionEditor
            // A restarted local service has a new address: start the editor over from it.
            key={adding ? '+new' : `${current.id} ${current.baseUrl}`}
            connection={current}
            isNew={adding}
            onSaved={(id) => {
              setAdding(false);
              setChosen(id);
            }}
            onCancelNew={() => setAdding(false)}
            onRemoved={() => setChosen(undefined)}
          />
        )}
      </div>
    </Card>
  );
}

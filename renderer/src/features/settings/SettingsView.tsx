/** The settings section: connections, API keys, language and theme, the local service. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { KeysPanel } from '../keys/KeysPanel';
import { ConnectionsPanel } from './ConnectionsPanel';
import { GeneralPanel } from './GeneralPanel';
import { ServicePanel } from './ServicePanel';
import './settings.css';
import { View } from '../../lib/section';

export function SettingsView() {
  const { t } = useTranslation();
  const loadKeys = useApp((s) => s.loadKeys);
  const loadServiceInfo = useApp((s) => s.loadServiceInfo);
  useEffect(() => {
    void loadKeys();
    void loadServiceInfo();
  }, [loadKeys, loadServiceInfo]);
  return (
    <View id="settings" className="settings-view" title={t('settings.heading')}>
      <ConnectionsPanel />
      <KeysPanel />
      <div className="settings-pair">
        <GeneralPanel />
        <ServicePanel />
      </div>
    </View>
  );
}

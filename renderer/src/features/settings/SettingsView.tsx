/**
 * The settings section: connections, API keys, usage and cost, watched folders, calls, programs, the local service. (Language and theme live in
 * the header only, where a person who cannot read the window's language still finds them.)
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { KeysPanel } from '../keys/KeysPanel';
import { CallsPanel } from './CallsPanel';
import { ConnectionsPanel } from './ConnectionsPanel';
import { ProgramsPanel } from './ProgramsPanel';
import { ServicePanel } from './ServicePanel';
import { UsagePanel } from './UsagePanel';
import { WatchedFoldersPanel } from './WatchedFoldersPanel';
import { View } from '../../ui/section';
import { keptInStore } from '../../store/result';
import './settings.css';

export function SettingsView() {
  const { t } = useTranslation();
  const loadKeys = useApp((s) => s.loadKeys);
  const loadServiceInfo = useApp((s) => s.loadServiceInfo);
  useEffect(() => {
    void keptInStore(loadKeys());
    void keptInStore(loadServiceInfo());
  }, [loadKeys, loadServiceInfo]);
  return (
    <View id="settings" className="settings-view" title={t('settings.heading')}>
      <ConnectionsPanel />
      <KeysPanel />
      <UsagePanel />
      <WatchedFoldersPanel />
      <CallsPanel />
      <ProgramsPanel />
      <ServicePanel />
    </View>
  );
}

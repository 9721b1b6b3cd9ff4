/**
 * Typed translation keys: `t('…')` with a key no table has fails to compile (a template key too,
 * when its parts are typed). The window's strings and those Dictionary and Settings, Jobs, Live
 * and the viewer bring.
 */
import 'i18next';
import type { en } from './en';
import type { enCalls } from './en-calls';
import type { enDictionarySettings } from './en-dictionary-settings';
import type { enJobs } from './en-jobs';
import type { enLive } from './en-live';
import type { enNames } from './en-names';
import type { enViewer } from './en-viewer';
import type { enIme } from './en-ime';
import type { enUsage } from './en-usage';
import type { enPrograms } from './en-programs';
import type { enWatch } from './en-watch';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en &
        typeof enNames &
        typeof enCalls &
        typeof enDictionarySettings &
        typeof enWatch &
        typeof enUsage &
        typeof enIme &
        typeof enPrograms &
        typeof enJobs &
        typeof enLive &
        typeof enViewer;
    };
  }
}

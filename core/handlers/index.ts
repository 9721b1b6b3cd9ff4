/**
 * Every channel's handler, by domain: adding a channel is one entry in the contract
 * (shared/ipc/contract.ts) and one handler in its domain's file here; a channel without a
 * handler does not compile.
 */
import type { Channel } from '../../shared/ipc/contract';
import type { CallSettingsStore } from '../calls/call-settings';
import type { CallWatcher } from '../calls/call-watcher';
import type { ClientProvider } from '../clients';
import type { ConnectionStore } from '../connections/connection-store';
import type { AskFolder, AskSavePath } from '../export/export-file';
import type { JobEdits } from '../jobs/job-edits';
import type { JobJournal } from '../jobs/job-journal';
import type { TranscriptionRunner } from '../jobs/transcription-runner';
import type { KeyStore } from '../key-store/key-store';
import type { ComputerSound } from '../live/sources/computer-sound';
import type { SearchIndex } from '../search/search-index';
import type { ProgramKeys } from '../programs/program-keys';
import type { LocalServiceSupervisor } from '../supervisor/local-service';
import type { UsageMeter } from '../usage/usage-meter';
import type { WatchedFolders } from '../watch/watched-folders';
import { callHandlers } from './calls';
import { connectionHandlers } from './connections';
import { dictionaryHandlers } from './dictionary';
import { exportHandlers } from './export';
import { jobHandlers } from './jobs';
import { keyHandlers } from './keys';
import { liveHandlers } from './live';
import { programHandlers } from './programs';
import { searchHandlers } from './search';
import { serviceHandlers } from './service';
import type { HandlerSet } from './types';
import { usageHandlers } from './usage';
import { watchHandlers } from './watch';

export interface HandlerDeps {
  readonly dataDir: string;
  readonly connections: ConnectionStore;
  readonly keys: KeyStore;
  readonly journal: JobJournal;
  readonly runner: TranscriptionRunner;
  readonly edits: JobEdits;
  readonly supervisor: LocalServiceSupervisor | undefined;
  readonly clients: ClientProvider;
  readonly search: SearchIndex;
  readonly computerSound: ComputerSound;
  readonly askSavePath: AskSavePath | undefined;
  readonly askFolder: AskFolder | undefined;
  readonly watched: WatchedFolders;
  readonly usage: UsageMeter;
  readonly calls: CallWatcher;
  readonly callSettings: CallSettingsStore;
  readonly programKeys: ProgramKeys;
}

export function handlersOf(deps: HandlerDeps): HandlerSet<Channel> {
  return {
    ...connectionHandlers(deps),
    ...keyHandlers(deps),
    ...jobHandlers(deps),
    ...searchHandlers(deps),
    ...dictionaryHandlers(deps),
    ...serviceHandlers(deps),
    ...exportHandlers(deps),
    ...liveHandlers(deps),
    ...watchHandlers(deps),
    ...usageHandlers(deps),
    ...callHandlers(deps),
    ...programHandlers(deps),
  };
}

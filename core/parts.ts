/**
 * The core's parts, declared once: `openParts` opens the data folder's stores and makes the
 * workers on them, and the record it answers is the core's parts. Its type is `CoreParts`;
 * each part is a field of the `Core` and the handlers are built from the whole record, each
 * domain taking only the parts it names (core/handlers/). Adding a part is one entry in the
 * record below.
 */
import { join } from 'node:path';
import { AppFailure, appError } from '../shared/domain/errors';
import type { EventName, EventPayload } from '../shared/ipc/contract';
import type { ClientOptions } from './api-client/api-client';
import { CallSettingsStore } from './calls/call-settings';
import { CallWatcher } from './calls/call-watcher';
import { recordCall } from './calls/core-capture';
import type { CallProvider } from './calls/provider';
import { providerFor } from './calls/providers';
import { ClientProvider, type ClientFactory } from './clients';
import { ConnectionStore } from './connections/connection-store';
import { dataFailure } from './errors';
import type { AskFolder, AskSavePath } from './export/export-file';
import { currentTranscript, JobEdits } from './jobs/job-edits';
import { JobJournal } from './jobs/job-journal';
import { TranscriptionRunner } from './jobs/transcription-runner';
import { bindOlderKeys, openKeyStore, type KeyStore } from './key-store/key-store';
import { ComputerSound, computerSoundProviderFor } from './live/sources/computer-sound';
import type { Pactl } from './live/sources/pactl';
import { recoverLiveJobs } from './live/live-completion';
import type { LiveDeps } from './live/live-session';
import { LiveSessions } from './live/live-sessions';
import { ProgramKeys } from './programs/program-keys';
import { SearchIndex, type TextOf } from './search/search-index';
import { LocalServiceSupervisor, type SupervisorDeps } from './supervisor/local-service';
import { UsageMeter } from './usage/usage-meter';
import { UsageStore, type UsageTime } from './usage/usage-store';
import type { WatchTiming } from './watch/folder-watcher';
import { WatchedFolders } from './watch/watched-folders';

export type Listener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface CoreOptions {
  readonly dataDir: string;
  readonly keyStore?: KeyStore;
  readonly serviceLauncher?: SupervisorDeps['launcher'];
  readonly serviceTiming?: Pick<
    SupervisorDeps,
    'healthIntervalMs' | 'healthTimeoutMs' | 'restartBaseMs' | 'keyRetryBaseMs'
  >;
  /** How long work for the local service waits while it starts or restarts (default 120 s). */
  readonly serviceWaitMs?: number;
  /** Whether to run the bundled local service (default true). */
  readonly localService?: boolean;
  readonly pollMinMs?: number;
  readonly pollMaxMs?: number;
  /** Timeouts and retries of every API request (defaults in ApiClient). */
  readonly clientOptions?: ClientOptions;
  /** Makes the API clients (tests give a fake of the cloud service here). */
  readonly clientFactory?: ClientFactory;
  /**
   * The host's save dialog (Electron). Without one, `export:save` is refused: the browser saves
   * exports as downloads.
   */
  readonly askSavePath?: AskSavePath;
  /** The host's folder picker (Electron), for several exports at once. */
  readonly askFolder?: AskFolder;
  /** Options of the live sessions' realtime client (tests shorten its backoff). */
  readonly liveRecognizer?: LiveDeps['recognizer'];
  /**
   * A job's current text for the search index (core/search/); by default its stored transcript.
   * The one seam through which edits of a transcript reach search.
   */
  readonly textOf?: TextOf;
  /** How the computer's sound is made on Linux (`pactl`; tests name their own server). */
  readonly pactl?: Pactl;
  /**
   * Whether `start` watches the app's watched folders (Settings; default true). A short-lived
   * program (a command that is not `watch`) opens the core without them.
   */
  readonly watchFolders?: boolean;
  /** How quickly watched folders take a file as written and check the folders (tests). */
  readonly watchTiming?: WatchTiming;
  /** The clock and time zone usage is counted by, per calendar month (tests set their own). */
  readonly usageTime?: UsageTime;
  /**
   * Calls noticed (core/calls/), from `start`: 'window' (the app: a window records the calls
   * the person starts), 'core' (`kikitori watch-calls`: the core records every call itself),
   * or 'off' (the default: a short-lived program notices none).
   */
  readonly calls?: 'window' | 'core' | 'off';
  /** The platform's way of seeing what records (tests give one on their own sound server). */
  readonly callProvider?: CallProvider;
  /** How long an application records nothing before its call has ended (default 30 s). */
  readonly callEndMs?: number;
  /** The sound server's environment for the core's own capture of a call (tests). */
  readonly soundEnv?: NodeJS.ProcessEnv;
  /** The language of a call's session name the core records itself. */
  readonly lang?: 'en' | 'ja';
}

/** What was opened so far, for `Core.open` to close if a later part fails to open. */
export interface Opened {
  journal?: JobJournal;
  usage?: UsageStore;
}

/** The core's parts: what `openParts` answers. */
export type CoreParts = Readonly<Awaited<ReturnType<typeof openParts>>>;

/**
 * Opens the data folder's stores and makes the workers on them, in the order each needs the
 * others. `emit` reaches the core's listeners once the core exists. A damaged store is an
 * AppFailure (dataFailure); so is a job file written by a newer Kikitori (data-newer).
 */
export async function openParts(options: CoreOptions, emit: Listener, opened: Opened) {
  const readData = async <T>(open: () => Promise<T>): Promise<T> => {
    try {
      return await open();
    } catch (error) {
      throw dataFailure(options.dataDir, error);
    }
  };
  const connections = await readData(() => ConnectionStore.open(options.dataDir));
  const keys = options.keyStore ?? (await openKeyStore());
  await bindOlderKeys(keys, connections.list()).catch(() => undefined);
  const journal = await readData(() => JobJournal.open(options.dataDir));
  opened.journal = journal;
  // The journal leaves a newer Kikitori's job files untouched; opening the folder with this
  // one would hide those jobs, so the host says so and stops instead.
  const newer = journal.newerVersion[0];
  if (newer !== undefined) {
    throw new AppFailure(appError('data-newer', { path: join(options.dataDir, 'jobs', newer) }));
  }
  // Live sessions the last run was killed in are completed (cut off) before any job is listed
  // or resumed, so none is shown as still recording or sent again.
  await recoverLiveJobs({ dataDir: options.dataDir, journal });
  // The computer's sound source a killed run left loaded goes too.
  const computerSound = new ComputerSound(
    computerSoundProviderFor(process.platform, options.pactl),
  );
  await computerSound.recover();
  const search = await readData(() => openSearch(options, journal));
  const emitAll = keepingSearch(search, emit);
  const clients = new ClientProvider({
    connections,
    keys,
    ...(options.clientOptions ? { clientOptions: options.clientOptions } : {}),
    ...(options.clientFactory ? { clientFactory: options.clientFactory } : {}),
    ...(options.serviceWaitMs ? { serviceWaitMs: options.serviceWaitMs } : {}),
  });
  const usageStore = await readData(async () =>
    UsageStore.open(options.dataDir, options.usageTime),
  );
  opened.usage = usageStore;
  const usage = new UsageMeter(usageStore, connections, emitAll);
  const runner = new TranscriptionRunner({
    usage,
    journal,
    connections,
    clients,
    dataDir: options.dataDir,
    emit: emitAll,
    ...(options.pollMinMs ? { pollMinMs: options.pollMinMs } : {}),
    ...(options.pollMaxMs ? { pollMaxMs: options.pollMaxMs } : {}),
  });
  const edits = new JobEdits({ journal, emit: (job) => emitAll('jobs:changed', { job }) });
  const supervisor =
    options.localService === false
      ? undefined
      : new LocalServiceSupervisor({
          dataDir: options.dataDir,
          connections,
          keys,
          onStatus: (status) => emitAll('service:status', status),
          ...(options.serviceLauncher ? { launcher: options.serviceLauncher } : {}),
          ...options.serviceTiming,
        });
  const live = new LiveSessions({
    dataDir: options.dataDir,
    journal,
    clients,
    emit: (job) => emitAll('jobs:changed', { job }),
    removed: (id) => emitAll('jobs:removed', { id }),
    ...(options.liveRecognizer ? { recognizer: options.liveRecognizer } : {}),
    rename: (id, op) => edits.apply(id, op),
    usage,
  });
  const watched = await readData(() =>
    WatchedFolders.open({
      dataDir: options.dataDir,
      emit: emitAll,
      askFolder: options.askFolder,
      ...(options.watchTiming && { timing: options.watchTiming }),
    }),
  );
  const callSettings = await readData(() => CallSettingsStore.open(options.dataDir));
  const calls = watchCalls(options, { settings: callSettings, live, emit: emitAll });
  live.calls = calls;
  const programKeys = await readData(() =>
    ProgramKeys.open({
      dataDir: options.dataDir,
      emit: (view) => emitAll('programs:changed', view),
      askFolder: options.askFolder,
    }),
  );
  return {
    /** The data folder, locked for this process. */
    dataDir: options.dataDir,
    /** The connections and which one is the default. */
    connections,
    /** Keys in the OS keychain. */
    keys,
    /** Every job, kept in the data folder. */
    journal,
    /** Sends jobs to their service and follows them until each ends. */
    runner,
    /** A person's corrections of transcripts; `currentTranscript` reads them applied. */
    edits,
    /** The bundled local service as a child process, unless the core runs without it. */
    supervisor,
    /** The one place a keyed API client is made. */
    clients,
    /** Live sessions: a host opens one per live link from a window (shared/ipc/live.ts). */
    live,
    /** The computer's sound as a Live input (Linux: a PulseAudio source made while it is used). */
    computerSound,
    /** The transcripts' full-text index; `reindex(id)` after a job's text changes. */
    search,
    /** The host's save dialog, if it has one. */
    askSavePath: options.askSavePath,
    /** The host's folder picker, if it has one. */
    askFolder: options.askFolder,
    /** The app's watched folders (Settings), watched between `start` and `stop`. */
    watched,
    /** What each connection sent, per month, and its plan (core/usage/). */
    usage,
    /** Where usage is kept. */
    usageStore,
    /** Calls noticed: another application recording from a microphone. */
    calls,
    /** Which calls are noticed and recorded (Settings). */
    callSettings,
    /** The keys made for programs, and the folders they may have transcribed. */
    programKeys,
  };
}

/**
 * The search index, made from the journal in the background: opening it never waits for that.
 * The text a person sees: the service's with their corrections (one reader, job-edits.ts), and
 * the name they gave the job (jobs:rename emits jobs:changed, which indexes it again).
 */
function openSearch(options: CoreOptions, journal: JobJournal): Promise<SearchIndex> {
  const textOf: TextOf =
    options.textOf ??
    (async (job) => ({
      ...(job.title ? { title: job.title } : {}),
      transcript: await currentTranscript(journal, job),
    }));
  return SearchIndex.open({
    dataDir: options.dataDir,
    jobs: () => journal.list(),
    job: (id) => journal.get(id),
    textOf,
  });
}

/**
 * The core's events, keeping the index in step: a job that completes (or changes once
 * completed) is indexed again; a removed one leaves the index.
 */
function keepingSearch(search: SearchIndex, emit: Listener): Listener {
  return (event, payload) => {
    if (event === 'jobs:changed') {
      const { job } = payload as EventPayload<'jobs:changed'>;
      if (job.status === 'completed') void search.reindex(job.id);
    } else if (event === 'jobs:removed') {
      void search.remove((payload as EventPayload<'jobs:removed'>).id);
    }
    emit(event, payload);
  };
}

/**
 * The watcher of calls. When the core records calls itself (`calls: 'core'`), it captures each
 * call it notices; otherwise a window records the calls a person starts.
 */
function watchCalls(
  options: CoreOptions,
  parts: { settings: CallSettingsStore; live: LiveSessions; emit: Listener },
): CallWatcher {
  const { settings, live, emit } = parts;
  const calls: CallWatcher = new CallWatcher({
    provider: options.callProvider ?? providerFor(process.platform),
    settings,
    live,
    emit: (call) => emit('calls:call', call),
    changed: () => {
      const { settings, watching, problem } = calls.list();
      emit('calls:changed', { settings, watching, ...(problem ? { problem } : {}) });
    },
    ...(options.callEndMs !== undefined ? { endDelayMs: options.callEndMs } : {}),
    ...((options.calls ?? 'off') === 'core'
      ? {
          capture: (call) =>
            recordCall(
              {
                live,
                lang: options.lang ?? 'en',
                ...(options.soundEnv ? { env: options.soundEnv } : {}),
              },
              call,
            ),
        }
      : {}),
  });
  return calls;
}

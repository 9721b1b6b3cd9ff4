/**
 * The host-agnostic core of the main process: the data folder (locked for this process), its
 * stores, the runner and the supervisor, behind the handlers of every channel (core/handlers/,
 * one file per domain). The Electron registrar and the web host call `dispatch` with what arrived
 * over IPC or HTTP; programs and tests call the typed `invoke`. Both validate the input against
 * the IPC contract and always answer a Result (thrown errors lose their shape across IPC).
 */
import { join } from 'node:path';
import { AppFailure, appError } from '../shared/domain/errors';
import {
  CHANNELS,
  type Channel,
  type ChannelInput,
  type ChannelOutput,
  type EventName,
  type EventPayload,
  type Result,
} from '../shared/ipc/contract';
import type { ClientOptions } from './api-client/api-client';
import { lockAppData, type AppLock } from './storage/app-lock';
import { CallSettingsStore } from './calls/call-settings';
import { CallWatcher } from './calls/call-watcher';
import { recordCall } from './calls/core-capture';
import type { CallProvider } from './calls/provider';
import { providerFor } from './calls/providers';
import { ClientProvider, type ClientFactory } from './clients';
import { ConnectionStore } from './connections/connection-store';
import { dataFailure, toAppError } from './errors';
import type { AskFolder, AskSavePath } from './export/export-file';
import { handlersOf } from './handlers';
import { PROGRAM, type Caller, type HandlerSet } from './handlers/types';
import { currentTranscript, JobEdits } from './jobs/job-edits';
import { JobJournal } from './jobs/job-journal';
import { TranscriptionRunner } from './jobs/transcription-runner';
import { ComputerSound, computerSoundProviderFor } from './live/sources/computer-sound';
import type { Pactl } from './live/sources/pactl';
import { recoverLiveJobs } from './live/live-completion';
import { SearchIndex, type TextOf } from './search/search-index';
import { bindOlderKeys, openKeyStore, type KeyStore } from './key-store/key-store';
import type { LiveDeps } from './live/live-session';
import { LiveSessions } from './live/live-sessions';
import { ProgramKeys } from './programs/program-keys';
import { LocalServiceSupervisor, type SupervisorDeps } from './supervisor/local-service';
import type { WatchTiming } from './watch/folder-watcher';
import type { CoreLink } from './programs/program-link';
import { WatchedFolders } from './watch/watched-folders';
import { UsageMeter } from './usage/usage-meter';
import { UsageStore, type UsageTime } from './usage/usage-store';

export { PROGRAM, type Caller } from './handlers/types';
export { diffWords } from './handlers/dictionary';

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

interface Parts {
  readonly dataDir: string;
  readonly lock: AppLock;
  readonly connections: ConnectionStore;
  readonly keys: KeyStore;
  readonly journal: JobJournal;
  readonly runner: TranscriptionRunner;
  readonly edits: JobEdits;
  readonly supervisor: LocalServiceSupervisor | undefined;
  readonly clients: ClientProvider;
  readonly live: LiveSessions;
  readonly computerSound: ComputerSound;
  readonly search: SearchIndex;
  readonly askSavePath: AskSavePath | undefined;
  readonly askFolder: AskFolder | undefined;
  readonly watched: WatchedFolders;
  readonly watchFolders: boolean;
  readonly usage: UsageMeter;
  readonly usageStore: UsageStore;
  readonly calls: CallWatcher;
  readonly callSettings: CallSettingsStore;
  readonly watchCalls: boolean;
  readonly programKeys: ProgramKeys;
}

export class Core {
  private readonly listeners = new Set<Listener>();
  readonly handlers: HandlerSet<Channel>;
  readonly dataDir: string;
  readonly connections: ConnectionStore;
  readonly keys: KeyStore;
  readonly journal: JobJournal;
  readonly runner: TranscriptionRunner;
  /** A person's corrections of transcripts; `currentTranscript` reads them applied. */
  readonly edits: JobEdits;
  readonly supervisor: LocalServiceSupervisor | undefined;
  /** Live sessions: a host opens one per live link from a window (shared/ipc/live.ts). */
  readonly live: LiveSessions;
  /** The transcripts' full-text index; `reindex(id)` after a job's text changes. */
  readonly search: SearchIndex;
  /** The computer's sound as a Live input (Linux: a PulseAudio source made while it is used). */
  readonly computerSound: ComputerSound;
  /** The app's watched folders (Settings), watched between `start` and `stop`. */
  readonly watched: WatchedFolders;
  /** The keys made for programs, and the folders they may have transcribed. */
  readonly programKeys: ProgramKeys;
  private readonly watchFolders: boolean;
  /** Calls noticed: another application recording from a microphone. */
  readonly calls: CallWatcher;
  private readonly watchCalls: boolean;
  private readonly lock: AppLock;
  /** What each connection sent, per month, and its plan (core/usage/). */
  readonly usage: UsageMeter;
  private readonly usageStore: UsageStore;

  private constructor(parts: Parts) {
    this.dataDir = parts.dataDir;
    this.connections = parts.connections;
    this.keys = parts.keys;
    this.journal = parts.journal;
    this.runner = parts.runner;
    this.edits = parts.edits;
    this.supervisor = parts.supervisor;
    this.live = parts.live;
    this.search = parts.search;
    this.computerSound = parts.computerSound;
    this.lock = parts.lock;
    this.watched = parts.watched;
    this.watchFolders = parts.watchFolders;
    this.usage = parts.usage;
    this.usageStore = parts.usageStore;
    this.calls = parts.calls;
    this.watchCalls = parts.watchCalls;
    this.programKeys = parts.programKeys;
    this.handlers = handlersOf(parts);
  }

  /**
   * Takes the data folder's lock, then opens its stores. Another live Kikitori on the folder is
   * `app-running` (a host then hands over to it); a damaged file, one written by a newer version
   * or a folder that cannot be written is an AppFailure (data-corrupt, data-newer,
   * data-read-only) that the host shows before it quits; nothing is overwritten or set aside to
   * get past it.
   */
  static async open(options: CoreOptions): Promise<Core> {
    const lock = lockAppData(options.dataDir);
    if (!lock) throw new AppFailure(appError('app-running', { path: options.dataDir }));
    const opened: { journal?: JobJournal; usage?: UsageStore } = {};
    try {
      return await Core.assemble(options, lock, opened);
    } catch (error) {
      // The journal's index is written (or not) while the folder is still this start's.
      await opened.journal?.close();
      opened.usage?.close();
      lock.release();
      throw error;
    }
  }

  private static async assemble(
    options: CoreOptions,
    lock: AppLock,
    opened: { journal?: JobJournal; usage?: UsageStore },
  ): Promise<Core> {
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
    // Made from the journal in the background: opening it never waits for that.
    // The text a person sees: the service's with their corrections (one reader, job-edits.ts),
    // and the name they gave the job (jobs:rename emits jobs:changed, which indexes it again).
    const textOf: TextOf =
      options.textOf ??
      (async (job) => ({
        ...(job.title ? { title: job.title } : {}),
        transcript: await currentTranscript(journal, job),
      }));
    const search = await readData(() =>
      SearchIndex.open({
        dataDir: options.dataDir,
        jobs: () => journal.list(),
        job: (id) => journal.get(id),
        textOf,
      }),
    );
    // Events raised while the core is being assembled go to it once it exists. A job that
    // completes (or changes once completed) is indexed again; a removed one leaves the index.
    const ref: { core?: Core } = {};
    const emit: Listener = (event, payload) => {
      if (event === 'jobs:changed') {
        const { job } = payload as EventPayload<'jobs:changed'>;
        if (job.status === 'completed') void search.reindex(job.id);
      } else if (event === 'jobs:removed') {
        void search.remove((payload as EventPayload<'jobs:removed'>).id);
      }
      ref.core?.emit(event, payload);
    };
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
    const usage = new UsageMeter(usageStore, connections, emit);
    const runner = new TranscriptionRunner({
      usage,
      journal,
      connections,
      clients,
      dataDir: options.dataDir,
      emit,
      ...(options.pollMinMs ? { pollMinMs: options.pollMinMs } : {}),
      ...(options.pollMaxMs ? { pollMaxMs: options.pollMaxMs } : {}),
    });
    const edits = new JobEdits({ journal, emit: (job) => emit('jobs:changed', { job }) });
    const supervisor =
      options.localService === false
        ? undefined
        : new LocalServiceSupervisor({
            dataDir: options.dataDir,
            connections,
            keys,
            onStatus: (status) => emit('service:status', status),
            ...(options.serviceLauncher ? { launcher: options.serviceLauncher } : {}),
            ...options.serviceTiming,
          });
    const live = new LiveSessions({
      dataDir: options.dataDir,
      journal,
      clients,
      emit: (job) => emit('jobs:changed', { job }),
      removed: (id) => emit('jobs:removed', { id }),
      ...(options.liveRecognizer ? { recognizer: options.liveRecognizer } : {}),
      rename: (id, op) => edits.apply(id, op),
      usage,
    });
    const watched = await readData(() =>
      WatchedFolders.open({
        dataDir: options.dataDir,
        emit,
        askFolder: options.askFolder,
        ...(options.watchTiming && { timing: options.watchTiming }),
      }),
    );
    const callSettings = await readData(() => CallSettingsStore.open(options.dataDir));
    const mode = options.calls ?? 'off';
    const calls: CallWatcher = new CallWatcher({
      provider: options.callProvider ?? providerFor(process.platform),
      settings: callSettings,
      live,
      emit: (call) => emit('calls:call', call),
      changed: () => {
        const { settings, watching, problem } = calls.list();
        emit('calls:changed', { settings, watching, ...(problem ? { problem } : {}) });
      },
      ...(options.callEndMs !== undefined ? { endDelayMs: options.callEndMs } : {}),
      ...(mode === 'core'
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
    live.calls = calls;
    const programKeys = await readData(() =>
      ProgramKeys.open({
        dataDir: options.dataDir,
        emit: (view) => emit('programs:changed', view),
        askFolder: options.askFolder,
      }),
    );
    ref.core = new Core({
      dataDir: options.dataDir,
      lock,
      connections,
      keys,
      journal,
      runner,
      edits,
      supervisor,
      clients,
      live,
      computerSound,
      search,
      askSavePath: options.askSavePath,
      askFolder: options.askFolder,
      watched,
      watchFolders: options.watchFolders !== false,
      usage,
      usageStore,
      calls,
      callSettings,
      watchCalls: mode !== 'off',
      programKeys,
    });
    return ref.core;
  }

  /**
   * Starts the local service, then resumes the jobs of the last run, then watches the app's
   * watched folders (their files interrupted by the last run's end finished first).
   */
  async start(): Promise<void> {
    await this.supervisor?.start();
    await this.runner.recordMedia();
    await this.runner.resume();
    if (this.watchFolders) await this.watched.start(this.link());
    if (this.watchCalls) await this.calls.start();
  }

  /** Stops the work and the local service, then releases the data folder. */
  async stop(): Promise<void> {
    // Nothing more is picked up; jobs under way get their outputs at the next start.
    await this.watched.stop();
    await this.calls.stop();
    // A live session still recording ends as a cut-off job, everything finalized kept.
    await this.live.close();
    await this.computerSound.closeAll();
    this.runner.stop();
    await this.runner.idle();
    await this.supervisor?.stop();
    await this.search.close();
    await this.journal.close();
    this.usageStore.close();
    this.lock.release();
  }

  /**
   * The mode the data folder had when this start had to make it private (0700): the host says so
   * once in its start-up output. Undefined when it was private already.
   */
  get dataFolderTightenedFrom(): number | undefined {
    return this.lock.tightenedFrom;
  }

  /**
   * This core as a program holds it (core/programs/program-link.ts): what the command line and the watched
   * folders drive, the same whether the core runs here or in the app. Closing it stops the core.
   */
  link(): CoreLink {
    return {
      where: 'here',
      invoke: (channel, input) => this.invoke(channel, input),
      subscribe: (listener) => this.subscribe(listener),
      close: () => this.stop(),
    };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) listener(event, payload);
  }

  /** One channel with input of its contract's type, for `caller` (by default a program). */
  invoke<C extends Channel>(
    channel: C,
    input: ChannelInput<C>,
    caller: Caller = PROGRAM,
  ): Promise<Result<ChannelOutput<C>>> {
    return this.dispatch(channel, input, caller) as Promise<Result<ChannelOutput<C>>>;
  }

  /**
   * What a host received (any channel name, any input): checked against the contract, then run
   * for `caller`; never throws.
   */
  async dispatch(channel: string, input: unknown, caller: Caller): Promise<Result<unknown>> {
    if (!Object.hasOwn(CHANNELS, channel)) {
      return {
        ok: false,
        error: appError('invalid-input', {}, `there is no channel ${channel}`),
      };
    }
    const contract = CHANNELS[channel as Channel];
    const parsed = contract.input.safeParse(input ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        ok: false,
        error: appError(
          'invalid-input',
          {},
          `${channel}: ${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`,
        ),
      };
    }
    const handler = this.handlers[channel as Channel] as (
      input: unknown,
      caller: Caller,
    ) => Promise<Result<unknown>>;
    try {
      return await handler(parsed.data, caller);
    } catch (error) {
      // Handlers answer Results; anything thrown past them is a bug, still answered as data.
      return { ok: false, error: toAppError(error) };
    }
  }
}

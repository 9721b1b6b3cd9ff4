/**
 * The host-agnostic core of the main process: the stores, the runner and the supervisor behind
 * one handler map. The Electron registrar and the web host both call `invoke`, which validates
 * the input against the IPC contract and always answers a Result (thrown errors lose their shape
 * across IPC).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ProfileWord } from '../shared/api';
import { defaultDataDir } from '../shared/domain/data-dir';
import { AppFailure, appError } from '../shared/domain/errors';
import { formatWordTable, parseWordTable } from '../shared/domain/word-table';
import {
  CHANNELS,
  type Channel,
  type ChannelOutput,
  type EventName,
  type EventPayload,
  type Result,
} from '../shared/ipc/contract';
import { ApiClient, type ClientOptions } from './api-client/api-client';
import { ConnectionStore, checkAddress } from './connections/connection-store';
import { saveExport, type AskSavePath } from './export-file';
import { JobJournal } from './jobs/job-journal';
import { ANY_PATH, type PathPolicy } from './media-file';
import { StorageError } from './storage/atomic-json';
import { TranscriptionRunner, toAppError, type Client } from './jobs/transcription-runner';
import { bindOlderKeys, keyFor, openKeyStore, type KeyStore } from './key-store/key-store';
import { keyServes, serviceOf } from '../shared/domain/key';
import { LocalServiceSupervisor, type SupervisorDeps } from './supervisor/local-service';

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
  /**
   * The host's save dialog (Electron). Without one, `export:save` is refused: the browser saves
   * exports as downloads.
   */
  readonly askSavePath?: AskSavePath;
}

export function defaultAppDataDir(): string {
  return defaultDataDir('app', process.env, homedir());
}

/**
 * Who is calling, as the host tells it: which paths the caller may name (core/media-file.ts).
 * The window is never trusted with the disk; a program holding the host's token is.
 */
export interface Caller {
  readonly paths: PathPolicy;
}

/** A program holding the host's token (tests, scripts, a second start). */
export const PROGRAM: Caller = { paths: ANY_PATH };

type Handlers = {
  [C in Channel]: (
    input: ReturnType<(typeof CHANNELS)[C]['input']['parse']>,
    caller: Caller,
  ) => Promise<ChannelOutput<C>>;
};

/** What changes between two versions of a profile, by written form. */
export function diffWords(before: readonly ProfileWord[], after: readonly ProfileWord[]) {
  const key = (w: ProfileWord) => w.written;
  const old = new Map(before.map((w) => [key(w), JSON.stringify(w)]));
  const next = new Map(after.map((w) => [key(w), JSON.stringify(w)]));
  let added = 0;
  let changed = 0;
  for (const [k, v] of next) {
    if (!old.has(k)) added++;
    else if (old.get(k) !== v) changed++;
  }
  const removed = [...old.keys()].filter((k) => !next.has(k)).length;
  return { added, removed, changed };
}

function dataFailure(dataDir: string, error: unknown): unknown {
  if (error instanceof StorageError) {
    const code = error.code === 'newer-version' ? 'data-newer' : 'data-corrupt';
    return new AppFailure(appError(code, { path: error.path }, error.message));
  }
  const errno = (error as NodeJS.ErrnoException).code;
  if (errno === 'EACCES' || errno === 'EPERM' || errno === 'EROFS')
    return new AppFailure(appError('data-read-only', { path: dataDir }, String(error)));
  return error;
}

export class Core {
  private readonly listeners = new Set<Listener>();
  readonly handlers: Handlers;

  private constructor(
    readonly dataDir: string,
    readonly connections: ConnectionStore,
    readonly keys: KeyStore,
    readonly journal: JobJournal,
    readonly runner: TranscriptionRunner,
    readonly supervisor: LocalServiceSupervisor | undefined,
    private readonly clientOptions: ClientOptions | undefined,
    private readonly askSavePath: AskSavePath | undefined,
  ) {
    this.handlers = this.makeHandlers();
  }

  /**
   * Opens the data folder's stores. A damaged file, one written by a newer version or a folder
   * that cannot be written is an AppFailure (data-corrupt, data-newer, data-read-only) that the
   * host shows before it quits; nothing is overwritten or set aside to get past it.
   */
  static async open(options: CoreOptions): Promise<Core> {
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
    // The journal leaves a newer Kikitori's job files untouched; opening the folder with this
    // one would hide those jobs, so the host says so and stops instead.
    const newer = journal.newerVersion[0];
    if (newer !== undefined) {
      throw new AppFailure(appError('data-newer', { path: join(options.dataDir, 'jobs', newer) }));
    }
    // Events raised while the core is being assembled go to it once it exists.
    const ref: { core?: Core } = {};
    const emit: Listener = (event, payload) => ref.core?.emit(event, payload);
    const runner = new TranscriptionRunner({
      journal,
      connections,
      keys,
      dataDir: options.dataDir,
      emit,
      ...(options.clientOptions ? { clientOptions: options.clientOptions } : {}),
      ...(options.pollMinMs ? { pollMinMs: options.pollMinMs } : {}),
      ...(options.pollMaxMs ? { pollMaxMs: options.pollMaxMs } : {}),
      ...(options.serviceWaitMs ? { serviceWaitMs: options.serviceWaitMs } : {}),
    });
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
    ref.core = new Core(
      options.dataDir,
      connections,
      keys,
      journal,
      runner,
      supervisor,
      options.clientOptions,
      options.askSavePath,
    );
    return ref.core;
  }

  /** Starts the local service, then resumes the jobs of the last run. */
  async start(): Promise<void> {
    await this.supervisor?.start();
    await this.runner.recordMedia();
    await this.runner.resume();
  }

  async stop(): Promise<void> {
    this.runner.stop();
    await this.runner.idle();
    await this.supervisor?.stop();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) listener(event, payload);
  }

  /** Validates and runs one channel for `caller` (by default a program holding the token); never throws. */
  async invoke(
    channel: string,
    input: unknown,
    caller: Caller = PROGRAM,
  ): Promise<Result<unknown>> {
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
    try {
      const handler = this.handlers[channel as Channel] as (
        input: unknown,
        caller: Caller,
      ) => Promise<unknown>;
      return { ok: true, data: await handler(parsed.data, caller) };
    } catch (error) {
      return { ok: false, error: toAppError(error) };
    }
  }

  /** A client for a connection, checked and keyed by the runner (one place for both). */
  private clientFor(connectionId?: string): Promise<Client> {
    return this.runner.clientFor(connectionId);
  }

  /**
   * The client that issues a key: the connection's own key, another issuable key from the
   * keychain, or none (the request then carries a service ID and password).
   */
  private async issuingClient(
    connectionId: string | undefined,
    auth: { authKey?: string | undefined; sid?: string | undefined },
  ): Promise<Client> {
    if (!auth.authKey && !auth.sid) return this.clientFor(connectionId);
    const connection = this.connections.get(connectionId);
    if (!connection)
      throw new AppFailure(appError('no-connection', { connection: connectionId ?? '' }));
    // A key is only ever sent to the service of its own connection, never to another address.
    // …and only to the service it was filed for (keyFor).
    const key = auth.authKey ? await keyFor(this.keys, auth.authKey, connection) : '';
    if (key === undefined) throw new AppFailure(appError('not-found', { what: 'key' }));
    return new ApiClient(
      { baseUrl: connection.baseUrl, asyncUrl: connection.asyncUrl, key },
      this.clientOptions,
    );
  }

  private makeHandlers(): Handlers {
    return {
      'connections:list': async () => ({
        connections: this.connections.list(),
        active: this.connections.activeId(),
      }),
      'connections:save': async ({ connection }) => {
        const before = this.connections.get(connection.id);
        const sameService =
          before !== undefined &&
          (before.kind === 'local' ||
            (before.baseUrl === connection.baseUrl && before.asyncUrl === connection.asyncUrl));
        const saved = await this.connections.save(connection);
        if (connection.keyRef === saved.keyRef) return { connection: saved };
        // The key chosen in the editor applies when it was filed for this connection's service
        // as saved (keyServes). New addresses start without a key: one chosen for the old ones
        // is dropped with them; while the addresses stay, a key filed elsewhere is refused.
        const entry =
          connection.keyRef === null
            ? undefined
            : (await this.keys.list()).find((k) => k.id === connection.keyRef);
        const serves = entry !== undefined && keyServes(entry, saved);
        if (connection.keyRef !== null && !serves) {
          if (!sameService) return { connection: saved };
          throw new AppFailure(appError('not-found', { what: 'key' }));
        }
        return { connection: await this.connections.setKey(saved.id, connection.keyRef) };
      },
      'connections:test': async ({ connection }) => {
        checkAddress(connection.baseUrl);
        checkAddress(connection.asyncUrl);
        // The saved key goes only to the saved addresses: a test of edited addresses sends none.
        const saved = this.connections.get(connection.id);
        const sameService =
          saved !== undefined &&
          saved.keyRef === connection.keyRef &&
          saved.baseUrl === connection.baseUrl &&
          saved.asyncUrl === connection.asyncUrl;
        const key =
          sameService && saved.keyRef ? await keyFor(this.keys, saved.keyRef, saved) : undefined;
        const client = new ApiClient(
          { baseUrl: connection.baseUrl, asyncUrl: connection.asyncUrl, key: key ?? '' },
          { ...this.clientOptions, attempts: 1 },
        );
        const engines = (await client.engines()).map((e) => e.name);
        if (!key) return { engines, key: 'none' as const };
        try {
          await client.listProfiles(connection.engine);
          return { engines, key: 'accepted' as const };
        } catch (error) {
          const problem = toAppError(error);
          if (problem.code !== 'auth') throw error;
          return { engines, key: 'refused' as const, keyProblem: problem };
        }
      },
      'connections:setActive': async ({ id }) => {
        await this.connections.setActive(id);
        return { active: id };
      },
      'connections:remove': async ({ id }) => ({ active: await this.connections.remove(id) }),
      'keys:list': async () => ({
        keys: await this.keys.list(),
        storage: this.keys.kind,
        ...(this.keys.notice ? { notice: this.keys.notice } : {}),
      }),
      'keys:add': async ({ label, key, connection, use, expiresAt }) => {
        const target = this.connections.get(connection);
        if (!target)
          throw new AppFailure(appError('no-connection', { connection: connection ?? '' }));
        const entry = await this.keys.add({
          label,
          key,
          connection: target.id,
          service: serviceOf(target),
          expiresAt,
        });
        if (use !== false) await this.connections.setKey(target.id, entry.id);
        return { key: entry };
      },
      'keys:remove': async ({ id }) => {
        const wasLocal = this.connections.get('local')?.keyRef === id;
        const removed = await this.keys.remove(id);
        for (const connection of this.connections.list()) {
          if (connection.keyRef === id) await this.connections.setKey(connection.id, null);
        }
        // The local service's account gets a new key (same account, jobs and dictionaries).
        if (wasLocal) void this.supervisor?.renewKey();
        return { removed };
      },
      'keys:reveal': async ({ id }) => {
        const key = await this.keys.reveal(id);
        if (!key) throw new AppFailure(appError('not-found', { what: 'key' }));
        return { key };
      },
      'keys:issue': async ({ connection, epi, ipa, save, label, authKey, sid, spw }) => {
        if (sid !== undefined && spw === undefined)
          throw new AppFailure(appError('invalid-input', { detail: 'spw' }));
        const client = await this.issuingClient(connection, { authKey, sid });
        const key = await client.issueKey({
          epi,
          ...(ipa ? { ipa } : {}),
          ...(sid && spw ? { sid, spw } : {}),
        });
        if (!save) return { key };
        const target = this.connections.get(connection)!;
        const saved = await this.keys.add({
          label:
            label ?? `Issued ${new Date().toISOString().slice(0, 16).replace('T', ' ')} (${epi})`,
          key,
          connection: target.id,
          service: serviceOf(target),
        });
        return { key, saved };
      },
      'transcribe:files': async ({ paths, connection }, caller) => ({
        jobs: await this.runner.submit(paths, connection, caller.paths),
      }),
      'jobs:list': async () => ({ jobs: this.journal.list() }),
      'jobs:get': async ({ id }) => {
        const job = this.journal.get(id);
        if (!job) throw new AppFailure(appError('not-found', { what: 'job', id }));
        const transcript = await this.journal.readResult(job);
        return { job, ...(transcript ? { transcript } : {}) };
      },
      'jobs:remove': async ({ id }) => ({ removed: await this.runner.remove(id) }),
      'jobs:retry': async ({ id }) => ({ job: await this.runner.retry(id) }),
      'jobs:cancel': async ({ id }) => ({ job: await this.runner.cancel(id) }),
      'dictionary:profiles': async ({ engine, connection }) => ({
        profiles: await (await this.clientFor(connection)).listProfiles(engine),
      }),
      'dictionary:getWords': async ({ engine, profileId, connection }) => ({
        words: await (await this.clientFor(connection)).getWords(engine, profileId),
      }),
      'dictionary:setWords': async ({ engine, profileId, words, connection }) => {
        const client = await this.clientFor(connection);
        const before = await client.getWords(engine, profileId);
        const stored = await client.setWords(engine, profileId, words);
        return { words: stored, ...diffWords(before, stored) };
      },
      'dictionary:diff': async ({ engine, profileId, words, connection }) =>
        diffWords(await (await this.clientFor(connection)).getWords(engine, profileId), words),
      'dictionary:import': async ({ text, format }) => parseWordTable(text, format),
      'dictionary:export': async ({ engine, profileId, format, connection }) => {
        const words = await (await this.clientFor(connection)).getWords(engine, profileId);
        return { text: formatWordTable(words, format), count: words.length };
      },
      'dictionary:classnames': async ({ engine, connection }) => ({
        classnames: await (await this.clientFor(connection)).classnames(engine),
      }),
      'service:status': async () => ({
        ...(this.supervisor?.current() ?? {
          state: 'stopped',
          message: 'the local service is turned off',
        }),
        dataDir: this.dataDir,
      }),
      'service:restart': async () => {
        if (!this.supervisor)
          return { state: 'stopped' as const, message: 'the local service is turned off' };
        await this.supervisor.stop();
        return this.supervisor.start();
      },
      'export:save': async (request) => {
        if (!this.askSavePath)
          throw new AppFailure(
            appError('invalid-input', {}, 'export:save needs a save dialog; download instead'),
          );
        return saveExport(request, this.askSavePath);
      },
    };
  }
}

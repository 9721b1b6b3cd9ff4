/**
 * The host-agnostic core of the main process: the data folder (locked for this process), its
 * stores, the runner and the supervisor, behind the handlers of every channel (core/handlers/,
 * one file per domain). The Electron registrar and the web host call `dispatch` with what arrived
 * over IPC or HTTP; programs and tests call the typed `invoke`. Both validate the input against
 * the IPC contract and always answer a Result (thrown errors lose their shape across IPC).
 */
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
import { lockAppData, type AppLock } from './storage/app-lock';
import { toAppError } from './errors';
import { handlersOf } from './handlers';
import { PROGRAM, type Caller, type HandlerSet } from './handlers/types';
import { openParts, type CoreOptions, type CoreParts, type Listener, type Opened } from './parts';
import type { CoreLink } from './programs/program-link';

export { PROGRAM, type Caller } from './handlers/types';
export { diffWords } from './handlers/dictionary';
export type { CoreOptions, CoreParts, Listener } from './parts';

/**
 * The core's parts as fields of its own (`core.journal`, `core.live`), from the one record
 * `openParts` answers, so no part is listed twice.
 */
const WithParts = class {
  constructor(parts: CoreParts) {
    Object.assign(this, parts);
  }
} as new (parts: CoreParts) => CoreParts;

export class Core extends WithParts {
  private readonly listeners = new Set<Listener>();
  readonly handlers: HandlerSet<Channel>;

  private constructor(
    parts: CoreParts,
    private readonly lock: AppLock,
    private readonly options: CoreOptions,
  ) {
    super(parts);
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
    const opened: Opened = {};
    try {
      // Events raised while the parts are being opened go to the core once it exists.
      const ref: { core?: Core } = {};
      const parts = await openParts(
        options,
        (event, payload) => ref.core?.emit(event, payload),
        opened,
      );
      ref.core = new Core(parts, lock, options);
      return ref.core;
    } catch (error) {
      // The journal's index is written (or not) while the folder is still this start's.
      await opened.journal?.close();
      opened.usage?.close();
      lock.release();
      throw error;
    }
  }

  /**
   * Starts the local service, then resumes the jobs of the last run, then watches the app's
   * watched folders (their files interrupted by the last run's end finished first).
   */
  async start(): Promise<void> {
    await this.supervisor?.start();
    await this.runner.recordMedia();
    await this.runner.resume();
    if (this.options.watchFolders !== false) await this.watched.start(this.link());
    if ((this.options.calls ?? 'off') !== 'off') await this.calls.start();
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

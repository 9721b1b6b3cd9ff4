/**
 * How every host starts and stops on a data folder (the web host, the Electron main process, the
 * command line): the data folder from `--data` or KIKITORI_DATA_DIR, the language of the locale,
 * the core opened (which takes the folder's lock) or the running instance found and what to do
 * about it (the hand-over decision), one translated sentence and an exit code when it cannot
 * start, the program endpoint and `<data>/instance.json` for as long as it holds the folder, and
 * a clean stop on SIGINT and SIGTERM. The core and the endpoints load only when a host opens
 * them: the command line reads its language and data folder here and still starts at once.
 */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultDataDir } from '../../shared/domain/data-dir';
import { AppFailure, appError, langOf, type AppError, type Lang } from '../../shared/domain/errors';
import { errorText } from '../../shared/domain/error-text';
import { findRunningInstance, removeInstance, writeInstance, type Handover } from './app-instance';
import type { Core, CoreOptions } from '../core';
import type { OpenAiServer } from '../programs/openai/server';
import type { ProgramEndpoint } from '../programs/program-endpoint';

/** How long an app waits for a command that does not hand over (`jobs`, `export`) to end. */
const SHORT_COMMAND_MS = 5_000;

/** How long a second start waits for the running instance to answer. */
export const HANDOVER_MS = 30_000;

/** The language of this process's locale (LC_ALL, LC_MESSAGES, LANG): Japanese or English. */
export const processLang = (env: NodeJS.ProcessEnv = process.env): Lang =>
  langOf(env.LC_ALL || env.LC_MESSAGES || env.LANG);

/**
 * The data folder: `--data` when given, else KIKITORI_DATA_DIR or the XDG default
 * (~/.local/share/kikitori/app), made absolute: one set of jobs whichever host opens it.
 */
export const dataDirFrom = (flag?: string): string =>
  resolve(flag ?? defaultDataDir('app', process.env, homedir()));

/** Anything thrown, as the AppError a person is shown (`internal` for what is not one). */
export const asAppError = (error: unknown): AppError =>
  error instanceof AppFailure
    ? error.error
    : appError('internal', {}, error instanceof Error ? error.message : String(error));

/** The sentence for an error in `lang`, with what the system said after it in brackets. */
export function failureLine(error: unknown, lang: Lang = processLang()): string {
  const appErr = asAppError(error);
  return `${errorText(appErr, lang)}${appErr.detail ? ` (${appErr.detail})` : ''}`;
}

/** One sentence a person can act on, on stderr, then exit (1 unless told). */
export function failWith(error: unknown, exitCode = 1): never {
  process.stderr.write(`kikitori: ${failureLine(error)}\n`);
  process.exit(exitCode);
}

export type Opened =
  /** `takenFrom`: the command that held the folder and let go of it for this host. */
  | { readonly kind: 'opened'; readonly core: Core; readonly takenFrom?: number }
  /** Another live Kikitori holds the folder: where to send the person (undefined: it is silent). */
  | { readonly kind: 'held'; readonly running: Handover | undefined };

/**
 * Opens the core on the data folder (taking its lock), or, when another live Kikitori holds it,
 * finds that one to hand over to. A command holding it (`kikitori watch`, a long `transcribe`)
 * is asked to let go: it carries on through this host, which opens the core once the lock is
 * free. Any other failure (a folder that cannot be used) is thrown.
 */
export async function openOrHandOver(
  options: CoreOptions,
  handoverMs = HANDOVER_MS,
): Promise<Opened> {
  const { Core } = await import('../core');
  try {
    return { kind: 'opened', core: await Core.open(options) };
  } catch (error) {
    if (!isHeld(error)) throw error;
    const running = await findRunningInstance(options.dataDir, handoverMs);
    if (running?.kind !== 'command') return { kind: 'held', running };
    const { connectProgram } = await import('../programs/program-client');
    const reached = await connectProgram(options.dataDir);
    const letting = reached.kind === 'connected' && (await reached.letGo());
    if (reached.kind === 'connected') await reached.link.close();
    // A command that does not hand over (a list, an export) is waited for a moment: it ends.
    const core = await openOnceFree(options, letting ? handoverMs : SHORT_COMMAND_MS);
    return core ? { kind: 'opened', core, takenFrom: running.pid } : { kind: 'held', running };
  }
}

/** What a host starting on a folder another live Kikitori holds does about it. */
export type HandOverTo =
  /** Nothing it can hand over to: this sentence, and the host ends. */
  | { readonly kind: 'refused'; readonly error: AppFailure }
  /** The window holds it (pid): it is open already. */
  | { readonly kind: 'window'; readonly pid: number }
  /** Browser mode holds it: send the person to this one-time address. */
  | { readonly kind: 'browser'; readonly url: string };

/**
 * The hand-over decision of a host that found the folder held (`openOrHandOver`'s `held`): a
 * window or browser mode is handed over to; a command that did not let go, something not
 * Kikitori at the instance's address, or a holder that does not answer is said and refused.
 */
export function handOverTo(dataDir: string, running: Handover | undefined): HandOverTo {
  const refused = (error: AppError) => ({ kind: 'refused', error: new AppFailure(error) }) as const;
  if (!running) return refused(appError('app-running', { path: dataDir }));
  if (running.kind === 'impostor')
    return refused(appError('handover-refused', { url: running.url }));
  if (running.kind === 'command')
    return refused(appError('data-held-by-command', { pid: running.pid, path: dataDir }));
  if (running.kind === 'window') return { kind: 'window', pid: running.pid };
  return { kind: 'browser', url: running.url };
}

const isHeld = (error: unknown) =>
  error instanceof AppFailure && error.error.code === 'app-running';

/** The core, once the command that said it lets go has released the lock (within `ms`). */
async function openOnceFree(options: CoreOptions, ms: number): Promise<Core | undefined> {
  const { Core } = await import('../core');
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await Core.open(options);
    } catch (error) {
      if (!isHeld(error)) throw error;
      if (Date.now() > deadline) return undefined;
      await sleep(100);
    }
  }
}

/** What a host holding the data folder publishes, until `stop`. */
export interface HeldFolder {
  /** The program endpoint; undefined when it could not be served (said on stderr). */
  readonly endpoint: ProgramEndpoint | undefined;
  /** Stops the endpoint and removes `instance.json` (the core is the host's to stop). */
  stop(): Promise<void>;
}

/**
 * Serves the program endpoint of an open core and writes `<data>/instance.json` (the host's
 * address and token, when it has them, and the endpoint). An endpoint that cannot be served
 * (another file in its place) is said in one sentence and the host runs on without it; an
 * instance file that cannot be written is thrown.
 */
export async function holdDataFolder(
  core: Core,
  instance: { readonly host: 'window' | 'browser' | 'command'; url?: string; token?: string },
  warn: (line: string) => void = (line) => process.stderr.write(`kikitori: ${line}\n`),
  /** Serve the OpenAI-compatible endpoint (default: the window and browser mode do). */
  openai: boolean = instance.host !== 'command',
  /** A command lets go of the folder when an app starting on it asks (core/programs/program-endpoint.ts). */
  onHandover?: () => void,
): Promise<HeldFolder> {
  const [{ startProgramEndpoint }, { startOpenAiServer }] = await Promise.all([
    import('../programs/program-endpoint'),
    import('../programs/openai/server'),
  ]);
  const endpoint = await startProgramEndpoint(core, onHandover ? { onHandover } : {}).catch(
    (error: unknown) => {
      warn(
        failureLine(
          new AppFailure(
            appError(
              'program-unreachable',
              { path: core.dataDir, reason: 'not-served' },
              error instanceof Error ? error.message : String(error),
            ),
          ),
        ),
      );
      return undefined;
    },
  );
  let programs: OpenAiServer | undefined;
  try {
    if (openai) programs = await startOpenAiServer(core);
    await writeInstance(core.dataDir, {
      pid: process.pid,
      ...instance,
      ...(endpoint ? { endpoint: endpoint.path } : {}),
      ...(programs ? { openaiBaseUrl: programs.baseUrl } : {}),
    });
  } catch (error) {
    await Promise.all([endpoint?.close(), programs?.close()]);
    throw error;
  }
  return {
    endpoint,
    stop: async () => {
      await Promise.all([endpoint?.close(), programs?.close(), removeInstance(core.dataDir)]);
    },
  };
}

/**
 * The first SIGINT or SIGTERM calls `first`; a signal after it calls `again` with its name (by
 * default nothing: a stop under way is not cut short). Returns what stops listening.
 */
export function onStopSignals(
  first: () => void,
  again: (signal: NodeJS.Signals) => void = () => {},
): () => void {
  let heard = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (heard) return again(signal);
    heard = true;
    first();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}

/**
 * SIGINT and SIGTERM run `stop` once (closing what the host holds: stopping the core releases
 * the data folder's lock), then the process exits with `exitCode`.
 */
export function stopOnSignals(stop: () => Promise<unknown>, exitCode = 0): void {
  onStopSignals(() => void stop().finally(() => process.exit(exitCode)));
}

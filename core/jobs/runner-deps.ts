/**
 * What the transcription runner (./transcription-runner.ts) is made from and works by: its
 * dependencies, its clock, the settings some files are sent with, how often it looks at a job,
 * and which failures of a status check it waits out.
 */
import type { Connection } from '../../shared/domain/connection';
import type { Job } from '../../shared/domain/job';
import type { EventName, EventPayload } from '../../shared/ipc/contract';
import type { ClientProvider } from '../clients';
import type { ConnectionStore } from '../connections/connection-store';
import type { UsageMeter } from '../usage/usage-meter';
import type { JobJournal } from './job-journal';

/** Time as the runner sees it: the current time, and a timer that can be cancelled. */
export interface Clock {
  now(): number;
  /** Calls `run` after `ms`; the returned function cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/**
 * A job on the local service is looked at every 3 s at most: the request goes to this machine
 * and costs it next to nothing, and the job shows done within 3 s of its end rather than up to
 * 30 s later. A cloud job's checks back off to `pollMaxMs` (30 s).
 */
export const LOCAL_POLL_MAX_MS = 3_000;

export interface RunnerDeps {
  readonly journal: JobJournal;
  readonly connections: ConnectionStore;
  /** Where each request's client comes from, keyed for its connection (core/clients.ts). */
  readonly clients: ClientProvider;
  readonly dataDir: string;
  readonly emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  readonly pollMinMs?: number;
  readonly pollMaxMs?: number;
  readonly clock?: Clock;
  /** Where what is sent is counted, and the budget checked (core/usage/). */
  readonly usage?: Pick<UsageMeter, 'bill' | 'checkBudget'>;
}

/** An engine, profile, speaker labels or speech only for some files (the command line's flags). */
export interface SubmitSettings {
  readonly engine?: string | undefined;
  readonly profileId?: string | undefined;
  readonly speakers?: boolean | undefined;
  readonly speechOnly?: boolean | undefined;
  /** Send even past the connection's monthly budget (the person was asked). */
  readonly overBudget?: boolean | undefined;
}

/** The connection as these files use it: what `use` says over what it saved. */
export function withSettings(connection: Connection, use: SubmitSettings): Connection {
  return {
    ...connection,
    ...(use.engine !== undefined && { engine: use.engine }),
    ...(use.profileId !== undefined && { profileId: use.profileId }),
    ...(use.speechOnly !== undefined && { speechOnly: use.speechOnly }),
    ...(use.speakers !== undefined && {
      settings: { ...connection.settings, speakerDiarization: use.speakers ? 'True' : 'False' },
    }),
  };
}

export const TRANSIENT = new Set(['network', 'timeout', 'server', 'busy', 'service-not-started']);

/**
 * The number a new file named `name` gets beside its name when jobs already have that name:
 * one more than the highest of theirs (the first counts as 1), so a removal never repeats one.
 */
export function nthOf(jobs: readonly Job[], name: string): number | undefined {
  let highest = 0;
  for (const job of jobs) {
    if (job.file.name === name) highest = Math.max(highest, job.file.nth ?? 1);
  }
  return highest > 0 ? highest + 1 : undefined;
}

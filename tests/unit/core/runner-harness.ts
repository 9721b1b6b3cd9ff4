/**
 * The runner with real storage (journal, connections in a temporary folder) and two small fakes:
 * a clock whose timers fire only when a test says so, and an API client typed from the real one
 * whose answers each test scripts. Requests honour their AbortSignal like the real client.
 */
import { mkdtemp, open, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestAborted, type RecognitionUpload } from '../../../core/api-client/api-client';
import { ConnectionStore } from '../../../core/connections/connection-store';
import { JobJournal } from '../../../core/jobs/job-journal';
import { ClientProvider, type Client } from '../../../core/clients';
import { TranscriptionRunner, type Clock } from '../../../core/jobs/transcription-runner';
import { SessionKeyStore } from '../../../core/key-store/key-store';
import { appError } from '../../../shared/domain/errors';
import { serviceOf } from '../../../shared/domain/key';
import { wavHeader } from '../../support/wav-header';
import type { JobStatus, SyncResponse } from '../../../shared/api';
import type { EventName, EventPayload } from '../../../shared/ipc/contract';

export class FakeClock implements Clock {
  private time = 1_700_000_000_000;
  private timers: Array<{ at: number; ms: number; run: () => void; cancelled: boolean }> = [];
  private waiting: Array<() => void> = [];
  /** Every delay the runner asked for, in order. */
  readonly delays: number[] = [];

  now(): number {
    return this.time;
  }

  after(ms: number, run: () => void): () => void {
    const timer = { at: this.time + ms, ms, run, cancelled: false };
    this.timers.push(timer);
    this.delays.push(ms);
    for (const wake of this.waiting.splice(0)) wake();
    return () => {
      timer.cancelled = true;
    };
  }

  pending(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }

  /** Resolves once a timer is set (at once when one is). */
  async nextTimer(): Promise<void> {
    while (this.pending() === 0) await new Promise<void>((wake) => this.waiting.push(wake));
  }

  /** Moves time to the earliest timer and runs it; returns its delay. */
  async fire(): Promise<number> {
    await this.nextTimer();
    const live = this.timers.filter((t) => !t.cancelled).sort((a, b) => a.at - b.at);
    const timer = live[0]!;
    this.timers = live.slice(1);
    this.time = timer.at;
    timer.run();
    return timer.ms;
  }
}

/** A request the test answers (or fails) when it likes; it rejects like the real one when aborted. */
export class Pending<T> {
  readonly promise: Promise<T>;
  resolve!: (value: T) => void;
  reject!: (error: unknown) => void;
  constructor(signal?: AbortSignal) {
    this.promise = new Promise<T>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      signal?.addEventListener('abort', () => reject(new RequestAborted()), { once: true });
    });
  }
}

type Upload = RecognitionUpload & { logging?: boolean; version?: 1 | 2 };

/** Scripted API client: each call asks the current handler; unscripted calls fail the test. */
export class FakeClient implements Client {
  readonly calls: Array<{ method: string; upload?: Upload; sessionId?: string; version?: number }> =
    [];
  onRecognize: (upload: Upload) => Promise<SyncResponse & { sessionId?: string }> = () =>
    Promise.reject(new Error('recognize was not scripted'));
  onCreateJob: (upload: Upload) => Promise<{ sessionid: string }> = () =>
    Promise.reject(new Error('createJob was not scripted'));
  onGetJob: (sessionId: string, version: 1 | 2, signal?: AbortSignal) => Promise<JobStatus> = () =>
    Promise.reject(new Error('getJob was not scripted'));

  recognize(upload: RecognitionUpload & { logging: boolean }) {
    this.calls.push({ method: 'recognize', upload });
    return this.onRecognize(upload);
  }
  createJob(upload: RecognitionUpload & { version: 1 | 2 }) {
    this.calls.push({ method: 'createJob', upload, version: upload.version });
    return this.onCreateJob(upload);
  }
  onCancelJob: (sessionId: string, version: 1 | 2, signal?: AbortSignal) => Promise<boolean> = () =>
    Promise.reject(new Error('cancelJob was not scripted'));
  cancelJob(sessionId: string, version: 1 | 2, signal?: AbortSignal) {
    this.calls.push({ method: 'cancelJob', sessionId, version });
    return this.onCancelJob(sessionId, version, signal);
  }
  getJob(sessionId: string, version: 1 | 2, signal?: AbortSignal) {
    this.calls.push({ method: 'getJob', sessionId, version });
    return this.onGetJob(sessionId, version, signal);
  }
  private unused(name: string): never {
    throw new Error(`the runner does not call ${name}`);
  }
  engines(): ReturnType<Client['engines']> {
    return this.unused('engines');
  }
  listProfiles(): ReturnType<Client['listProfiles']> {
    return this.unused('listProfiles');
  }
  getWords(): ReturnType<Client['getWords']> {
    return this.unused('getWords');
  }
  setWords(): ReturnType<Client['setWords']> {
    return this.unused('setWords');
  }
  classnames(): ReturnType<Client['classnames']> {
    return this.unused('classnames');
  }
  issueKey(): ReturnType<Client['issueKey']> {
    return this.unused('issueKey');
  }
}

export interface Harness {
  readonly dir: string;
  readonly runner: TranscriptionRunner;
  readonly journal: JobJournal;
  readonly connections: ConnectionStore;
  readonly clock: FakeClock;
  readonly client: FakeClient;
  readonly events: Array<{ event: EventName; payload: unknown }>;
  /** A 16 kHz mono WAV header padded to `size` bytes (sparse): real enough for sniffing and routing. */
  audio(name: string, size: number): Promise<string>;
  /** A new runner on the same folder, as after a restart. */
  restart(): Promise<Harness>;
  close(): Promise<void>;
}

export async function harness(dir?: string): Promise<Harness> {
  const folder = dir ?? (await mkdtemp(join(tmpdir(), 'kikitori-unit-')));
  const journal = await JobJournal.open(folder);
  const connections = await ConnectionStore.open(folder);
  connections.setLocalUrl('http://127.0.0.1:9');
  const keys = new SessionKeyStore(appError('keychain-unavailable', {}, 'unit tests'));
  const key = await keys.add({
    label: 'test',
    key: 'k'.repeat(16),
    connection: 'local',
    service: { kind: 'local' },
  });
  await connections.setKey('local', key.id);
  const cloudKey = await keys.add({
    label: 'cloud',
    key: 'c'.repeat(16),
    connection: 'cloud',
    service: serviceOf(connections.get('cloud')!),
  });
  await connections.setKey('cloud', cloudKey.id);
  const clock = new FakeClock();
  const client = new FakeClient();
  const events: Harness['events'] = [];
  const runner = new TranscriptionRunner({
    journal,
    connections,
    clients: new ClientProvider({ connections, keys, clientFactory: () => client }),
    dataDir: folder,
    emit: <E extends EventName>(event: E, payload: EventPayload<E>) =>
      events.push({ event, payload }),
    clock,
  });
  return {
    dir: folder,
    runner,
    journal,
    connections,
    clock,
    client,
    events,
    async audio(name, size) {
      const path = join(folder, name);
      // A whole header: its length is read from it. A bare RIFF/WAVE one would send routing to
      // ffprobe, which takes seconds to give up on 17 MB of zeros.
      await writeFile(path, wavHeader(size - 44));
      await truncate(path, size);
      return path;
    },
    async restart() {
      runner.stop();
      return harness(folder);
    },
    async close() {
      runner.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Whether a file exists. */
export async function exists(path: string): Promise<boolean> {
  try {
    await (await open(path, 'r')).close();
    return true;
  } catch {
    return false;
  }
}

/**
 * Files brought into this session: a row per file from the drop to its job. The window holds
 * an opaque reference to each file, never its path (under Electron the preload hands the path to
 * the main process; in browser mode the file first streams to the web host); transcribe:files
 * makes a job of the reference, and from there the row follows the job's events. A file is sent
 * at once even while the local service starts: the core's job waits for the service and says so
 * on the job (core/clients.ts, the runner's `service-starting`), which the row shows.
 */
import type { StateCreator } from 'zustand';
import type { AppError } from '../../../shared/domain/errors';
import { judgeFile, type Verdict } from './accept';
import { mediaDuration } from '../ui/media-duration';
import type { AppState, StoreDeps } from './store';

/** `asking`: the file would go past the connection's budget, and the person is asked first. */
export type RowPhase =
  'waiting' | 'sending' | 'submitting' | 'asking' | 'job' | 'failed' | 'cancelled';

export interface FileRow {
  readonly key: string;
  readonly name: string;
  readonly size: number;
  readonly connection: string;
  phase: RowPhase;
  /** 0–1 while the file streams to the host. */
  sent: number;
  durationSec?: number;
  jobId?: string;
  error?: AppError;
}

export interface Rejected {
  readonly name: string;
  readonly reason: Extract<Verdict, { ok: false }>['reason'];
}

export interface TranscribeSlice {
  rows: FileRow[];
  rejected: Rejected[];
  addFiles: (files: readonly File[]) => void;
  cancelRow: (key: string) => void;
  clearFinished: () => void;
  /** The answer to a row `asking`: send it past the budget anyway, or not. */
  answerBudget: (key: string, send: boolean) => Promise<void>;
}

let nextKey = 0;

export const createTranscribeSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], TranscribeSlice> =>
  (set, get) => {
    const aborts = new Map<string, AbortController>();
    const patch = (key: string, changes: Partial<FileRow>) =>
      set((state) => ({
        rows: state.rows.map((row) => (row.key === key ? { ...row, ...changes } : row)),
      }));
    const phaseOf = (key: string) => get().rows.find((row) => row.key === key)?.phase;

    async function run(row: FileRow, file: File): Promise<void> {
      const abort = new AbortController();
      aborts.set(row.key, abort);
      void mediaDuration(file).then((seconds) => {
        if (seconds !== undefined) patch(row.key, { durationSec: seconds });
      });
      try {
        patch(row.key, { phase: 'sending', sent: 0 });
        const chosen = await bridge.chosenFile(
          file,
          (sent, total) => patch(row.key, { sent: total > 0 ? sent / total : 0 }),
          abort.signal,
        );
        if (abort.signal.aborted) return;
        if (!chosen.ok) return patch(row.key, { phase: 'failed', error: chosen.error });
        await submit(row, chosen.data, false);
      } finally {
        aborts.delete(row.key);
      }
    }

    /** The files' references waiting for the person's answer about the budget, by row. */
    const asking = new Map<string, string>();

    async function submit(row: FileRow, reference: string, overBudget: boolean): Promise<void> {
      patch(row.key, { phase: 'submitting', sent: 1, error: undefined });
      const result = await bridge.call('transcribe:files', {
        files: [reference],
        // '' when the file came before the window read the connections (a drop right after
        // start): the core's active connection, the one the window was about to show.
        ...(row.connection ? { connection: row.connection } : {}),
        ...(overBudget ? { overBudget } : {}),
      });
      if (!result.ok && result.error.code === 'over-budget') {
        asking.set(row.key, reference);
        return patch(row.key, { phase: 'asking', error: result.error });
      }
      if (!result.ok) return patch(row.key, { phase: 'failed', error: result.error });
      const job = result.data.jobs[0]!;
      get().applyJob(job);
      patch(row.key, { phase: 'job', jobId: job.id });
    }

    return {
      rows: [],
      rejected: [],
      addFiles(files) {
        const rejected: Rejected[] = [];
        const added: Array<[FileRow, File]> = [];
        const connection = get().activeConnection;
        for (const file of files) {
          const verdict = judgeFile(file);
          if (!verdict.ok) {
            rejected.push({ name: file.name, reason: verdict.reason });
            continue;
          }
          const row: FileRow = {
            key: `f${nextKey++}`,
            name: file.name,
            size: file.size,
            connection,
            phase: 'waiting',
            sent: 0,
          };
          added.push([row, file]);
        }
        set((state) => ({ rows: [...added.map(([row]) => row), ...state.rows], rejected }));
        for (const [row, file] of added) void run(row, file);
      },
      cancelRow(key) {
        const phase = phaseOf(key);
        if (phase !== 'waiting' && phase !== 'sending') return;
        aborts.get(key)?.abort();
        patch(key, { phase: 'cancelled' });
      },
      async answerBudget(key, send) {
        const row = get().rows.find((r) => r.key === key);
        const reference = asking.get(key);
        asking.delete(key);
        if (!row || reference === undefined || row.phase !== 'asking') return;
        if (!send) return patch(key, { phase: 'cancelled', error: undefined });
        await submit(row, reference, true);
      },
      clearFinished() {
        set((state) => ({
          rejected: [],
          rows: state.rows.filter((row) => {
            if (row.phase === 'failed' || row.phase === 'cancelled') return false;
            if (row.phase !== 'job') return true;
            const status = state.jobs[row.jobId!]?.status;
            return status !== 'completed' && status !== 'failed' && status !== undefined;
          }),
        }));
      },
    };
  };

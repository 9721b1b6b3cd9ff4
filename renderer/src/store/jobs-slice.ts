/**
 * The jobs, mirrored from the host (docs/architecture.md §5): hydrated with jobs:list, then kept current by
 * jobs:changed / jobs:removed / upload:progress. Kept as a map plus an order (newest first), so
 * one job's event replaces one entry and re-renders one row.
 */
import type { StateCreator } from 'zustand';
import type { Job } from '../../../shared/domain/job';
import { DONE, type Result } from './result';
import type { AppState, StoreDeps } from './store';

export interface JobsSlice {
  jobs: Record<string, Job>;
  /** Job ids, newest first. */
  jobOrder: string[];
  /** Bytes sent to the service while a job uploads, from upload:progress. */
  uploads: Record<string, { sent: number; total: number }>;
  jobsLoaded: boolean;
  /** Reads the list again; a failure is also kept in `hostError` (the status bar shows it). */
  loadJobs: () => Promise<Result<void>>;
  applyJob: (job: Job) => void;
  dropJob: (id: string) => void;
  setUploadProgress: (id: string, sent: number, total: number) => void;
  retryJob: (id: string) => Promise<Result<void>>;
  /** Stops a queued or running job (it stays, failed with `cancelled`). */
  cancelJob: (id: string) => Promise<Result<void>>;
  removeJob: (id: string) => Promise<Result<void>>;
  /** Names a job (empty: its file name again); a refused name is the Result's error. */
  renameJob: (id: string, title: string) => Promise<Result<void>>;
}

/** Where a job created at `createdAt` goes in a newest-first order. */
function insertionIndex(order: readonly string[], jobs: Record<string, Job>, job: Job): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const other = jobs[order[mid]!]!;
    if (other.createdAt > job.createdAt) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The later of two copies of a job by the journal's revision (shared/domain/job.ts): a call's
 * answer and the events of its job come over different links (browser mode: the HTTP answer and
 * the event stream), so a job that failed at once may be heard failed before it is answered queued.
 */
function newer(held: Job | undefined, job: Job): Job {
  return held && (held.revision ?? 0) > (job.revision ?? 0) ? held : job;
}

export const createJobsSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], JobsSlice> =>
  (set, get) => ({
    jobs: {},
    jobOrder: [],
    uploads: {},
    jobsLoaded: false,
    async loadJobs() {
      const result = await bridge.call('jobs:list', {});
      if (!result.ok) {
        set({ hostError: result.error });
        return result;
      }
      // A change heard while the list was on its way is newer than the list's copy.
      const held = get().jobs;
      const jobs: Record<string, Job> = {};
      for (const job of result.data.jobs) jobs[job.id] = newer(held[job.id], job);
      const jobOrder = result.data.jobs
        .slice()
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((job) => job.id);
      set({ jobs, jobOrder, jobsLoaded: true });
      return DONE;
    },
    applyJob(job) {
      set((state) => {
        // A copy older than the one held (an answer overtaken by its job's events) changes nothing.
        if (newer(state.jobs[job.id], job) !== job) return {};
        const jobs = { ...state.jobs, [job.id]: job };
        if (state.jobs[job.id]) return { jobs };
        const jobOrder = state.jobOrder.slice();
        jobOrder.splice(insertionIndex(state.jobOrder, state.jobs, job), 0, job.id);
        return { jobs, jobOrder };
      });
    },
    dropJob(id) {
      if (!get().jobs[id]) return;
      set((state) => {
        const { [id]: _gone, ...jobs } = state.jobs;
        const { [id]: _upload, ...uploads } = state.uploads;
        return {
          jobs,
          uploads,
          jobOrder: state.jobOrder.filter((other) => other !== id),
          openJob: state.openJob === id ? undefined : state.openJob,
        };
      });
    },
    setUploadProgress(id, sent, total) {
      set((state) => ({ uploads: { ...state.uploads, [id]: { sent, total } } }));
    },
    async retryJob(id) {
      const result = await bridge.call('jobs:retry', { id });
      if (!result.ok) return result;
      get().applyJob(result.data.job);
      return DONE;
    },
    async cancelJob(id) {
      const result = await bridge.call('jobs:cancel', { id });
      if (!result.ok) return result;
      get().applyJob(result.data.job);
      return DONE;
    },
    async renameJob(id, title) {
      const result = await bridge.call('jobs:rename', { id, title });
      if (!result.ok) return result;
      get().applyJob(result.data.job);
      return DONE;
    },
    async removeJob(id) {
      const result = await bridge.call('jobs:remove', { id });
      if (!result.ok) return result;
      get().dropJob(id);
      return DONE;
    },
  });

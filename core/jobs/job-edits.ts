/**
 * A person's corrections of a job's transcript (shared/domain/edits.ts): an edit
 * history per job, stored by the journal apart from the service's transcript, which is never
 * changed. Each change (an operation, undo, redo) is checked against the transcript as it then
 * stands, written atomically before it is answered, and runs after the job's change before it,
 * so undo works the same after a restart. The job's `edited` flag and its preview (the first
 * words, as corrected) follow: Jobs marks and lists them.
 *
 * `currentTranscript` (or `bothTranscripts`, beside the service's) is the one reader of the text a
 * person sees: exports, search and the viewer all read the transcript with the edits in effect
 * through it.
 */
import {
  applicable,
  EDIT_HISTORY_MAX_BYTES,
  EDIT_MAX_CHARS,
  editChars,
  editedTranscript,
  pushEdit,
  redo,
  undo,
  type EditedTranscript,
  type EditHistory,
  type EditOp,
} from '../../shared/domain/edits';
import { AppFailure, appError } from '../../shared/domain/errors';
import type { Job, Transcript } from '../../shared/domain/job';
import { JobRemoved, type EditChange, type JobJournal } from './job-journal';
import { previewOf } from './preview';

/** The transcript a person sees: the service's with the job's edits in effect. */
export async function currentTranscript(
  journal: JobJournal,
  job: Job,
): Promise<EditedTranscript | undefined> {
  return (await bothTranscripts(journal, job))?.edited;
}

/** The service's transcript and the one a person sees, from one reading of the job's files. */
export async function bothTranscripts(
  journal: JobJournal,
  job: Job,
): Promise<{ service: Transcript; edited: EditedTranscript } | undefined> {
  const service = await journal.readResult(job);
  if (!service) return undefined;
  return { service, edited: editedTranscript(service, await journal.readEdits(job.id)) };
}

export interface JobEditsView {
  readonly job: Job;
  readonly edits: EditHistory;
}

interface Loaded {
  readonly resultFile: string;
  readonly transcript: Transcript;
  history: EditHistory;
  current: EditedTranscript;
  /** The bytes of each of the history's operations, as JSON (the bound counts them). */
  sizes: number[];
}

const sizeOf = (op: EditOp) => Buffer.byteLength(JSON.stringify(op));

/** A change and the history it makes. */
interface Step {
  readonly change: EditChange;
  readonly history: EditHistory;
}

/** How many transcripts stay parsed in memory for the next edit (one open in each window). */
const KEPT = 4;

export class JobEdits {
  private readonly loaded = new Map<string, Loaded>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly deps: {
      readonly journal: JobJournal;
      /** jobs:changed, after every change of a job's edits (its text changed). */
      readonly emit: (job: Job) => void;
      readonly now?: () => number;
    },
  ) {}

  /**
   * A job's transcript as the service gave it and its edit history, for a window that opens it:
   * read once, and kept for the corrections that follow. None for a job without a transcript.
   */
  async opened(id: string): Promise<{ transcript: Transcript; history: EditHistory } | undefined> {
    const job = this.deps.journal.get(id);
    if (!job?.resultFile) return undefined;
    const resultFile = job.resultFile;
    return this.serial(id, async () => {
      const state = await this.read({ ...job, resultFile });
      if (!state) return undefined;
      // The flag and the preview are written after the edits: a crash between the two (or a job
      // corrected before the preview followed corrections) is mended here.
      await this.mark(job, state.current);
      return { transcript: state.transcript, history: state.history };
    });
  }

  /**
   * Writes what the job shows of its text, when it changed: whether it is edited, and its first
   * words as corrected (Jobs lists them). The job as it now is, announced when written.
   */
  private async mark(job: Job, current: EditedTranscript): Promise<Job> {
    const edited = current.edited === true;
    // A job never corrected keeps the preview its transcript was given.
    const preview = edited || job.edited ? previewOf(current.text) : job.preview;
    if ((job.edited ?? false) === edited && job.preview === preview) return job;
    const saved = await this.deps.journal.save({
      ...job,
      edited,
      ...(preview === undefined ? {} : { preview }),
      updatedAt: (this.deps.now ?? Date.now)(),
    });
    this.deps.emit(saved);
    return saved;
  }

  /**
   * Makes a correction: refused when it holds more than EDIT_MAX_CHARS characters, or would take
   * the operations in effect past EDIT_HISTORY_MAX_BYTES (those undone make room).
   */
  apply(id: string, op: EditOp): Promise<JobEditsView> {
    const chars = editChars(op);
    if (chars > EDIT_MAX_CHARS)
      return Promise.reject(
        new AppFailure(appError('edit-too-long', { length: chars, max: EDIT_MAX_CHARS })),
      );
    const size = sizeOf(op);
    return this.change(id, (state) => {
      if (!applicable(state.current, op))
        throw new AppFailure(appError('edit-refused', {}, `${op.kind} does not fit`));
      const kept = state.sizes
        .slice(0, state.history.position)
        .reduce((sum, bytes) => sum + bytes, 0);
      if (kept + size > EDIT_HISTORY_MAX_BYTES)
        throw new AppFailure(appError('edit-history-full', { max: EDIT_HISTORY_MAX_BYTES }));
      return { change: { push: op }, history: pushEdit(state.history, op) };
    });
  }

  undo(id: string): Promise<JobEditsView> {
    return this.change(id, (state) => ({ change: { undo: true }, history: undo(state.history) }));
  }

  redo(id: string): Promise<JobEditsView> {
    return this.change(id, (state) => ({ change: { redo: true }, history: redo(state.history) }));
  }

  private serial<T>(id: string, work: () => Promise<T>): Promise<T> {
    const next = (this.queues.get(id) ?? Promise.resolve()).then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(id, settled);
    void settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return next;
  }

  private async load(job: Job & { resultFile: string }): Promise<Loaded> {
    const state = await this.read(job);
    if (!state) throw new AppFailure(appError('not-found', { what: 'resource' }));
    return state;
  }

  /** The job's transcript and edits, kept or read; none when its transcript is gone. */
  private async read(job: Job & { resultFile: string }): Promise<Loaded | undefined> {
    const kept = this.loaded.get(job.id);
    if (kept?.resultFile === job.resultFile) {
      // Most recently used last.
      this.loaded.delete(job.id);
      this.loaded.set(job.id, kept);
      return kept;
    }
    const transcript = await this.deps.journal.readResult(job);
    if (!transcript) return undefined;
    const history = await this.deps.journal.readEdits(job.id);
    const loaded = {
      resultFile: job.resultFile,
      transcript,
      history,
      current: editedTranscript(transcript, history),
      sizes: history.ops.map(sizeOf),
    };
    this.loaded.set(job.id, loaded);
    while (this.loaded.size > KEPT) this.loaded.delete(this.loaded.keys().next().value!);
    return loaded;
  }

  private change(id: string, next: (state: Loaded) => Step): Promise<JobEditsView> {
    return this.serial(id, async () => {
      const job = this.deps.journal.get(id);
      if (!job) throw new AppFailure(appError('not-found', { what: 'job', id }));
      if (!job.resultFile) throw new AppFailure(appError('not-found', { what: 'resource' }));
      const state = await this.load({ ...job, resultFile: job.resultFile });
      const { change, history } = next(state);
      if (history === state.history) return { job, edits: history };
      const current = editedTranscript(state.transcript, history);
      try {
        await this.deps.journal.saveEdit(id, change, history);
        if ('push' in change)
          state.sizes = [...state.sizes.slice(0, state.history.position), sizeOf(change.push)];
        state.history = history;
        state.current = current;
        const marked = await this.mark(job, current);
        if (marked !== job) return { job: marked, edits: history };
      } catch (error) {
        this.loaded.delete(id);
        if (error instanceof JobRemoved)
          throw new AppFailure(appError('not-found', { what: 'job', id }));
        throw error;
      }
      this.deps.emit(job);
      return { job, edits: history };
    });
  }
}

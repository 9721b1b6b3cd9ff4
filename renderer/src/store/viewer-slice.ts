/**
 * Which job's transcript is open, its loaded transcript and a person's edits of it (kept apart,
 * core/jobs/job-edits.ts), its audio, and saving its exports.
 */
import type { StateCreator } from 'zustand';
import type { EditHistory, EditOp } from '../../../shared/domain/edits';
import { NO_EDITS } from '../../../shared/domain/no-edits';
import type { AppError } from '../../../shared/domain/errors';
import type { Job, Transcript } from '../../../shared/domain/job';
import type { ExportFile, JobExport, JobExported, JobsExport } from '../host/download';
import { rememberExportPrefs, storedExportPrefs, type ExportPrefs } from './export-prefs';
import { DONE, type Result } from './result';
import type { AppState, StoreDeps } from './store';

export interface ViewerSlice {
  openJob: string | undefined;
  /** The word (index in the transcript's words) to open the viewer on, focused: a search hit's. */
  openWord: number | undefined;
  /** What the viewer's find box holds when it opens: the search that led there. */
  openFind: string | undefined;
  transcript:
    | { jobId: string; value: Transcript | undefined; edits: EditHistory; error?: AppError }
    | undefined;
  /** Opens a job's transcript; a failure to read it is shown in the viewer (`transcript.error`). */
  openTranscript: (jobId: string, word?: number, find?: string) => Promise<Result<void>>;
  closeTranscript: () => void;
  /** One correction of the open transcript, stored by the core before it is shown. */
  editTranscript: (op: EditOp) => Promise<Result<void>>;
  undoTranscriptEdit: () => Promise<Result<void>>;
  redoTranscriptEdit: () => Promise<Result<void>>;
  /** Where the player gets a job's audio (in browser mode an address with a ticket for it). */
  mediaUrlOf: (jobId: string) => Promise<string>;
  /** Saves a word table through the host's dialog or as a download. */
  saveFile: (file: ExportFile) => Promise<Result<void>>;
  /** A job's transcript in each format, rendered by the core; saved, or downloaded. */
  exportJob: (request: JobExport) => Promise<JobExported>;
  /** Several jobs (from Jobs) in each format: into a folder, or one zip downloaded. */
  exportJobs: (request: JobsExport) => Promise<JobExported>;
  /** What the export dialog was last set to (remembered in this browser). */
  exportPrefs: ExportPrefs;
  setExportPrefs: (prefs: ExportPrefs) => void;
}

export const createViewerSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], ViewerSlice> =>
  (set, get) => {
    /** Answers of the edit channels land only on the transcript they were made for. */
    const edited = async (
      call: (jobId: string) => Promise<Result<{ job: Job; edits: EditHistory }>>,
    ): Promise<Result<void>> => {
      const open = get().transcript;
      if (!open?.value) return DONE;
      const result = await call(open.jobId);
      if (!result.ok) return result;
      get().applyJob(result.data.job);
      const now = get().transcript;
      if (now?.jobId === open.jobId) set({ transcript: { ...now, edits: result.data.edits } });
      return DONE;
    };
    return {
      openJob: undefined,
      openWord: undefined,
      openFind: undefined,
      transcript: undefined,
      async openTranscript(jobId, word, find) {
        set({ openJob: jobId, openWord: word, openFind: find, transcript: undefined });
        const result = await bridge.call('jobs:get', { id: jobId });
        if (!result.ok) {
          if (get().openJob === jobId)
            set({ transcript: { jobId, value: undefined, edits: NO_EDITS, error: result.error } });
          return result;
        }
        if (get().openJob !== jobId) return DONE;
        get().applyJob(result.data.job);
        set({
          transcript: {
            jobId,
            value: result.data.transcript,
            edits: result.data.edits ?? NO_EDITS,
          },
        });
        return DONE;
      },
      closeTranscript: () =>
        set({
          openJob: undefined,
          openWord: undefined,
          openFind: undefined,
          transcript: undefined,
        }),
      editTranscript: (op) => edited((id) => bridge.call('edits:apply', { id, op })),
      undoTranscriptEdit: () => edited((id) => bridge.call('edits:undo', { id })),
      redoTranscriptEdit: () => edited((id) => bridge.call('edits:redo', { id })),
      mediaUrlOf: (jobId) => bridge.mediaUrl(jobId),
      // Saving loads with the first save or export, not with the window.
      async saveFile(file) {
        const { saveExport } = await import('../host/download');
        const error = await saveExport(bridge, file);
        return error ? { ok: false, error } : DONE;
      },
      async exportJob(request) {
        const { exportJob } = await import('../host/download');
        return exportJob(bridge, request);
      },
      async exportJobs(request) {
        const { exportJobs } = await import('../host/download');
        return exportJobs(bridge, request);
      },
      exportPrefs: storedExportPrefs(),
      setExportPrefs(exportPrefs) {
        rememberExportPrefs(exportPrefs);
        set({ exportPrefs });
      },
    };
  };

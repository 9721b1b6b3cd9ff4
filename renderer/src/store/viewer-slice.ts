/** Which job's transcript is open, its loaded transcript, its audio, and saving its exports. */
import type { StateCreator } from 'zustand';
import type { AppError } from '../../../shared/domain/errors';
import type { Transcript } from '../../../shared/domain/job';
import { saveExport, type ExportFile } from '../host/download';
import { DONE, type Result } from './result';
import type { AppState, StoreDeps } from './store';

export interface ViewerSlice {
  openJob: string | undefined;
  /** The word (index in the transcript's words) to open the viewer on, focused: a search hit's. */
  openWord: number | undefined;
  transcript: { jobId: string; value: Transcript | undefined; error?: AppError } | undefined;
  /** Opens a job's transcript; a failure to read it is shown in the viewer (`transcript.error`). */
  openTranscript: (jobId: string, word?: number) => Promise<Result<void>>;
  closeTranscript: () => void;
  /** Where the player gets a job's audio (in browser mode an address with a ticket for it). */
  mediaUrlOf: (jobId: string) => Promise<string>;
  /** Saves an export through the host's dialog or as a download. */
  saveFile: (file: ExportFile) => Promise<Result<void>>;
}

export const createViewerSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], ViewerSlice> =>
  (set, get) => ({
    openJob: undefined,
    openWord: undefined,
    transcript: undefined,
    async openTranscript(jobId, word) {
      set({ openJob: jobId, openWord: word, transcript: undefined });
      const result = await bridge.call('jobs:get', { id: jobId });
      if (!result.ok) {
        if (get().openJob === jobId)
          set({ transcript: { jobId, value: undefined, error: result.error } });
        return result;
      }
      if (get().openJob !== jobId) return DONE;
      get().applyJob(result.data.job);
      set({ transcript: { jobId, value: result.data.transcript } });
      return DONE;
    },
    closeTranscript: () => set({ openJob: undefined, openWord: undefined, transcript: undefined }),
    mediaUrlOf: (jobId) => bridge.mediaUrl(jobId),
    async saveFile(file) {
      const error = await saveExport(bridge, file);
      return error ? { ok: false, error } : DONE;
    },
  });

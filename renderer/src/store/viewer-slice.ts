/** Which job's transcript is open, its loaded transcript, its audio, and saving its exports. */
import type { StateCreator } from 'zustand';
import type { AppError } from '../../../shared/domain/errors';
import type { Transcript } from '../../../shared/domain/job';
import { saveExport, type ExportFile } from '../host/download';
import type { AppState, StoreDeps } from './store';

export interface ViewerSlice {
  openJob: string | undefined;
  transcript: { jobId: string; value: Transcript | undefined; error?: AppError } | undefined;
  openTranscript(jobId: string): Promise<void>;
  closeTranscript(): void;
  /** Where the player gets a job's audio (in browser mode an address with a ticket for it). */
  mediaUrlOf(jobId: string): Promise<string>;
  /** Saves an export through the host's dialog or as a download; the error when it failed. */
  saveFile(file: ExportFile): Promise<AppError | undefined>;
}

export const createViewerSlice =
  ({ bridge }: StoreDeps): StateCreator<AppState, [], [], ViewerSlice> =>
  (set, get) => ({
    openJob: undefined,
    transcript: undefined,
    async openTranscript(jobId) {
      set({ openJob: jobId, transcript: undefined });
      const result = await bridge.call('jobs:get', { id: jobId });
      if (get().openJob !== jobId) return;
      if (!result.ok) return set({ transcript: { jobId, value: undefined, error: result.error } });
      get().applyJob(result.data.job);
      set({ transcript: { jobId, value: result.data.transcript } });
    },
    closeTranscript: () => set({ openJob: undefined, transcript: undefined }),
    mediaUrlOf: (jobId) => bridge.mediaUrl(jobId),
    saveFile: (file) => saveExport(bridge, file),
  });

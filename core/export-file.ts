/**
 * Saves an export (a transcript or a word table) where the person chooses. The host asks where
 * (Electron's save dialog); this writes the file atomically, so an existing file is either kept
 * or fully replaced. Cancelling the dialog is not an error; a refused write is an AppFailure
 * whose reason each language can say.
 */
import { AppFailure, appError, type SubCode } from '../shared/domain/errors';
import type { SaveFormat } from '../shared/ipc/contract';
import { writeTextAtomic } from './storage/atomic-json';

export interface SaveRequest {
  readonly fileName: string;
  readonly text: string;
  readonly format: SaveFormat;
}

/** Asks the person where to save; undefined when they cancel. */
export type AskSavePath = (suggestion: {
  readonly fileName: string;
  readonly format: SaveFormat;
}) => Promise<string | undefined>;

export type SaveOutcome = { saved: false } | { saved: true; path: string };

const REASONS: Readonly<Record<string, SubCode<'export-failed', 'reason'>>> = {
  EACCES: 'denied',
  EPERM: 'denied',
  ENOENT: 'missing-folder',
  ENOTDIR: 'missing-folder',
  EROFS: 'read-only',
  EISDIR: 'is-folder',
};

export async function saveExport(request: SaveRequest, ask: AskSavePath): Promise<SaveOutcome> {
  const path = await ask({ fileName: request.fileName, format: request.format });
  if (!path) return { saved: false };
  try {
    // Exports are the person's own documents: readable as their other files are (umask).
    await writeTextAtomic(path, request.text, 0o666);
  } catch (error) {
    if (error instanceof AppFailure) throw error;
    const errno = (error as NodeJS.ErrnoException).code ?? '';
    throw new AppFailure(
      appError('export-failed', { path, reason: REASONS[errno] ?? 'other' }, String(error)),
    );
  }
  return { saved: true, path };
}

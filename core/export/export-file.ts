/**
 * Saves an export where the person chooses. The host asks where (Electron's save dialog, or its
 * folder picker for several files); ./export/save.ts writes each file atomically, so an
 * existing file the person chose to replace is either kept or fully replaced, and files saved
 * into a folder never replace one. Cancelling a dialog is not an error; a refused write is an
 * AppFailure whose reason each language can say.
 */
import { IME_ENCODING, utf16le } from '../../shared/domain/ime-dictionary/ime-export';
import type { SaveFormat } from '../../shared/ipc/contract';
import type { RenderedFile } from './render';
import { writeAll, writeOver } from './save';

export interface SaveRequest {
  readonly fileName: string;
  readonly text: string;
  readonly format: SaveFormat;
}

/** Asks the person where to save; undefined when they cancel. `extension` names the filter. */
export type AskSavePath = (suggestion: {
  readonly fileName: string;
  readonly extension: string;
}) => Promise<string | undefined>;

/** Asks the person for a folder to save several files into; undefined when they cancel. */
export type AskFolder = () => Promise<string | undefined>;

export type SaveOutcome = { saved: false } | { saved: true; path: string };

const encoder = new TextEncoder();

export async function saveExport(request: SaveRequest, ask: AskSavePath): Promise<SaveOutcome> {
  const { format, text } = request;
  const table = format === 'csv' || format === 'tsv';
  const path = await ask({ fileName: request.fileName, extension: table ? format : 'txt' });
  if (!path) return { saved: false };
  // An input method's export is written in its own encoding (UTF-16 LE for two of them).
  const utf16 = !table && IME_ENCODING[format] === 'utf-16le';
  await writeOver(path, utf16 ? utf16le(text) : encoder.encode(text));
  return { saved: true, path };
}

/** One file through the save dialog; several into a folder the person picks, none replaced. */
export async function saveRendered(
  files: readonly RenderedFile[],
  dialogs: { readonly askSavePath: AskSavePath; readonly askFolder: AskFolder },
): Promise<{ saved: boolean; paths: string[] }> {
  if (files.length === 1) {
    const file = files[0]!;
    const extension = file.fileName.slice(file.fileName.lastIndexOf('.') + 1);
    const path = await dialogs.askSavePath({ fileName: file.fileName, extension });
    if (!path) return { saved: false, paths: [] };
    await writeOver(path, file.bytes);
    return { saved: true, paths: [path] };
  }
  const folder = await dialogs.askFolder();
  if (!folder) return { saved: false, paths: [] };
  return { saved: true, paths: await writeAll(folder, files) };
}

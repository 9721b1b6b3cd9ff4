/**
 * Saves an export. A job's transcript is rendered by the core in every format (core/export/): under
 * Electron the host asks where with the system's dialogs and writes the files (`export:job`); in
 * the browser the core answers the files (`export:render`) and each is a download, as the web host
 * has no window of its own to show a dialog in. A word table the window made is saved the same
 * two ways (`export:save`, or a download).
 */
import type { AppError } from '../../../shared/domain/errors';
import type { ExportSettingsInput } from '../../../shared/format/export-settings';
import type { ExportChoice } from '../../../shared/format/exporters';
import type { Script, SubtitleRules } from '../../../shared/format/subtitles';
import { utf16le } from '../../../shared/domain/ime-dictionary/ime-export';
import type { SaveFormat } from '../../../shared/ipc/contract';
import type { Bridge } from './bridge';

export interface ExportFile {
  readonly fileName: string;
  readonly text: string;
  readonly format: SaveFormat;
}

const TYPES: Readonly<Record<SaveFormat, string>> = {
  csv: 'text/csv;charset=utf-8',
  tsv: 'text/tab-separated-values;charset=utf-8',
  'ms-ime': 'text/plain;charset=utf-16le',
  atok: 'text/plain;charset=utf-16le',
  google: 'text/plain;charset=utf-8',
};

/** Saves through the host's dialog or a download; answers the error when the save failed. */
export async function saveExport(bridge: Bridge, file: ExportFile): Promise<AppError | undefined> {
  if (bridge.mode === 'browser') {
    // UTF-16 LE as the input method writes it; a Blob of a string would be UTF-8.
    const utf16 = TYPES[file.format].endsWith('utf-16le');
    const body = utf16 ? utf16le(file.text) : file.text;
    download(file.fileName, new Blob([body as BlobPart], { type: TYPES[file.format] }));
    return undefined;
  }
  const result = await bridge.call('export:save', file);
  return result.ok ? undefined : result.error;
}

export interface JobExport {
  readonly id: string;
  readonly formats: readonly ExportChoice[];
  readonly settings: ExportSettingsInput;
}

/** What an export of a job did: nothing (cancelled), or the files it saved or downloaded. */
export type JobExported = { readonly saved: readonly string[] } | { readonly error: AppError };

/** A job's transcript in each format: the core renders them, the host saves or downloads them. */
export async function exportJob(bridge: Bridge, request: JobExport): Promise<JobExported> {
  const input = { ...request, formats: [...request.formats] };
  if (bridge.mode === 'browser') {
    const result = await bridge.call('export:render', input);
    if (!result.ok) return { error: result.error };
    for (const file of result.data.files)
      download(file.fileName, new Blob([file.bytes as BlobPart], { type: file.mediaType }));
    return { saved: result.data.files.map((f) => f.fileName) };
  }
  const result = await bridge.call('export:job', input);
  if (!result.ok) return { error: result.error };
  return { saved: result.data.paths };
}

/** Several jobs at once (from Jobs), each in every format, the rules for each script. */
export interface JobsExport {
  readonly ids: readonly string[];
  readonly formats: readonly ExportChoice[];
  readonly settings: ExportSettingsInput;
  readonly rules: Readonly<Partial<Record<Script, Partial<SubtitleRules>>>>;
  /** The zip's name, in browser mode. */
  readonly zipName: string;
}

/**
 * Several jobs' transcripts: under Electron into a folder the person picks (`export:jobs`); in the
 * browser as one zip (`export:bundle`), a single download, where a file each would have the
 * browser ask whether the page may download several files, and scatter them.
 */
export async function exportJobs(bridge: Bridge, request: JobsExport): Promise<JobExported> {
  const { zipName, ...rest } = request;
  const input = { ...rest, ids: [...rest.ids], formats: [...rest.formats] };
  if (bridge.mode === 'browser') {
    const result = await bridge.call('export:bundle', input);
    if (!result.ok) return { error: result.error };
    download(zipName, new Blob([bytesOf(result.data.base64)], { type: 'application/zip' }));
    return { saved: result.data.files };
  }
  const result = await bridge.call('export:jobs', input);
  if (!result.ok) return { error: result.error };
  return { saved: result.data.paths };
}

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The browser's own download of a file. */
function download(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

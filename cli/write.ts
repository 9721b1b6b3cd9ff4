/**
 * Writing a command's exports: the core's rendered files into a folder, never over a file that
 * is there (core/export/save.ts: `meeting.txt`, then `meeting (2).txt`).
 */
import { mkdir } from 'node:fs/promises';
import type { CoreLink } from '../core/program-link';
import type { RenderedFile } from '../core/export/render';
import { writeAll } from '../core/export/save';
import { AppFailure } from '../shared/domain/errors';
import type { ExportSettings } from '../shared/format/export-settings';
import type { ExportChoice } from '../shared/format/exporters';

/** Writes `files` into `folder` (made when missing); answers the paths they went to. */
export async function writeFiles(
  folder: string,
  files: readonly RenderedFile[],
): Promise<string[]> {
  await mkdir(folder, { recursive: true }).catch(() => undefined);
  return writeAll(folder, files);
}

/** A finished job rendered by the core, as the window's `export:render` renders it. */
export async function renderThrough(
  link: CoreLink,
  id: string,
  formats: readonly ExportChoice[],
  settings: ExportSettings,
): Promise<RenderedFile[]> {
  const rendered = await link.invoke('export:render', { id, formats: [...formats], settings });
  if (!rendered.ok) throw new AppFailure(rendered.error);
  return rendered.data.files.map(({ base64, ...file }) => ({
    ...file,
    bytes: new Uint8Array(Buffer.from(base64, 'base64')),
  }));
}

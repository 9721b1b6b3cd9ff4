/**
 * Writing a command's exports: the core's rendered files into a folder, never over a file that
 * is there (core/export/save.ts: `meeting.txt`, then `meeting (2).txt`).
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { CoreLink } from '../core/programs/program-link';
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
  await makeFolder(folder).catch(() => undefined);
  return writeAll(folder, files);
}

/**
 * `mkdir -p`: the folders of `path` that are missing, each made in turn from the first that is
 * there. Not Node's own `recursive`, which loops for ever where a folder cannot be made and its
 * parent is there (`/proc/nope`: ENOENT, then the parent's EEXIST, then ENOENT again, at full
 * CPU): here the first folder that cannot be made ends it, with the system's error.
 */
export async function makeFolder(path: string): Promise<void> {
  const missing: string[] = [];
  for (let at = resolve(path); ; at = dirname(at)) {
    const info = await stat(at).catch((error: NodeJS.ErrnoException) => error);
    if (info instanceof Error) {
      if (info.code !== 'ENOENT') throw info;
      missing.push(at);
      if (dirname(at) === at) break;
      continue;
    }
    if (!info.isDirectory())
      throw Object.assign(new Error(`${at} is not a folder`), { code: 'ENOTDIR' });
    break;
  }
  for (const folder of missing.reverse())
    await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
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

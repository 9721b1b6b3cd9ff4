/**
 * Several jobs exported at once (from Jobs): each job in every format asked for,
 * each file named after its job, and no two files of the batch under one name (`talk.srt`,
 * `talk (2).srt`), so a folder or a zip holds them side by side. Subtitle rules are the person's
 * for each job's own script (Japanese or spaced), as the export dialog keeps them.
 */
import { zipSync } from 'fflate';
import type { ExportChoice } from '../../shared/format/exporters';
import type { ExportSettings } from '../../shared/format/export-settings';
import { scriptOf, type Script, type SubtitleRules } from '../../shared/format/subtitles';
import { exportSource, renderTranscript, type ExportDeps, type RenderedFile } from './render';
import { numberedName } from './save';

/** Subtitle rules a person changed, for each script. */
export type RulesByScript = Readonly<Partial<Record<Script, Partial<SubtitleRules>>>>;

/**
 * Every job of `ids`, in order, in each of `formats`. Two jobs of one name give files of one
 * name: a folder numbers them against what it holds (./save.ts), a zip by `uniquelyNamed`.
 */
export async function renderJobs(
  deps: ExportDeps,
  ids: readonly string[],
  formats: readonly ExportChoice[],
  settings: ExportSettings,
  rules: RulesByScript = {},
): Promise<RenderedFile[]> {
  const files: RenderedFile[] = [];
  for (const id of ids) {
    const { service, edited, facts, answer } = await exportSource(deps, id);
    const own = settings.subtitles ?? rules[scriptOf(edited)];
    files.push(
      ...(await renderTranscript(
        service,
        edited,
        facts,
        formats,
        { ...settings, ...(own && { subtitles: own }) },
        answer,
      )),
    );
  }
  return files;
}

/**
 * The files with no two under one name, as a folder would have them (`talk.srt`, then
 * `talk (2).srt`); names differing only in case count as one, as they do on macOS and Windows.
 */
export function uniquelyNamed(files: readonly RenderedFile[]): RenderedFile[] {
  const taken = new Set<string>();
  return files.map((file) => {
    let fileName = file.fileName;
    for (let n = 2; taken.has(fileName.toLowerCase()); n++)
      fileName = numberedName(file.fileName, n);
    taken.add(fileName.toLowerCase());
    return fileName === file.fileName ? file : { ...file, fileName };
  });
}

/** Zip files' times: fixed, so the same jobs and choices give the same bytes. */
const ZIP_TIME = new Date(2000, 0, 1);

/** The files as one zip, side by side at its top, none under another's name. */
export function zipOf(files: readonly RenderedFile[]): { zip: Uint8Array; names: string[] } {
  const named = uniquelyNamed(files);
  const zip = zipSync(
    Object.fromEntries(named.map((f) => [f.fileName, [f.bytes, { mtime: ZIP_TIME }]])),
  );
  return { zip, names: named.map((f) => f.fileName) };
}

/**
 * A watched file's transcripts, as the programs' routine from a job to files hands them over
 * (core/programs/job-files.ts: its job rendered in each format of its plan): written into the
 * output folder (next to the source by default), each recorded with its content's hash as it is
 * written.
 *
 * - Never over a file that is there (`talk (2).txt`), except the one case below, and each file
 *   appears whole or not at all (core/export/save.ts).
 * - A new version of a file transcribed before (its content changed at its path): its transcripts
 *   take the place of the earlier version's where those still hold exactly what was written; one
 *   the person changed is kept, and the new one is written beside it. So one version never leaves
 *   two transcripts, and nothing a person wrote is lost.
 * - No more readable than the recording: a 0600 recording gives 0600 transcripts, whatever the
 *   umask (someone sharing the folder must not read the words of a recording they cannot hear).
 * - After a crash, an output whose write was not recorded is recognised by its bytes (the same
 *   job and choices give the same bytes) and not written twice.
 */
import { basename, dirname, join } from 'node:path';
import {
  hashOf,
  numberedName,
  readPlainFile,
  replaceWritten,
  safeFileName,
  writeNewFile,
} from '../export/save';
import { removeStaleTemps } from '../storage/atomic-json';
import { theirUmask } from '../storage/private-folder';
import type { RenderedFile } from '../programs/job-files';
import type { CoreLink } from '../programs/program-link';
import type { Output, SeenEntry } from './seen-files';

/** What a watcher needs of the core: its channels and events (a CoreLink, here or the app's). */
export type WatchLink = Pick<CoreLink, 'invoke' | 'subscribe'>;

/** What the writing of outputs comes to. */
export type Written =
  | { readonly ok: true; readonly outputs: readonly Output[] }
  | { readonly ok: false; readonly error: unknown; readonly outputs: readonly Output[] };

/** The mode of a transcript of a recording of `mode`: the person's umask, and no more open. */
export const outputMode = (mode: number | undefined): number =>
  0o666 & ~theirUmask() & (mode === undefined ? 0o777 : mode | 0o600);

/** Whether `name` is `fileName` or one of its numbered names (`talk (3).txt`). */
function isNameOf(name: string, fileName: string): boolean {
  if (name === fileName) return true;
  const [stem = '', rest = ''] = numberedName(fileName, 0).split(' (0)');
  return new RegExp(`^${escape(stem)} \\(\\d+\\)${escape(rest)}$`).test(name);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The file a crashed run wrote as `name` (or a numbered name) with exactly these bytes. */
async function sameFileIn(
  folder: string,
  name: string,
  bytes: Uint8Array,
): Promise<string | undefined> {
  for (let n = 1; n < 10_000; n++) {
    const candidate = join(folder, n === 1 ? name : numberedName(name, n));
    const there = await readPlainFile(candidate);
    if (!there) return undefined;
    if (there.equals(bytes)) return candidate;
  }
  return undefined;
}

/**
 * Writes each rendered file not yet written (`entry.outputs` are those done), recording each as
 * it is written through `wrote`. `earlier`: the outputs of the file's version done before.
 */
export async function writeOutputs(
  entry: SeenEntry,
  files: readonly RenderedFile[],
  earlier: readonly Output[],
  recovering: boolean,
  wrote: (outputs: readonly Output[]) => void,
): Promise<Written> {
  const out = entry.plan.out ?? dirname(entry.path);
  const mode = outputMode(entry.mode);
  const outputs = [...entry.outputs];
  // A kill while an output was being written can leave its temporary file (a dot file of
  // Kikitori's own pattern) in the person's folder: it goes before the outputs are written again.
  if (recovering) await removeStaleTemps(out);
  try {
    for (const file of files.slice(outputs.length)) {
      const name = safeFileName(file.fileName);
      const hash = hashOf(file.bytes);
      const replaced = earlier.find(
        (output) =>
          output.hash !== undefined &&
          dirname(output.path) === out &&
          isNameOf(basename(output.path), name),
      );
      const path =
        (recovering ? await sameFileIn(out, name, file.bytes) : undefined) ??
        (replaced
          ? await replaceWritten(replaced.path, replaced.hash!, file.bytes, { mode })
          : undefined) ??
        (await writeNewFile(out, name, file.bytes, { mode }));
      outputs.push({ path, hash });
      wrote(outputs);
    }
  } catch (error) {
    return { ok: false, error, outputs };
  }
  return { ok: true, outputs };
}

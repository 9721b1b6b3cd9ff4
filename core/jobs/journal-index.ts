/**
 * The job journal's index (`<data>/jobs-index.json`): every job as its file held it when the
 * index was written, with that file's stamp (inode, size, modification and change times in
 * nanoseconds), so opening a data folder of 10,000 jobs reads one file and stats the others
 * instead of reading them all. The job files stay the truth: at open a job is taken from the index
 * only when its file's stamp is still the one the index recorded, and any other file (a job
 * written after the index, by a run that was killed before writing it again, or by another
 * program) is read itself. A missing, damaged or other-version index is simply not used.
 *
 * A file changed in the same tick of the file system's clock as the stamp was taken could keep
 * that stamp (its inode reused, its size the same). So, as git does for its index, an entry is
 * written only when its file's change time is before the index's own creation (`fence`: the
 * change time of the index's temporary file, on the same clock), and only for a job with no write
 * under way: any later change of the file is after the fence, and changes its stamp.
 */
import { randomBytes } from 'node:crypto';
import { statSync, type BigIntStats } from 'node:fs';
import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job } from '../../shared/domain/job';

export const INDEX_FILE = 'jobs-index.json';
const INDEX_SCHEMA = 1;
/** The index's temporary files, which a crash may leave behind (they never hold the only copy). */
const TEMP_PREFIX = '.jobs-index.';

/** What says a job file is the one that was indexed: it changes whenever the file does. */
export interface Stamp {
  readonly ino: string;
  readonly size: string;
  readonly mtimeNs: string;
  readonly ctimeNs: string;
}

export interface IndexEntry {
  /** The job file's name in `<data>/jobs/`. */
  readonly name: string;
  readonly stamp: Stamp;
  /** The job as that file holds it. */
  readonly job: Job;
}

const stampOf = (stats: BigIntStats): Stamp => ({
  ino: stats.ino.toString(),
  size: stats.size.toString(),
  mtimeNs: stats.mtimeNs.toString(),
  ctimeNs: stats.ctimeNs.toString(),
});

/** The stamp of the file at `path` now; undefined when it is not there. */
export function stampFile(path: string): Stamp | undefined {
  const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
  return stats ? stampOf(stats) : undefined;
}

export const sameStamp = (a: Stamp, b: Stamp): boolean =>
  a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

const isStamp = (value: unknown): value is Stamp => {
  const stamp = value as Partial<Record<keyof Stamp, unknown>> | null;
  return (
    typeof stamp === 'object' &&
    stamp !== null &&
    typeof stamp.ino === 'string' &&
    typeof stamp.size === 'string' &&
    typeof stamp.mtimeNs === 'string' &&
    typeof stamp.ctimeNs === 'string'
  );
};

/**
 * The index's entries by file name, for job files of schema `jobSchema`; empty when there is no
 * usable index. Each was checked against the job schema when its file was written or read.
 */
export async function readIndex(
  dataDir: string,
  jobSchema: number,
): Promise<Map<string, IndexEntry>> {
  const entries = new Map<string, IndexEntry>();
  try {
    const parsed = JSON.parse(await readFile(join(dataDir, INDEX_FILE), 'utf8')) as {
      schemaVersion?: unknown;
      jobSchema?: unknown;
      entries?: unknown;
    };
    if (parsed.schemaVersion !== INDEX_SCHEMA || parsed.jobSchema !== jobSchema) return entries;
    if (!Array.isArray(parsed.entries)) return entries;
    for (const entry of parsed.entries as Partial<IndexEntry>[]) {
      if (
        typeof entry.name !== 'string' ||
        !isStamp(entry.stamp) ||
        typeof entry.job !== 'object' ||
        entry.name !== `${entry.job.id}.json`
      )
        return new Map();
      entries.set(entry.name, entry as IndexEntry);
    }
  } catch {
    return new Map();
  }
  return entries;
}

/**
 * Writes the index atomically: `entries()` is asked once the index's fence is known, and what it
 * gives is kept only where the file's stamp is before the fence. Returns the names written.
 */
export async function writeIndex(
  dataDir: string,
  jobSchema: number,
  entries: () => readonly IndexEntry[],
): Promise<Set<string>> {
  const path = join(dataDir, INDEX_FILE);
  const temp = join(dataDir, `${TEMP_PREFIX}${randomBytes(6).toString('hex')}.tmp`);
  const written = new Set<string>();
  try {
    const file = await open(temp, 'wx', 0o600);
    try {
      const fence = (await file.stat({ bigint: true })).ctimeNs;
      const kept = entries().filter((entry) => BigInt(entry.stamp.ctimeNs) < fence);
      for (const entry of kept) written.add(entry.name);
      await file.writeFile(
        JSON.stringify({ schemaVersion: INDEX_SCHEMA, jobSchema, entries: kept }),
      );
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return written;
}

/** Removes the index's temporary files a crash left behind in `dataDir`. */
export async function removeIndexTemps(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names)
    if (name.startsWith(TEMP_PREFIX) && name.endsWith('.tmp'))
      await rm(join(dataDir, name), { force: true });
}

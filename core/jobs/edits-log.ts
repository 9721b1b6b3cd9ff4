/**
 * A job's edits on the disk, `<data>/edits/<id>.jsonl`: a log whose first line is the history as
 * it was, then a line per change, appended and fsynced, so a change costs its own size, not the
 * history's. The journal (job-journal.ts) runs these one job's write after another.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import {
  EDIT_HISTORY_MAX_BYTES,
  editHistorySchema,
  editOpSchema,
  NO_EDITS,
  type EditHistory,
} from '../../shared/domain/edits';
import { readJson, StorageError, writeTextAtomic } from '../storage/atomic-json';

/** 2: a log of changes (`<id>.jsonl`), its first line the history as it was then. */
export const EDITS_SCHEMA = 2;
export const EDITS_LOG = '.jsonl';
/** The most bytes a job's edits log may hold before it is written again as the history alone. */
const EDITS_LOG_MAX_BYTES = 2 * EDIT_HISTORY_MAX_BYTES;

/** One change of a job's edits, a line of its log. */
const editChangeSchema = z.union([
  z.object({ push: editOpSchema }).strict(),
  z.object({ undo: z.literal(true) }).strict(),
  z.object({ redo: z.literal(true) }).strict(),
]);
export type EditChange = z.infer<typeof editChangeSchema>;

/**
 * The history a log says: its first line (the history then, as the whole-history file held it),
 * then each change. Replayed in place: a push drops what was undone after the position.
 */
function replayEdits(text: string, path: string): EditHistory {
  const lines = text.split('\n');
  // A last line without its line end was being written when the app stopped: never answered.
  lines.pop();
  const head = lines.shift();
  if (head === undefined) throw new StorageError('corrupt', `${path} is empty`, path);
  const parsed = JSON.parse(head) as { schemaVersion?: unknown; data?: unknown };
  if (typeof parsed.schemaVersion !== 'number')
    throw new StorageError('corrupt', `${path} has no schema version`, path);
  if (parsed.schemaVersion > EDITS_SCHEMA)
    throw new StorageError(
      'newer-version',
      `${path} was written by a newer Kikitori (schema ${parsed.schemaVersion}); update Kikitori to read it`,
      path,
    );
  const start = editHistorySchema.parse(parsed.data);
  const ops = [...start.ops];
  let position = start.position;
  for (const line of lines) {
    const change = editChangeSchema.parse(JSON.parse(line));
    if ('push' in change) {
      ops.length = position;
      ops.push(change.push);
      position += 1;
    } else if ('undo' in change) position = Math.max(0, position - 1);
    else position = Math.min(ops.length, position + 1);
  }
  return { ops, position };
}

/** Whether `bytes` more can be appended to the log: it exists, ends whole, and stays bounded. */
async function appendable(log: string, bytes: number): Promise<boolean> {
  let file;
  try {
    file = await open(log, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    const { size } = await file.stat();
    if (size === 0 || size + bytes > EDITS_LOG_MAX_BYTES) return false;
    const last = Buffer.alloc(1);
    await file.read(last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    await file.close();
  }
}

/** One line at the log's end, on the disk before it is answered. */
async function appendLine(log: string, line: string): Promise<void> {
  const file = await open(log, 'a');
  try {
    await file.writeFile(line);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** A change as its log line. */
export const editLine = (change: EditChange): string =>
  `${JSON.stringify(editChangeSchema.parse(change))}\n`;

/**
 * A job's edits read from `dir` (see JobJournal.readEdits); a damaged file is set aside, its new
 * name added to `setAside`.
 */
export async function readEdits(dir: string, id: string, setAside: string[]): Promise<EditHistory> {
  const log = join(dir, `${id}${EDITS_LOG}`);
  let text: string;
  try {
    text = await readFile(log, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return readWholeEdits(dir, id, setAside);
  }
  try {
    return replayEdits(text, log);
  } catch (error) {
    if (error instanceof StorageError && error.code === 'newer-version') throw error;
    return setEditsAside(dir, log, setAside);
  }
}

/** The edits file of the Kikitori before the log: the whole history, written atomically. */
async function readWholeEdits(dir: string, id: string, setAside: string[]): Promise<EditHistory> {
  const path = join(dir, `${id}.json`);
  try {
    const data = await readJson(path, EDITS_SCHEMA);
    return data === undefined ? NO_EDITS : editHistorySchema.parse(data);
  } catch (error) {
    if (error instanceof StorageError && error.code === 'newer-version') throw error;
    return setEditsAside(dir, path, setAside);
  }
}

async function setEditsAside(dir: string, path: string, setAside: string[]): Promise<EditHistory> {
  const aside = `${basename(path)}.${randomBytes(4).toString('hex')}.corrupt`;
  try {
    await rename(path, join(dir, aside));
    setAside.push(aside);
  } catch (moved) {
    // Another reader set it aside first (the search index catching up at open reads a job's
    // edits beside the window's jobs:get): it is kept once, and reads as no edits here too.
    if ((moved as NodeJS.ErrnoException).code !== 'ENOENT') throw moved;
  }
  return NO_EDITS;
}

/**
 * Stores one change's `line` (editLine), `history` being the history with it (see
 * JobJournal.saveEdit).
 */
export async function saveEdit(
  dir: string,
  id: string,
  line: string,
  history: EditHistory,
): Promise<void> {
  const log = join(dir, `${id}${EDITS_LOG}`);
  if (await appendable(log, Buffer.byteLength(line))) {
    await appendLine(log, line);
    return;
  }
  const valid = editHistorySchema.parse(history);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeTextAtomic(log, `${JSON.stringify({ schemaVersion: EDITS_SCHEMA, data: valid })}\n`);
  await rm(join(dir, `${id}.json`), { force: true });
}

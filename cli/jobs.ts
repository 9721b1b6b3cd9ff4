/**
 * The commands on the job journal: `jobs`, `search`, `cancel` and `export`, each one channel of
 * the core (jobs:list, search:query, jobs:cancel; `export` through the programs' routine from a
 * job to files, core/programs/job-files.ts, which renders with export:render). A job is named as the window or
 * `kikitori jobs` shows it: its id or its service's session id, whole or by its start.
 */
import { jobToFiles, writeInto } from '../core/programs/job-files';
import type { CoreLink } from '../core/programs/program-link';
import { AppFailure } from '../shared/domain/errors';
import { isEnded, listedName, type Job } from '../shared/domain/job';
import type { ExportSettings } from '../shared/format/export-settings';
import type { ExportChoice } from '../shared/format/exporters';
import type { Io } from './io';
import { CommandFailure } from './options';
import { outFolder } from './preflight';
import { say } from './text';

async function allJobs(link: CoreLink): Promise<Job[]> {
  const listed = await link.invoke('jobs:list', {});
  if (!listed.ok) throw new AppFailure(listed.error);
  return listed.data.jobs;
}

/** The fewest characters of a job id that start it (and a session id no other job has). */
const SHORT_ID = 8;
/** The fewest characters of an id taken as its start: fewer would name jobs by chance. */
const LEAST_PREFIX = 4;

export type Found =
  | { readonly kind: 'one'; readonly job: Job }
  | { readonly kind: 'none' }
  | { readonly kind: 'many'; readonly jobs: readonly Job[] };

/**
 * The job `id` names, as the window and the command line show jobs: its id, or its service's
 * session id (the window's Session ID), whole or by its start when only one job's starts so.
 */
export function findJob(jobs: readonly Job[], id: string): Found {
  const exact = jobs.filter((job) => job.id === id || job.sessionid === id);
  if (exact.length === 1) return { kind: 'one', job: exact[0]! };
  const starting =
    exact.length > 1 || id.length < LEAST_PREFIX
      ? exact
      : jobs.filter((job) => job.id.startsWith(id) || job.sessionid?.startsWith(id) === true);
  if (starting.length === 1) return { kind: 'one', job: starting[0]! };
  return starting.length === 0 ? { kind: 'none' } : { kind: 'many', jobs: starting };
}

/** The job `id` names, or a sentence saying there is none, or which ones it could be. */
export function jobNamed(io: Io, jobs: readonly Job[], id: string): Job {
  const found = findJob(jobs, id);
  if (found.kind === 'one') return found.job;
  if (found.kind === 'none') throw new CommandFailure(say(io.lang, 'job.none', { id }));
  const ids = shortIds(jobs);
  const list = found.jobs
    .slice(0, 5)
    .map((job) => `${ids.get(job.id)} (${listedName(job)})`)
    .join(', ');
  const more =
    found.jobs.length > 5 ? say(io.lang, 'job.manyMore', { count: found.jobs.length - 5 }) : '';
  throw new CommandFailure(say(io.lang, 'job.many', { id, count: found.jobs.length, list, more }));
}

/** Each job's id as `kikitori jobs` shows it: its start, long enough to name it alone. */
export function shortIds(jobs: readonly Job[]): Map<string, string> {
  const sorted = [...jobs.map((job) => job.id)].sort();
  const shown = new Map<string, string>();
  sorted.forEach((id, at) => {
    const common = (other: string | undefined) => {
      if (other === undefined) return 0;
      let n = 0;
      while (n < id.length && id[n] === other[n]) n++;
      return n;
    };
    const length = Math.max(SHORT_ID, common(sorted[at - 1]) + 1, common(sorted[at + 1]) + 1);
    shown.set(id, id.slice(0, length));
  });
  return shown;
}

const two = (n: number) => String(n).padStart(2, '0');
/** The zone's name as the window shows it beside a time (`GMT+9`, `UTC`, `CET`). */
const zoneOf = (when: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' })
    .formatToParts(when)
    .find((part) => part.type === 'timeZoneName')?.value ?? '';

/** A moment in this machine's zone, named: `2025-04-01 14:58 GMT+9`. */
export function localTime(ms: number): string {
  const at = new Date(ms);
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${day} ${two(at.getHours())}:${two(at.getMinutes())} ${zoneOf(at)}`;
}

export async function listJobs(
  link: CoreLink,
  io: Io,
  status: Job['status'] | undefined,
): Promise<number> {
  const all = await allJobs(link);
  // Newest first, as Jobs lists them.
  const jobs = all
    .filter((job) => !status || job.status === status)
    .sort((a, b) => b.createdAt - a.createdAt);
  if (jobs.length === 0) io.note(say(io.lang, 'jobs.none'));
  // With --json the list is the result alone: no line per job is made (10,000 cost 0.1 s).
  const ids = io.json ? new Map<string, string>() : shortIds(all);
  const width = Math.max(SHORT_ID, ...[...ids.values()].map((id) => id.length));
  for (const job of io.json ? [] : jobs)
    io.out(
      [
        ids.get(job.id)!.padEnd(width),
        job.status.padEnd(11),
        // How it went to the service, and why (sync, async-size, …), as the window shows it.
        (job.route ?? job.mode).padEnd(20),
        localTime(job.createdAt),
        // The window's Session ID, which names the job here too.
        job.sessionid ?? '-',
        listedName(job),
      ].join('  '),
    );
  io.emit({ type: 'result', ok: true, exitCode: 0, jobs });
  return 0;
}

export async function searchJobs(link: CoreLink, io: Io, query: string): Promise<number> {
  const found = await link.invoke('search:query', { query, limit: 50 });
  if (!found.ok) throw new AppFailure(found.error);
  const { hits, complete } = found.data;
  if (!complete) io.note(say(io.lang, 'search.incomplete'));
  if (hits.length === 0) io.note(say(io.lang, 'search.none', { query }));
  for (const hit of hits) {
    io.out(
      `${hit.jobId}  ${hit.title ?? hit.fileName}  (${say(io.lang, 'search.matches', { count: hit.matches })})`,
    );
    for (const snippet of hit.snippets) io.out(`    ${snippet.text}`);
  }
  io.emit({ type: 'result', ok: true, exitCode: 0, ...found.data });
  return 0;
}

export async function cancelJob(link: CoreLink, io: Io, id: string): Promise<number> {
  const job = jobNamed(io, await allJobs(link), id);
  if (isEnded(job.status)) {
    io.note(say(io.lang, 'cancel.already', { name: listedName(job), status: job.status }));
    io.emit({ type: 'result', ok: true, exitCode: 0, job });
    return 0;
  }
  const cancelled = await link.invoke('jobs:cancel', { id: job.id });
  if (!cancelled.ok) throw new AppFailure(cancelled.error);
  const after = cancelled.data.job;
  io.note(say(io.lang, 'cancel.done', { name: listedName(after) }));
  // Whether the service may still finish it is the job's own sentence.
  if (after.error) io.note(io.told(after.error).sentence);
  io.emit({ type: 'result', ok: true, exitCode: 0, job: after });
  return 0;
}

export interface ExportJobsOptions {
  readonly formats: readonly ExportChoice[];
  readonly out?: string | undefined;
  readonly settings: ExportSettings;
}

export async function exportJobs(
  link: CoreLink,
  io: Io,
  ids: readonly string[],
  options: ExportJobsOptions,
): Promise<number> {
  // The folder first: nothing is asked of the core for files that could not be written.
  const folder = await outFolder(io, options.out ?? '.');
  const jobs = await allJobs(link);
  const outcomes: { job: string; ok: boolean; outputs: string[]; error?: string }[] = [];
  for (const id of ids) {
    try {
      const job = jobNamed(io, jobs, id);
      // The job as it is: one still running is the core's to refuse, not waited for.
      const done = await jobToFiles(link, {
        from: { done: job.id },
        formats: options.formats,
        settings: options.settings,
        write: writeInto(folder),
      });
      if (done.kind === 'refused') throw new AppFailure(done.error);
      if (done.kind === 'unwritten') throw done.error;
      if (done.kind !== 'written') throw new Error(`the export of ${job.id} ended ${done.kind}`);
      const outputs = [...done.paths];
      io.note(say(io.lang, 'file.wroteAll', { name: listedName(job), paths: outputs.join(', ') }));
      for (const path of outputs) io.emit({ type: 'written', job: job.id, path });
      io.paths(outputs);
      outcomes.push({ job: job.id, ok: true, outputs });
    } catch (error) {
      const { sentence, detail } = io.problem(error);
      io.error(say(io.lang, 'file.failed', { name: id, reason: sentence }), {
        job: id,
        ...(detail ? { detail } : {}),
      });
      outcomes.push({ job: id, ok: false, outputs: [], error: sentence });
    }
  }
  const code = outcomes.some((o) => !o.ok) ? 1 : 0;
  io.emit({ type: 'result', ok: code === 0, exitCode: code, jobs: outcomes });
  return code;
}

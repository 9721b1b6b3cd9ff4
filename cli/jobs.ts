/**
 * The commands on the job journal: `jobs`, `search`, `cancel` and `export`, each one channel of
 * the core (jobs:list, search:query, jobs:cancel, export:render). A job is named by its id or by
 * the start of it, when only one job's id starts so.
 */
import { resolve } from 'node:path';
import type { CoreLink } from '../core/program-link';
import { appError, AppFailure } from '../shared/domain/errors';
import { isEnded, listedName, type Job } from '../shared/domain/job';
import type { ExportSettings } from '../shared/format/export-settings';
import type { ExportChoice } from '../shared/format/exporters';
import { appErrorSentence, type Io } from './io';
import { say } from './text';
import { renderThrough, writeFiles } from './write';

async function allJobs(link: CoreLink): Promise<Job[]> {
  const listed = await link.invoke('jobs:list', {});
  if (!listed.ok) throw new AppFailure(listed.error);
  return listed.data.jobs;
}

/** The job `id` names: its whole id, or the start of one only. */
export function findJob(jobs: readonly Job[], id: string): Job | undefined {
  const exact = jobs.find((job) => job.id === id);
  if (exact) return exact;
  const starting = id.length >= 4 ? jobs.filter((job) => job.id.startsWith(id)) : [];
  return starting.length === 1 ? starting[0] : undefined;
}

const notFound = (id: string) => new AppFailure(appError('not-found', { what: 'job', id }));

const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

export async function listJobs(
  link: CoreLink,
  io: Io,
  status: Job['status'] | undefined,
): Promise<number> {
  const jobs = (await allJobs(link)).filter((job) => !status || job.status === status);
  if (jobs.length === 0) io.note(say(io.lang, 'jobs.none'));
  // With --json the list is the result alone: no line per job is made (10,000 cost 0.1 s).
  for (const job of io.json ? [] : jobs)
    io.out(
      [
        job.id,
        job.status.padEnd(11),
        // How it went to the service, and why (sync, async-size, …), as the window shows it.
        (job.route ?? job.mode).padEnd(20),
        when(job.createdAt),
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
  const job = findJob(await allJobs(link), id);
  if (!job) throw notFound(id);
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
  if (after.error) io.note(appErrorSentence(after.error, io.lang));
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
  const jobs = await allJobs(link);
  const folder = resolve(options.out ?? '.');
  const outcomes: { job: string; ok: boolean; outputs: string[]; error?: string }[] = [];
  for (const id of ids) {
    try {
      const job = findJob(jobs, id);
      if (!job) throw notFound(id);
      const outputs = await writeFiles(
        folder,
        await renderThrough(link, job.id, options.formats, options.settings),
      );
      for (const path of outputs) {
        io.note(say(io.lang, 'file.wrote', { name: listedName(job), path }));
        io.emit({ type: 'written', job: job.id, path });
        io.out(path);
      }
      outcomes.push({ job: job.id, ok: true, outputs });
    } catch (error) {
      const sentence = io.errorSentence(error);
      io.error(say(io.lang, 'file.failed', { name: id, reason: sentence }), { job: id });
      outcomes.push({ job: id, ok: false, outputs: [], error: sentence });
    }
  }
  const code = outcomes.some((o) => !o.ok) ? 1 : 0;
  io.emit({ type: 'result', ok: code === 0, exitCode: code, jobs: outcomes });
  return code;
}

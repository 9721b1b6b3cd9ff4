/**
 * `kikitori transcribe FILE…`: each file sent as the window sends it (`transcribe:files`, so the
 * core routes it: sync, or a job when large, long or with speaker labels; with --speech-only,
 * only where people speak), followed by its job's
 * events, then its transcript rendered by the core (`export:render`, as the window's export) in
 * every format asked for and written next to the source or into --out, never over a file. A
 * file the core refuses, or whose job fails, is named with its reason; the others still run.
 */
import { dirname, resolve } from 'node:path';
import type { CoreLink } from '../core/program-link';
import type { AppError } from '../shared/domain/errors';
import { estimateOf, workRate } from '../shared/domain/estimate';
import type { Job } from '../shared/domain/job';
import { duration } from '../shared/format/minutes';
import type { ExportSettings } from '../shared/format/export-settings';
import type { ExportChoice } from '../shared/format/exporters';
import type { EventPayload } from '../shared/ipc/contract';
import { appErrorSentence, type Io } from './io';
import { fileProgress } from './progress';
import { say } from './text';
import { renderThrough, writeFiles } from './write';

export interface TranscribeOptions {
  readonly connection?: string | undefined;
  readonly engine?: string | undefined;
  readonly profile?: string | undefined;
  readonly speakers?: boolean | undefined;
  readonly speechOnly?: boolean | undefined;
  readonly formats: readonly ExportChoice[];
  readonly out?: string | undefined;
  readonly settings: ExportSettings;
}

interface Outcome {
  readonly file: string;
  readonly job?: string;
  readonly ok: boolean;
  readonly outputs: readonly string[];
  readonly error?: string;
}

const ended = (job: Job) => job.status === 'completed' || job.status === 'failed';

export async function transcribe(
  files: readonly string[],
  options: TranscribeOptions,
  io: Io,
  link: CoreLink,
  interrupted: Promise<void>,
): Promise<number> {
  const progress = fileProgress(io);
  /**
   * The journal's past jobs, which give an estimate its rate: asked for once a job is being
   * recognized, not before the files are sent (a list of thousands costs the app time).
   */
  let history: Job[] | undefined;
  const historyOf = (): Job[] => {
    if (history) return history;
    history = [];
    void link.invoke('jobs:list', {}).then((listed) => {
      if (listed.ok) history = listed.data.jobs;
    });
    return history;
  };
  /** The newest copy of each job of ours, by the journal's revision. */
  const latest = new Map<string, Job>();
  const nameOf = new Map<string, string>();
  const waiting = new Map<string, (job: Job) => void>();

  const stageOf = (job: Job): { stage: string; fraction: number } => {
    if (job.status === 'uploading')
      return { stage: say(io.lang, 'stage.uploading'), fraction: job.progress ?? 0 };
    if (job.status === 'recognizing') {
      const estimate = estimateOf(job, workRate(historyOf(), job), Date.now());
      if (!estimate) return { stage: say(io.lang, 'stage.recognizing'), fraction: 0 };
      return {
        stage: estimate.late
          ? say(io.lang, 'stage.late')
          : say(io.lang, 'stage.left', { seconds: Math.ceil(estimate.left) }),
        fraction: estimate.fraction,
      };
    }
    if (job.status === 'completed') return { stage: say(io.lang, 'stage.exporting'), fraction: 1 };
    if (job.status === 'failed') return { stage: say(io.lang, 'stage.failed'), fraction: 0 };
    // A speech-only job is queued while the detector listens, until its cut is known.
    if (job.speechOnly && !job.speech)
      return { stage: say(io.lang, 'stage.findingSpeech'), fraction: 0 };
    return { stage: say(io.lang, 'stage.queued'), fraction: 0 };
  };

  const show = (job: Job) => {
    const name = nameOf.get(job.id);
    if (name === undefined) return;
    const { stage, fraction } = stageOf(job);
    progress.update(name, stage, fraction);
  };

  const seen = (job: Job) => {
    const before = latest.get(job.id);
    if (before && (before.revision ?? 0) > (job.revision ?? 0)) return;
    const changed = before?.status !== job.status;
    latest.set(job.id, job);
    const name = nameOf.get(job.id);
    if (name === undefined) return;
    if (job.speech && job.sentSeconds !== undefined && !before?.speech) told(name, job);
    if (changed)
      io.emit({
        type: 'job',
        file: name,
        job: job.id,
        status: job.status,
        mode: job.mode,
        route: job.route,
      });
    show(job);
    if (ended(job)) waiting.get(job.id)?.(job);
  };

  const unsubscribe = link.subscribe((event, payload) => {
    if (event === 'jobs:changed') seen((payload as EventPayload<'jobs:changed'>).job);
    else if (event === 'upload:progress') {
      const { id, sent, total } = payload as EventPayload<'upload:progress'>;
      const name = nameOf.get(id);
      if (name === undefined) return;
      io.emit({ type: 'upload', file: name, job: id, sent, total });
      progress.update(name, say(io.lang, 'stage.uploading'), total > 0 ? sent / total : 0);
    }
  });
  // The estimate counts down between events.
  const ticker = setInterval(() => {
    for (const job of latest.values()) if (job.status === 'recognizing') show(job);
  }, 1000);

  /** How much of the recording a speech-only job sent, said once, when the cut is made. */
  const told = (file: string, job: Job) => {
    const sent = job.sentSeconds!;
    const recorded = job.speech!.recordingMs / 1000;
    progress.line(
      say(io.lang, 'file.sent', {
        name: file,
        sent: duration(sent * 1000),
        recorded: duration(recorded * 1000),
      }),
    );
    io.emit({ type: 'sent', file, job: job.id, sentSeconds: sent, recordedSeconds: recorded });
  };

  const failed = (file: string, sentence: string, job?: string): Outcome => {
    const line = say(io.lang, 'file.failed', { name: file, reason: sentence });
    if (io.json || io.quiet) io.error(line, { file, ...(job ? { job } : {}) });
    else progress.line(`kikitori: ${line}`);
    return { file, ...(job ? { job } : {}), ok: false, outputs: [], error: sentence };
  };

  const finish = async (file: string, job: Job, source: string): Promise<Outcome> => {
    const done = ended(latest.get(job.id) ?? job)
      ? (latest.get(job.id) ?? job)
      : await new Promise<Job>((settle) => waiting.set(job.id, settle));
    if (done.status === 'failed') return failed(file, sentenceOf(done.error, io), job.id);
    try {
      const rendered = await renderThrough(link, job.id, options.formats, options.settings);
      const outputs = await writeFiles(
        options.out ? resolve(options.out) : dirname(source),
        rendered,
      );
      for (const path of outputs) {
        progress.line(say(io.lang, 'file.wrote', { name: file, path }));
        io.emit({ type: 'written', file, job: job.id, path });
        io.out(path);
      }
      progress.update(file, say(io.lang, 'stage.done'), 1);
      return { file, job: job.id, ok: true, outputs };
    } catch (error) {
      return failed(file, io.errorSentence(error), job.id);
    }
  };

  const work: Promise<Outcome>[] = [];
  for (const file of files) {
    const source = resolve(file);
    const sent = await link.invoke('transcribe:files', {
      paths: [source],
      ...(options.connection !== undefined && { connection: options.connection }),
      use: {
        ...(options.engine !== undefined && { engine: options.engine }),
        ...(options.profile !== undefined && { profileId: options.profile }),
        ...(options.speakers && { speakers: true }),
        ...(options.speechOnly && { speechOnly: true }),
      },
    });
    if (!sent.ok) {
      work.push(Promise.resolve(failed(file, sentenceOf(sent.error, io))));
      continue;
    }
    const job = sent.data.jobs[0]!;
    nameOf.set(job.id, file);
    seen(job);
    work.push(finish(file, job, source));
  }

  const all = Promise.all(work);
  const outcome = await Promise.race([all, interrupted.then(() => undefined)]);
  clearInterval(ticker);
  unsubscribe();
  progress.stop();
  if (outcome === undefined) {
    const left = [...latest.values()].filter((job) => !ended(job));
    io.error(say(io.lang, left.length > 0 ? 'interrupted.head' : 'interrupted.none'), {
      exitCode: 130,
      left: left.map((job) => ({ job: job.id, file: nameOf.get(job.id), status: job.status })),
    });
    for (const job of left)
      process.stderr.write(`  ${job.id}  ${nameOf.get(job.id) ?? job.file.name}  ${job.status}\n`);
    return 130;
  }
  const bad = outcome.filter((o) => !o.ok).length;
  const code = bad > 0 ? 1 : 0;
  if (bad > 0 && outcome.length > 1)
    io.note(say(io.lang, 'summary.some', { failed: bad, total: outcome.length }));
  io.emit({ type: 'result', ok: code === 0, exitCode: code, files: outcome });
  return code;
}

function sentenceOf(error: AppError | undefined, io: Io): string {
  return error ? appErrorSentence(error, io.lang) : say(io.lang, 'stage.failed');
}

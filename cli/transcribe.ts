/**
 * `kikitori transcribe FILE…`: each file through the programs' one routine from a job to files
 * (core/programs/job-files.ts): sent as the window sends it (`transcribe:files`, so the core
 * routes it: sync, or a job when large, long or with speaker labels; with --speech-only, only
 * where people speak), followed by its job's events, then its transcript rendered by the core
 * (`export:render`, as the window's export) in every format asked for and written next to the
 * source or into --out, never over a file. A
 * file the core refuses, or whose job fails, is named with its reason; the others still run.
 * Before anything is sent: --out is made (or refused), each source's folder is checked writable
 * when its transcripts go beside it, and --connection, --engine and --profile are checked with
 * the service (./preflight.ts). Each file's state is the one its job reports (uploading, then
 * recognising, …), and each file ends as one line saying what was written (./progress.ts).
 */
import { dirname, resolve } from 'node:path';
import { jobToFiles, writeInto, type JobFilesOutcome } from '../core/programs/job-files';
import type { CoreLink } from '../core/programs/program-link';
import { appError, type AppError, type Lang } from '../shared/domain/errors';
import { estimateOf, workRate } from '../shared/domain/estimate';
import { isEnded, type Job } from '../shared/domain/job';
import { duration } from '../shared/format/minutes';
import type { ExportSettings } from '../shared/format/export-settings';
import type { ExportChoice } from '../shared/format/exporters';
import type { ChannelInput, EventPayload } from '../shared/ipc/contract';
import type { Io, Told } from './io';
import { besideProblem, checkUse, outFolder } from './preflight';
import { fileProgress, type FileProgress } from './progress';
import { say } from './text';

export interface TranscribeOptions {
  readonly connection?: string | undefined;
  readonly engine?: string | undefined;
  readonly profile?: string | undefined;
  readonly speakers?: boolean | undefined;
  /** Send even past the connection's monthly budget (--over-budget). */
  readonly overBudget?: boolean | undefined;
  /** Only where people speak is sent (--speech-only). */
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

const ended = (job: Job) => isEnded(job.status);

export async function transcribe(
  files: readonly string[],
  options: TranscribeOptions,
  io: Io,
  link: CoreLink,
  interrupted: Promise<void>,
): Promise<number> {
  // The outputs first: nothing is sent for transcripts that could not be written.
  const out = options.out === undefined ? undefined : await outFolder(io, options.out);
  await checkUse(link, io, options);
  const progress = fileProgress(io);
  const { latest, nameOf, finished, seen, stop } = followJobs(link, io, progress);
  const { failed, outcomeOf } = fileEnds(io, progress, finished);

  const work: Promise<Outcome>[] = [];
  for (const file of files) {
    const source = resolve(file);
    const beside = out === undefined ? await besideProblem(io, source) : undefined;
    if (beside !== undefined) {
      work.push(Promise.resolve(failed(file, beside)));
      continue;
    }
    // Sent one after another, in the order given; each followed and written as it ends.
    let sent = () => {};
    const taken = new Promise<void>((settle) => (sent = settle));
    const outcome = jobToFiles(link, {
      from: { send: sendInput(source, options) },
      formats: options.formats,
      settings: options.settings,
      write: writeInto(out ?? dirname(source)),
      known: (job) => {
        nameOf.set(job.id, file);
        seen(job);
        sent();
      },
      stop: interrupted,
    }).then((done) => outcomeOf(file, done));
    work.push(outcome);
    await Promise.race([taken, outcome]);
  }

  const all = Promise.all(work);
  const outcome = await Promise.race([all, interrupted.then(() => undefined)]);
  stop();
  progress.stop();
  return outcome === undefined
    ? leftRunning(
        io,
        [...latest.values()].filter((job) => !ended(job)),
        nameOf,
      )
    : summed(io, outcome);
}

/**
 * The jobs of the files sent, as the core reports them: the newest copy of each, its file's bar
 * drawn from its state (the estimate counting down between events), each change said as a JSON
 * event. `stop` ends the following.
 */
function followJobs(link: CoreLink, io: Io, progress: FileProgress) {
  const historyOf = lazyHistory(link);
  /** The newest copy of each job of ours, by the journal's revision. */
  const latest = new Map<string, Job>();
  const nameOf = new Map<string, string>();
  /** Jobs whose file has had its last line: nothing more is drawn for them. */
  const finished = new Set<string>();

  const show = (job: Job) => {
    const name = nameOf.get(job.id);
    if (name === undefined || finished.has(job.id)) return;
    const { stage, fraction } = stageOf(job, io.lang, historyOf);
    progress.update(name, job.status, stage, fraction);
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
  };

  const unsubscribe = link.subscribe((event, payload) => {
    if (event === 'jobs:changed') seen((payload as EventPayload<'jobs:changed'>).job);
    else if (event === 'upload:progress') {
      const { id, sent, total } = payload as EventPayload<'upload:progress'>;
      const name = nameOf.get(id);
      if (name === undefined) return;
      io.emit({ type: 'upload', file: name, job: id, sent, total });
      // Bytes still going out while the job says it is uploading; once it says more, that shows.
      const job = latest.get(id);
      if (job && job.status !== 'uploading') return;
      progress.update(
        name,
        'uploading',
        say(io.lang, 'stage.uploading'),
        total > 0 ? sent / total : 0,
      );
    } else if (event === 'usage:warning')
      warnBudget(io, progress, payload as EventPayload<'usage:warning'>);
  });
  // The estimate counts down between events.
  const ticker = setInterval(() => {
    for (const job of latest.values()) if (job.status === 'recognizing') show(job);
  }, 1000);

  /** How much of the recording a speech-only job sent, said once, when the cut is made. */
  const told = (file: string, job: Job) => {
    const sent = job.sentSeconds!;
    const recorded = job.speech!.recordingMs / 1000;
    progress.note(
      say(io.lang, 'file.sent', {
        name: file,
        sent: duration(sent * 1000),
        recorded: duration(recorded * 1000),
      }),
    );
    io.emit({ type: 'sent', file, job: job.id, sentSeconds: sent, recordedSeconds: recorded });
  };

  const stop = () => {
    clearInterval(ticker);
    unsubscribe();
  };
  return { latest, nameOf, finished, seen, stop };
}

/** How each file ends: its last line, its JSON events, and what it gives the summary. */
function fileEnds(io: Io, progress: FileProgress, finished: Set<string>) {
  const failed = (file: string, sentence: string, job?: string, detail?: string): Outcome => {
    const line = say(io.lang, 'file.failed', { name: file, reason: sentence });
    if (job) finished.add(job);
    if (io.json || io.quiet)
      io.error(line, { file, ...(job ? { job } : {}), ...(detail ? { detail } : {}) });
    else
      progress.end(
        file,
        detail ? `kikitori: ${line}\n  ${say(io.lang, 'detail', { detail })}` : `kikitori: ${line}`,
      );
    return { file, ...(job ? { job } : {}), ok: false, outputs: [], error: sentence };
  };

  /** What became of a file, said as its last line. */
  const outcomeOf = (file: string, done: JobFilesOutcome): Outcome => {
    if (done.kind === 'refused') {
      const { sentence, detail } = io.told(done.error);
      // Past the budget the person asked to be asked about: how to say "send anyway" here.
      const flag = done.error.code === 'over-budget' ? ` ${say(io.lang, 'budget.overFlag')}` : '';
      return failed(file, `${sentence}${flag}`, undefined, detail);
    }
    if (done.kind === 'stopped') return { file, job: done.id, ok: false, outputs: [] };
    if (done.kind === 'removed') {
      const { sentence, detail } = io.told(appError('not-found', { what: 'job', id: done.id }));
      return failed(file, sentence, done.id, detail);
    }
    const { job } = done;
    if (done.kind === 'failed') {
      const { sentence, detail } = toldOf(job.error, io);
      return failed(file, sentence, job.id, detail);
    }
    if (done.kind === 'unwritten') {
      const { sentence, detail } = io.problem(done.error);
      return failed(file, sentence, job.id, detail);
    }
    const outputs = [...done.paths];
    finished.add(job.id);
    progress.end(file, say(io.lang, 'file.wroteAll', { name: file, paths: outputs.join(', ') }));
    for (const path of outputs) io.emit({ type: 'written', file, job: job.id, path });
    io.paths(outputs);
    return { file, job: job.id, ok: true, outputs };
  };

  return { failed, outcomeOf };
}

/**
 * The journal's past jobs, which give an estimate its rate: asked for once a job is being
 * recognized, not before the files are sent (a list of thousands costs the app time).
 */
function lazyHistory(link: CoreLink): () => readonly Job[] {
  let history: Job[] | undefined;
  return () => {
    if (history) return history;
    history = [];
    void link.invoke('jobs:list', {}).then((listed) => {
      if (listed.ok) history = listed.data.jobs;
    });
    return history;
  };
}

/** A connection nearing its monthly budget, said above the bars. */
function warnBudget(io: Io, progress: FileProgress, warning: EventPayload<'usage:warning'>) {
  const hours = (seconds: number) => Math.round(seconds / 360) / 10;
  progress.note(
    say(io.lang, 'budget.warning', {
      name: warning.connection,
      percent: Math.round((warning.secondsUsed / warning.secondsBudget) * 100),
      used: hours(warning.secondsUsed),
      budget: hours(warning.secondsBudget),
    }),
  );
  io.emit({ type: 'usage-warning', ...warning });
}

/** The file sent as the window sends it, with the flags that hold for it only. */
const sendInput = (source: string, options: TranscribeOptions) =>
  ({
    paths: [source],
    ...(options.connection !== undefined && { connection: options.connection }),
    use: {
      ...(options.engine !== undefined && { engine: options.engine }),
      ...(options.profile !== undefined && { profileId: options.profile }),
      ...(options.speakers && { speakers: true }),
      ...(options.speechOnly && { speechOnly: true }),
    },
    ...(options.overBudget && { overBudget: true }),
  }) satisfies ChannelInput<'transcribe:files'>;

/** What the job says it is doing, in words, and how far along it is. */
function stageOf(
  job: Job,
  lang: Lang,
  history: () => Iterable<Job>,
): { stage: string; fraction: number } {
  if (job.status === 'uploading')
    return { stage: say(lang, 'stage.uploading'), fraction: job.progress ?? 0 };
  if (job.status === 'recognizing') {
    const estimate = estimateOf(job, workRate(history(), job), Date.now());
    if (!estimate) return { stage: say(lang, 'stage.recognizing'), fraction: 0 };
    return {
      stage: estimate.late
        ? say(lang, 'stage.late')
        : say(lang, 'stage.left', { seconds: Math.ceil(estimate.left) }),
      fraction: estimate.fraction,
    };
  }
  if (job.status === 'completed') return { stage: say(lang, 'stage.exporting'), fraction: 1 };
  if (job.status === 'cancelled') return { stage: say(lang, 'stage.cancelled'), fraction: 0 };
  if (isEnded(job.status)) return { stage: say(lang, 'stage.failed'), fraction: 0 };
  // A speech-only job is queued while the detector listens, until its cut is known.
  if (job.speechOnly && !job.speech)
    return { stage: say(lang, 'stage.findingSpeech'), fraction: 0 };
  return { stage: say(lang, 'stage.queued'), fraction: 0 };
}

/** Interrupted: the jobs the service has, left to finish, listed (exit 130). */
function leftRunning(io: Io, left: readonly Job[], nameOf: ReadonlyMap<string, string>): number {
  io.error(say(io.lang, left.length > 0 ? 'interrupted.head' : 'interrupted.none'), {
    exitCode: 130,
    left: left.map((job) => ({ job: job.id, file: nameOf.get(job.id), status: job.status })),
  });
  for (const job of left)
    io.more(`  ${job.id}  ${nameOf.get(job.id) ?? job.file.name}  ${job.status}`);
  return 130;
}

/** Every file done: how many failed, and the result (exit 0, or 1 when any failed). */
function summed(io: Io, outcome: readonly Outcome[]): number {
  const bad = outcome.filter((o) => !o.ok).length;
  const code = bad > 0 ? 1 : 0;
  if (bad > 0 && outcome.length > 1)
    io.note(say(io.lang, 'summary.some', { failed: bad, total: outcome.length }));
  io.emit({ type: 'result', ok: code === 0, exitCode: code, files: outcome });
  return code;
}

function toldOf(error: AppError | undefined, io: Io): Told {
  return error ? io.told(error) : { sentence: say(io.lang, 'stage.failed') };
}

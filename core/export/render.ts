/**
 * Every export is made here: a job's transcript as the person corrected it, the
 * speakers' names, the format's options and the file's name, rendered to any format. The window
 * (`export:render`, `export:job`), the command line and watched folders all call it, so the same
 * job and choices give the same bytes wherever they are asked for.
 *
 * Japanese subtitles break between phrases as BudouX finds them (shared/format/subtitles.ts).
 */
import { decodeD } from '../../shared/api/d-codec';
import type { EditedTranscript } from '../../shared/domain/edits';
import { AppFailure, appError } from '../../shared/domain/errors';
import { type Job, type Transcript, jobName } from '../../shared/domain/job';
import type { ExportSettings } from '../../shared/format/export-settings';
import {
  type ExportChoice,
  type ExportOptions,
  documentOptions,
  exportFileName,
  exportTranscript,
  MEDIA_TYPES,
} from '../../shared/format/exporters';
import { type MinutesMeta, minutesOf, speakerNameIn } from '../../shared/format/minutes';
import { type PhraseSegmenter, scriptOf, SUBTITLE_DEFAULTS } from '../../shared/format/subtitles';
import type { ConnectionStore } from '../connections/connection-store';
import { bothTranscripts } from '../jobs/job-edits';
import type { JobJournal } from '../jobs/job-journal';
import { readAnswer, rebuiltAnswer } from '../jobs/service-answers';
import { toDocx } from './docx';
import { japanesePhrases, remembering } from './phrases';

/** BudouX's Japanese model, loaded the first time a Japanese transcript is cut into cues. */
export const budouxPhrases: PhraseSegmenter = japanesePhrases;

export interface RenderedFile {
  readonly fileName: string;
  readonly format: ExportChoice;
  readonly mediaType: string;
  readonly bytes: Uint8Array;
}

/** What a document says about the recording besides its words. */
export interface RecordingFacts {
  /** The name files are given after: the job's title, else its file's name. */
  readonly sourceName: string;
  readonly title?: string;
  readonly recordedAt?: number;
  readonly durationMs?: number;
  readonly connection?: string;
  readonly engine?: string;
}

/** The exporters' options from a person's choices, for this transcript. */
export function exportOptionsOf(
  transcript: EditedTranscript,
  facts: RecordingFacts,
  settings: ExportSettings,
): ExportOptions {
  const named = { ...transcript.speakerNames, ...settings.speakerNames };
  const script = scriptOf(transcript);
  const meta: MinutesMeta = {
    title: facts.title ?? facts.sourceName,
    lang: settings.lang,
    ...(facts.recordedAt !== undefined && { recordedAt: facts.recordedAt }),
    ...(facts.durationMs !== undefined && { durationMs: facts.durationMs }),
    ...(facts.connection !== undefined && { connection: facts.connection }),
    ...(facts.engine !== undefined && { engine: facts.engine }),
    ...(settings.timeZone !== undefined && { timeZone: settings.timeZone }),
  };
  return {
    speakerName: speakerNameIn(settings.lang, named),
    fillers: settings.fillers,
    speakers: settings.speakers,
    times: settings.times,
    ...(settings.readings !== undefined && { readings: settings.readings }),
    script,
    subtitles: { ...SUBTITLE_DEFAULTS[script], ...settings.subtitles },
    // (Remembered for this export: SRT and VTT at once cut the same texts.)
    phrases: remembering(budouxPhrases),
    meta,
  };
}

const encoder = new TextEncoder();

/**
 * One transcript in each of `formats`, named after `facts`. `json-original` is the service's own
 * answer (`answer`, as it came); without one, it is rebuilt from `service` in the sync response's
 * shape (../jobs/service-answers.ts).
 */
export async function renderTranscript(
  service: Transcript,
  edited: EditedTranscript,
  facts: RecordingFacts,
  formats: readonly ExportChoice[],
  settings: ExportSettings,
  answer?: unknown,
): Promise<RenderedFile[]> {
  const options = exportOptionsOf(edited, facts, settings);
  // Names given on the command line count as given in the viewer, JSON included.
  const named: EditedTranscript =
    settings.speakerNames !== undefined
      ? { ...edited, speakerNames: { ...edited.speakerNames, ...settings.speakerNames } }
      : edited;
  const files: RenderedFile[] = [];
  for (const format of formats) {
    if (format === 'json-original') {
      files.push({
        fileName: exportFileName(facts.sourceName, 'json', facts.title).replace(
          /\.json$/,
          '.original.json',
        ),
        format,
        mediaType: MEDIA_TYPES.json,
        bytes: encoder.encode(`${JSON.stringify(answer ?? rebuiltAnswer(service), null, 2)}\n`),
      });
      continue;
    }
    const bytes =
      format === 'docx'
        ? await toDocx(
            // minutesOf applies the fillers choice itself.
            minutesOf(named, options.meta!, documentOptions(options)),
            facts.recordedAt,
          )
        : encoder.encode(exportTranscript(named, format, options));
    files.push({
      fileName: exportFileName(facts.sourceName, format, facts.title),
      format,
      mediaType: MEDIA_TYPES[format],
      bytes,
    });
  }
  return files;
}

/** The engine a job asked for, from its `d`. */
function engineOf(job: Job): string | undefined {
  const d = decodeD(job.params.d);
  return d.ok ? d.data.grammarFileNames : undefined;
}

/** How long a transcript runs: the job's audio when known, else its last word's end. */
function durationOf(job: Job, transcript: Transcript): number | undefined {
  if (job.seconds !== undefined) return Math.round(job.seconds * 1000);
  const ends = transcript.utterances.map((u) => u.endtime ?? u.tokens.at(-1)?.endtime ?? 0);
  return ends.length > 0 ? Math.max(...ends) : undefined;
}

export function recordingFactsOf(
  job: Job,
  transcript: Transcript,
  connectionName?: string,
): RecordingFacts {
  const engine = engineOf(job);
  const durationMs = durationOf(job, transcript);
  return {
    sourceName: job.file.name,
    ...(job.title !== undefined && { title: job.title }),
    recordedAt: job.createdAt,
    ...(durationMs !== undefined && { durationMs }),
    ...(connectionName !== undefined && { connection: connectionName }),
    ...(engine !== undefined && { engine }),
  };
}

export interface ExportDeps {
  readonly journal: JobJournal;
  readonly connections: ConnectionStore;
  /** The data folder, where the service's answers are kept (none: each is rebuilt). */
  readonly dataDir?: string;
}

/**
 * What an export of a finished job is made from: both transcripts, the service's answer when it
 * was kept, and the recording's facts.
 */
export async function exportSource(
  deps: ExportDeps,
  id: string,
): Promise<{
  service: Transcript;
  edited: EditedTranscript;
  facts: RecordingFacts;
  answer: unknown;
}> {
  const job = deps.journal.get(id);
  if (!job) throw new AppFailure(appError('not-found', { what: 'job', id }));
  const both = await bothTranscripts(deps.journal, job);
  if (!both)
    throw new AppFailure(
      appError('export-no-transcript', {
        name: jobName(job),
        state:
          job.status === 'cancelled' ? 'cancelled' : job.status === 'failed' ? 'failed' : 'running',
      }),
    );
  const { service, edited } = both;
  const facts = recordingFactsOf(job, service, deps.connections.get(job.connection)?.name);
  const answer = deps.dataDir === undefined ? undefined : await readAnswer(deps.dataDir, id);
  return { service, edited, facts, answer };
}

/** A finished job's transcript in each of `formats`. */
export async function renderJob(
  deps: ExportDeps,
  id: string,
  formats: readonly ExportChoice[],
  settings: ExportSettings,
): Promise<RenderedFile[]> {
  const { service, edited, facts, answer } = await exportSource(deps, id);
  return renderTranscript(service, edited, facts, formats, settings, answer);
}

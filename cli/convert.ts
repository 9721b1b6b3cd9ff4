/**
 * `kikitori convert RESULT.json…`: a recognition result as the service returns it (a sync
 * response's `results`, a finished job's `segments` or `results`, with or without speaker
 * labels; or a transcript Kikitori exported as JSON) rendered to any export format by the core's
 * renderer, with no service and no data folder. The script (Japanese or spaced) is guessed from
 * the text, as the window guesses it, and picks the subtitle rules.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { z } from 'zod';
import { transcriptToFiles } from '../core/programs/job-files';
import { segmentSchema, utteranceSchema } from '../shared/api/recognition';
import type { Transcript } from '../shared/domain/job';
import type { ExportSettings } from '../shared/format/export-settings';
import type { ExportChoice } from '../shared/format/exporters';
import type { Io } from './io';
import { besideProblem, outFolder } from './preflight';
import { say } from './text';

const resultSchema = z.union([
  // A sync response, or a job finished with compatibleWithSync.
  z.object({
    results: z.array(utteranceSchema),
    text: z.string().optional(),
    utteranceid: z.string().optional(),
    session_id: z.string().optional(),
  }),
  // A finished async job.
  z.object({
    segments: z.array(segmentSchema),
    text: z.string().optional(),
    session_id: z.string().optional(),
  }),
  // Kikitori's own JSON export.
  z.object({
    utterances: z.array(utteranceSchema),
    text: z.string().optional(),
    sessionId: z.string().optional(),
  }),
]);

/** A result's transcript, as the runner stores it; undefined when it is not a result. */
export function transcriptOfResult(value: unknown): Transcript | undefined {
  const parsed = resultSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const result = parsed.data;
  const utterances =
    'results' in result
      ? result.results
      : 'segments' in result
        ? result.segments.flatMap((segment) => segment.results)
        : result.utterances;
  const sessionId =
    'sessionId' in result
      ? result.sessionId
      : (('session_id' in result ? result.session_id : undefined) ??
        ('utteranceid' in result ? result.utteranceid : undefined));
  const text = result.text || utterances.map((u) => u.text).join(' ');
  return { text, utterances, ...(sessionId ? { sessionId } : {}) };
}

const endOf = (transcript: Transcript): number | undefined => {
  const ends = transcript.utterances.map((u) => u.endtime ?? u.tokens.at(-1)?.endtime ?? 0);
  return ends.length > 0 ? Math.max(...ends) : undefined;
};

export interface ConvertOptions {
  readonly formats: readonly ExportChoice[];
  readonly out?: string | undefined;
  readonly settings: ExportSettings;
}

export async function convert(
  files: readonly string[],
  options: ConvertOptions,
  io: Io,
): Promise<number> {
  const out = options.out === undefined ? undefined : await outFolder(io, options.out);
  const outcomes: { file: string; ok: boolean; outputs: string[]; error?: string }[] = [];
  for (const file of files) {
    const source = resolve(file);
    const failed = (sentence: string, detail?: string) => {
      io.error(say(io.lang, 'file.failed', { name: file, reason: sentence }), {
        file,
        ...(detail ? { detail } : {}),
      });
      outcomes.push({ file, ok: false, outputs: [], error: sentence });
    };
    let text: string;
    try {
      text = await readFile(source, 'utf8');
    } catch {
      failed(say(io.lang, 'convert.unreadable', { name: file }));
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      failed(say(io.lang, 'convert.notJson', { name: file }));
      continue;
    }
    const transcript = transcriptOfResult(value);
    if (!transcript) {
      failed(say(io.lang, 'convert.notResult', { name: file }));
      continue;
    }
    try {
      const beside = out === undefined ? await besideProblem(io, source) : undefined;
      if (beside !== undefined) {
        failed(beside);
        continue;
      }
      const durationMs = endOf(transcript);
      const outputs = [
        ...(await transcriptToFiles(
          transcript,
          { sourceName: basename(source), ...(durationMs !== undefined && { durationMs }) },
          options.formats,
          options.settings,
          out ?? dirname(source),
        )),
      ];
      io.note(say(io.lang, 'file.wroteAll', { name: file, paths: outputs.join(', ') }));
      for (const path of outputs) io.emit({ type: 'written', file, path });
      io.paths(outputs);
      outcomes.push({ file, ok: true, outputs });
    } catch (error) {
      const { sentence, detail } = io.problem(error);
      failed(sentence, detail);
    }
  }
  const code = outcomes.some((o) => !o.ok) ? 1 : 0;
  io.emit({ type: 'result', ok: code === 0, exitCode: code, files: outcomes });
  return code;
}

/**
 * How a command speaks: results on stdout (one JSON object a line with --json: each event, then
 * the result), notes and errors on stderr in the person's language, nothing but errors with
 * --quiet. Every line for people goes through `shown` (./terminal.ts): text from outside never
 * reaches a terminal raw. Progress bars are drawn by ./progress.ts.
 *
 * An error is its sentence, whole in the person's language; what the system or a service said
 * (an AppError's `detail`, English or anything) is shown apart, on its own line after it, and only
 * when the sentence does not already say why (a `reason` it translates).
 */
import { AppFailure, SUB_CODES, type AppError, type Lang } from '../shared/domain/errors';
import { errorText } from '../shared/domain/error-text';
import { BadArgument, CommandFailure } from './options';
import { shown } from './terminal';
import { say } from './text';

/** An error as the command line says it: its sentence, and the detail shown apart, if any. */
export interface Told {
  readonly sentence: string;
  readonly detail?: string;
}

export interface Io {
  readonly lang: Lang;
  readonly json: boolean;
  readonly quiet: boolean;
  /** Whether stderr is a terminal (progress bars redrawn in place) or not (plain lines). */
  readonly tty: boolean;
  /** A result line for people (not in --json mode). */
  out(line: string): void;
  /** A row of fields separated by tabs (each field's own controls escaped), not in --json mode. */
  row(fields: readonly string[]): void;
  /**
   * The paths a file was written to, one a line on stdout; not to the terminal that the line
   * saying what was written is on already (stdout and stderr both a terminal, notes on).
   */
  paths(paths: readonly string[]): void;
  /** One JSON object on its line (only in --json mode). */
  emit(value: Readonly<Record<string, unknown>>): void;
  /** A note on stderr (not with --quiet or --json). */
  note(line: string): void;
  /**
   * An error on stderr, always (and as an `error` event with --json); `fields.detail`, when
   * given, shown apart on the next line.
   */
  error(line: string, fields?: Readonly<Record<string, unknown>>): void;
  /** A further line of an error on stderr, always (not an event: the error's fields hold it). */
  more(line: string): void;
  /** The whole sentence for an AppError or anything thrown, without its detail. */
  errorSentence(error: unknown): string;
  /** The sentence and, apart, the detail worth showing, of anything thrown. */
  problem(error: unknown): Told;
  /** The same of an AppError the core answered or a job or event carries. */
  told(error: AppError): Told;
  /** Says `sentence` as an error (if any) and ends the process with `code`. */
  exit(code: number, sentence?: string): never;
}

/** An AppError's sentence in `lang`: whole, with no detail in it. */
export function appErrorSentence(error: AppError, lang: Lang): string {
  return errorText(error, lang);
}

/** An AppError's detail, when its sentence does not already say why in the person's words. */
export function detailOf(error: AppError): string | undefined {
  if (!error.detail) return undefined;
  const subCodes: Readonly<Record<string, unknown>> | undefined = (
    SUB_CODES as Readonly<Record<string, Readonly<Record<string, unknown>>>>
  )[error.code];
  if (subCodes && 'reason' in subCodes && error.params.reason !== undefined) return undefined;
  return error.detail;
}

export function makeIo(options: {
  readonly lang: Lang;
  readonly json?: boolean | undefined;
  readonly quiet?: boolean | undefined;
  readonly stdout?: NodeJS.WriteStream;
  readonly stderr?: NodeJS.WriteStream;
}): Io {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const json = options.json === true;
  const quiet = options.quiet === true;
  const { lang } = options;
  const tty = stderr.isTTY === true && !json && !quiet;
  const problem = (error: unknown): Told => {
    if (error instanceof AppFailure && error.error.code === 'not-found') {
      // The window's sentence asks to refresh its list: a command names the job, or says so.
      const { what, id } = error.error.params;
      return what === 'job' && id !== undefined
        ? { sentence: say(lang, 'job.none', { id }) }
        : { sentence: say(lang, 'notFound.other') };
    }
    if (error instanceof AppFailure) {
      const detail = detailOf(error.error);
      return { sentence: appErrorSentence(error.error, lang), ...(detail ? { detail } : {}) };
    }
    if (error instanceof BadArgument || error instanceof CommandFailure)
      return { sentence: error.sentence };
    return { sentence: error instanceof Error ? error.message : String(error) };
  };
  const io: Io = {
    lang,
    json,
    quiet,
    tty,
    out: (line) => {
      if (!json) stdout.write(`${shown(line)}\n`);
    },
    row: (fields) => {
      if (!json) stdout.write(`${fields.map((field) => shown(field)).join('\t')}\n`);
    },
    paths: (paths) => {
      if (tty && stdout.isTTY === true) return;
      for (const path of paths) io.out(path);
    },
    emit: (value) => {
      if (json) stdout.write(`${JSON.stringify(value)}\n`);
    },
    note: (line) => {
      if (!json && !quiet) stderr.write(`${shown(line)}\n`);
    },
    error: (line, fields = {}) => {
      if (json) stdout.write(`${JSON.stringify({ type: 'error', ...fields, message: line })}\n`);
      stderr.write(`kikitori: ${shown(line)}\n`);
      if (typeof fields.detail === 'string')
        io.more(`  ${say(lang, 'detail', { detail: fields.detail })}`);
    },
    more: (line) => stderr.write(`${shown(line)}\n`),
    errorSentence: (error) => problem(error).sentence,
    problem,
    told: (error) => problem(new AppFailure(error)),
    exit: (code, sentence) => {
      if (sentence !== undefined) io.error(sentence, { exitCode: code });
      process.exit(code);
    },
  };
  return io;
}

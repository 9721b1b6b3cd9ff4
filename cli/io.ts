/**
 * How a command speaks: results on stdout (one JSON object a line with --json: each event, then
 * the result), notes and errors on stderr in the person's language, nothing but errors with
 * --quiet. Progress bars are drawn by ./progress.ts.
 */
import { AppFailure, errorText, type AppError, type Lang } from '../shared/domain/errors';
import { shown } from './terminal';

export interface Io {
  readonly lang: Lang;
  readonly json: boolean;
  readonly quiet: boolean;
  /** Whether stderr is a terminal (progress bars redrawn in place) or not (plain lines). */
  readonly tty: boolean;
  /**
   * Whether results on stdout would land on the terminal the bars are drawn on: the line each
   * file ends with says what was written, and stdout says it again only to a pipe or a file.
   */
  readonly resultsShown: boolean;
  /** A result line for people (not in --json mode). */
  out(line: string): void;
  /** One JSON object on its line (only in --json mode). */
  emit(value: Readonly<Record<string, unknown>>): void;
  /** A note on stderr (not with --quiet or --json). */
  note(line: string): void;
  /** An error on stderr, always (and as an `error` event with --json). */
  error(line: string, fields?: Readonly<Record<string, unknown>>): void;
  /** A further line of an error on stderr, always (not an event: the error's fields hold it). */
  more(line: string): void;
  /** The whole sentence for an AppError or anything thrown. */
  errorSentence(error: unknown): string;
  /** Says `sentence` as an error (if any) and ends the process with `code`. */
  exit(code: number, sentence?: string): never;
}

export function appErrorSentence(error: AppError, lang: Lang): string {
  return `${errorText(error, lang)}${error.detail ? ` (${error.detail})` : ''}`;
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
  const io: Io = {
    lang,
    json,
    quiet,
    tty,
    resultsShown: tty && stdout.isTTY === true,
    out: (line) => {
      if (!json) stdout.write(`${shown(line)}\n`);
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
    },
    more: (line) => stderr.write(`${shown(line)}\n`),
    errorSentence: (error) =>
      error instanceof AppFailure
        ? appErrorSentence(error.error, lang)
        : error instanceof Error
          ? error.message
          : String(error),
    exit: (code, sentence) => {
      if (sentence !== undefined) io.error(sentence, { exitCode: code });
      process.exit(code);
    },
  };
  return io;
}

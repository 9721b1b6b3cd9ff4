/**
 * Text from outside (file names, job titles, transcripts and corrections, a service's messages)
 * as a terminal may show it: every control character written as an escape, never sent raw. A
 * name holding ESC [2J would otherwise clear the screen, a C1 CSI (U+009B) start a command of
 * the terminal's, a carriage return or a line break forge a line of ours. Every line the command
 * line writes for people goes through `shown` (io.ts, progress.ts); --json is already escaped.
 */

/** C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F). */
// eslint-disable-next-line no-control-regex -- control characters are what is matched
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/gu;
// eslint-disable-next-line no-control-regex -- control characters are what is matched
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/gu;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const escaped = (char: string): string =>
  NAMED[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/**
 * `text` with its control characters shown as escapes (`\x1b`, `\x9b`, `\t`, `\n`); a line break
 * stays one only where `lines` says the text is meant to hold several lines.
 */
export function shown(text: string, { lines = false }: { lines?: boolean } = {}): string {
  return text.replace(lines ? CONTROLS_BUT_NEWLINE : CONTROLS, escaped);
}

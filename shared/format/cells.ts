/**
 * Cells a spreadsheet would run (OWASP "CSV injection"): a CSV or TSV field that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel, LibreOffice and Google
 * Sheets. Exports write such a field with a leading `'` (which the spreadsheet shows as text and
 * does not display), and the word-table import takes exactly that `'` off again.
 */
// Quote marks already before such a character get one more too, so that reading back is exact.
// `comment`: a leading `#` as well, for tables whose reader takes `#` lines as comments.
const leading = (comment: boolean) => (comment ? '[=+\\-@\\t\\r#]' : '[=+\\-@\\t\\r]');
const NEEDS_QUOTE = [false, true].map((c) => new RegExp(`^'*${leading(c)}`));
const QUOTED = [false, true].map((c) => new RegExp(`^''*${leading(c)}`));

/** The field as a spreadsheet will show, not run, it (and, with `comment`, not skip it). */
export const spreadsheetText = (value: string, { comment = false } = {}): string =>
  NEEDS_QUOTE[Number(comment)]!.test(value) ? `'${value}` : value;

/** The field as it was before `spreadsheetText` (with the same `comment`). */
export const fromSpreadsheetText = (value: string, { comment = false } = {}): string =>
  QUOTED[Number(comment)]!.test(value) ? value.slice(1) : value;

/** Text for one line of a subtitle cue: a line break inside it would start a forged cue. */
export const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ');

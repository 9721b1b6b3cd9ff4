/**
 * Cells a spreadsheet would run (OWASP "CSV injection"): a CSV or TSV field that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel, LibreOffice and Google
 * Sheets. Exports write such a field with a leading `'` (which the spreadsheet shows as text and
 * does not display), and the word-table import takes exactly that `'` off again.
 */
// Quote marks already before a formula character get one more too, so that reading back is exact.
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;
const QUOTED = /^''*[=+\-@\t\r]/;

/** The field as a spreadsheet will show, not run, it. */
export const spreadsheetText = (value: string): string =>
  NEEDS_QUOTE.test(value) ? `'${value}` : value;

/** The field as it was before `spreadsheetText`. */
export const fromSpreadsheetText = (value: string): string =>
  QUOTED.test(value) ? value.slice(1) : value;

/** Text for one line of a subtitle cue: a line break inside it would start a forged cue. */
export const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ');

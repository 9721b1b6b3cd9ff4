/**
 * Transcript exporters (docs/architecture.md §3 shared/format): pure functions from a stored transcript to
 * the text of a file. TXT (one utterance a line), SRT and WebVTT (cues of at most two short lines
 * and seven seconds, cut at word boundaries using the words' own times), JSON (the stored result,
 * lossless) and CSV (one word a line: word,start,end,confidence; times in seconds).
 *
 * With speaker labels a speaker change also starts a new line or cue: TXT and SRT lines start
 * with "Speaker 1: ", VTT cues carry a `<v Speaker 1>` voice tag, CSV gains a speaker column.
 *
 * A transcript a person edited (shared/domain/edits.ts) is exported as edited: its words, and the
 * names it gives speakers. JSON is offered both ways: the edited transcript (marked as edited)
 * and the service's result as it said it (`json-original`).
 */
import type { Token } from '../api/recognition';
import type { EditedTranscript } from '../domain/edits';
import type { Transcript } from '../domain/job';
import { oneLine, spreadsheetText } from './cells';
import {
  type Block,
  blocksOf,
  englishSpeakerName,
  hasSpeakers,
  isPunctuation,
  joinerOf,
  joinTokens,
} from './speakers';

export { joinTokens } from './speakers';

export interface ExportOptions {
  /** A speaker's name from its label (`speaker0` → "Speaker 1" unless given). */
  readonly speakerName?: (label: string) => string;
}

export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const MEDIA_TYPES: Readonly<Record<ExportFormat, string>> = {
  txt: 'text/plain;charset=utf-8',
  srt: 'application/x-subrip;charset=utf-8',
  vtt: 'text/vtt;charset=utf-8',
  json: 'application/json;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
};

const CUE_MAX_MS = 7_000;
const CUE_MAX_CHARS = 84;

export interface Cue {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** The speaker's label, with speaker labels. */
  readonly label?: string;
}

function blockSpan(block: Block): { start: number; end: number } {
  const timed = block.tokens.filter((t) => t.starttime !== undefined);
  const start = block.starttime ?? timed[0]?.starttime ?? 0;
  const end = block.endtime ?? timed.at(-1)?.endtime ?? start;
  return { start, end: Math.max(start, end) };
}

/** The subtitle cues of a transcript: each utterance (each speaker's part), cut where it runs too long. */
export function cuesOf(transcript: Transcript): Cue[] {
  const cues: Cue[] = [];
  for (const block of blocksOf(transcript)) {
    const speaker = block.label !== undefined ? { label: block.label } : {};
    const span = blockSpan(block);
    const tokens = block.tokens;
    const timed = tokens.length > 0 && tokens.every((t) => t.starttime !== undefined);
    if (!timed) {
      if (block.text.trim()) cues.push({ ...span, text: block.text.trim(), ...speaker });
      continue;
    }
    const joiner = joinerOf(transcript.utterances[block.utterance]!);
    let group: Token[] = [];
    const flush = () => {
      if (group.length === 0) return;
      const start = group[0]!.starttime!;
      const end = Math.max(start, group.at(-1)!.endtime ?? start);
      cues.push({ start, end, text: joinTokens(group, joiner), ...speaker });
      group = [];
    };
    for (const token of tokens) {
      if (group.length > 0 && !isPunctuation(token)) {
        const start = group[0]!.starttime!;
        const tooLong = (token.endtime ?? token.starttime!) - start > CUE_MAX_MS;
        const tooWide = joinTokens([...group, token], joiner).length > CUE_MAX_CHARS;
        if (tooLong || tooWide) flush();
      }
      group.push(token);
    }
    flush();
  }
  return cues;
}

function clock(ms: number, separator: ',' | '.'): string {
  const whole = Math.max(0, Math.round(ms));
  const h = Math.floor(whole / 3_600_000);
  const m = Math.floor((whole % 3_600_000) / 60_000);
  const s = Math.floor((whole % 60_000) / 1000);
  const rest = whole % 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}${separator}${String(rest).padStart(3, '0')}`;
}

/** Two lines at most: a long cue breaks at the space nearest its middle. */
function wrap(text: string): string {
  if (text.length <= CUE_MAX_CHARS / 2) return text;
  const middle = text.length / 2;
  let best = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ' ' && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  }
  return best < 0 ? text : `${text.slice(0, best)}\n${text.slice(best + 1)}`;
}

/** A speaker's name: the one a person gave it in the transcript, else the options' own. */
function namesOf(transcript: EditedTranscript, options: ExportOptions): ExportOptions {
  const named = transcript.speakerNames;
  if (!named) return options;
  const fallback = options.speakerName ?? englishSpeakerName;
  return { ...options, speakerName: (label) => named[label] ?? fallback(label) };
}

const nameOf = (options: ExportOptions) => options.speakerName ?? englishSpeakerName;

/** "Speaker 1: " before text that has a speaker. */
function prefixed(text: string, label: string | undefined, options: ExportOptions): string {
  return label === undefined ? text : `${nameOf(options)(label)}: ${text}`;
}

export function toTxt(transcript: EditedTranscript, given: ExportOptions = {}): string {
  const options = namesOf(transcript, given);
  const lines = blocksOf(transcript)
    .filter((b) => b.text.trim())
    .map((b) => prefixed(b.text.trim(), b.label, options));
  return lines.length > 0 ? `${lines.join('\n')}\n` : transcript.text ? `${transcript.text}\n` : '';
}

export function toSrt(transcript: EditedTranscript, given: ExportOptions = {}): string {
  const options = namesOf(transcript, given);
  return cuesOf(transcript)
    .map(
      (cue, i) =>
        `${i + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${wrap(
          oneLine(prefixed(cue.text, cue.label, options)),
        )}\n`,
    )
    .join('\n');
}

/** A WebVTT voice tag's annotation cannot hold "<", ">", "&" or a line break. */
const voiceName = (name: string) => name.replace(/[<>&\r\n]/g, ' ').trim();

/** Cue text is markup: "&", "<" and ">" are written as character references. */
const cueText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function toVtt(transcript: EditedTranscript, given: ExportOptions = {}): string {
  const options = namesOf(transcript, given);
  const cues = cuesOf(transcript).map((cue) => {
    const voice = cue.label === undefined ? '' : `<v ${voiceName(nameOf(options)(cue.label))}>`;
    return `${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n${voice}${cueText(wrap(oneLine(cue.text)))}\n`;
  });
  return ['WEBVTT\n', ...cues].join('\n');
}

export function toJson(transcript: EditedTranscript): string {
  return `${JSON.stringify(transcript, null, 2)}\n`;
}

/**
 * RFC 4180: quote a field with a comma, quote or line break; double the quotes inside. A field a
 * spreadsheet would run as a formula gets a leading `'` first (./cells.ts).
 */
const csvField = (raw: string) => {
  const value = spreadsheetText(raw);
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
};
const seconds = (ms: number | undefined) => (ms === undefined ? '' : (ms / 1000).toFixed(3));

export function toCsv(transcript: EditedTranscript, given: ExportOptions = {}): string {
  const options = namesOf(transcript, given);
  const speakers = hasSpeakers(transcript);
  const rows = [speakers ? 'word,start,end,confidence,speaker' : 'word,start,end,confidence'];
  for (const block of blocksOf(transcript)) {
    for (const token of block.tokens) {
      const fields = [
        csvField(token.written),
        seconds(token.starttime),
        seconds(token.endtime),
        token.confidence === undefined ? '' : String(token.confidence),
      ];
      if (speakers)
        fields.push(block.label === undefined ? '' : csvField(nameOf(options)(block.label)));
      rows.push(fields.join(','));
    }
  }
  return `${rows.join('\r\n')}\r\n`;
}

export function exportTranscript(
  transcript: EditedTranscript,
  format: ExportFormat,
  options: ExportOptions = {},
): string {
  switch (format) {
    case 'txt':
      return toTxt(transcript, options);
    case 'srt':
      return toSrt(transcript, options);
    case 'vtt':
      return toVtt(transcript, options);
    case 'json':
      return toJson(transcript);
    case 'csv':
      return toCsv(transcript, options);
  }
}

/** What the viewer offers: each format of the edited transcript, and the service's own JSON. */
export const EXPORT_CHOICES = [...EXPORT_FORMATS, 'json-original'] as const;
export type ExportChoice = (typeof EXPORT_CHOICES)[number];

/**
 * An export the viewer offers: every format from `edited` (the transcript a person sees), and
 * `json-original`, the service's result unchanged. Its file name says which, and is the job's
 * title when it has one (exportFileName).
 */
export function exportChoice(
  choice: ExportChoice,
  service: Transcript,
  edited: EditedTranscript,
  sourceName: string,
  options: ExportOptions = {},
  title?: string,
): { fileName: string; text: string; format: ExportFormat } {
  if (choice === 'json-original') {
    const fileName = exportFileName(sourceName, 'json', title).replace(/\.json$/, '.original.json');
    return { fileName, text: toJson(service), format: 'json' };
  }
  return {
    fileName: exportFileName(sourceName, choice, title),
    text: exportTranscript(edited, choice, options),
    format: choice,
  };
}

/** Characters no file name may hold on one system or another (a title holds no control character). */
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|]/g;

/**
 * `talk.wav` → `talk.srt`; with a job's title, the title whole (its dots are no extension), any
 * character a file name cannot hold made `_`.
 */
export function exportFileName(sourceName: string, format: ExportFormat, title?: string): string {
  if (title !== undefined) return `${title.replace(NOT_IN_FILE_NAMES, '_')}.${format}`;
  const dot = sourceName.lastIndexOf('.');
  const stem = dot > 0 ? sourceName.slice(0, dot) : sourceName || 'transcript';
  return `${stem}.${format}`;
}

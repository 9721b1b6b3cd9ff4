/**
 * Transcript exporters (docs/architecture.md §3 shared/format): pure functions from a stored
 * transcript to the text of a file. TXT (the minutes' paragraphs, each with its time), SRT and WebVTT (cues by the
 * subtitle rules, ./subtitles.ts), JSON (the stored result, lossless), CSV (one word a line:
 * word,start,end,confidence,reading; times in seconds; UTF-8 with a byte order mark, CRLF), Markdown and HTML minutes
 * (./minutes.ts, ./documents.ts; HTML with readings over the words). The Word document is drawn
 * from the same minutes in the core (core/export/), which is where every export is made
 * (core/export/render.ts): the window, the command line and watched folders all ask it.
 *
 * With speaker labels a speaker change also starts a new line or cue: TXT paragraphs and a turn's
 * first SRT cue start with "Speaker 1: ", VTT cues carry a `<v Speaker 1>` voice tag, CSV gains a
 * speaker column, and two short turns may share a cue, a dash before each line.
 *
 * A transcript a person edited (shared/domain/edits.ts) is exported as edited: its words, and the
 * names it gives speakers. JSON is offered both ways: the edited transcript (marked as edited)
 * and the service's result as it said it (`json-original`). Fillers (`%えー%`) are shown without
 * their marks or left out (./fillers.ts) in every format but JSON, which stays the result.
 */
import type { EditedTranscript } from '../domain/edits';
import { type ExportFormat, type TextFormat } from './export-choices';
import type { Transcript } from '../domain/job';
import { oneLine, spreadsheetText } from './cells';
import { toHtml, toMarkdown } from './documents';
import { type FillerMode, withFillers } from './fillers';
import {
  type DocumentOptions,
  type MinutesMeta,
  clockOf,
  DOCUMENT_DEFAULTS,
  minutesOf,
} from './minutes';
import { paragraphsOf } from './paragraphs';
import { blocksOf, englishSpeakerName, hasSpeakers } from './speakers';
import {
  type PhraseSegmenter,
  type Script,
  type SubtitleCue,
  type SubtitleRules,
  cueLines,
  scriptOf,
  subtitleCues,
} from './subtitles';

export { joinTokens } from './speakers';

export interface ExportOptions {
  /** A speaker's name from its label (`speaker0` → "Speaker 1" unless given). */
  readonly speakerName?: (label: string) => string;
  /** Fillers shown without their marks (the default) or left out. */
  readonly fillers?: FillerMode;
  /** Speakers' names written (the default); without, the words alone. */
  readonly speakers?: boolean;
  /**
   * Paragraphs' start times: in documents (Markdown, HTML, Word) by default, in text (TXT) when
   * asked (an export asks as the person chose; Copy does not).
   */
  readonly times?: boolean;
  /** Readings over the words in HTML (the default there); elsewhere they are a CSV column. */
  readonly readings?: boolean;
  /** Subtitle rules (SRT, VTT): the script's defaults unless given. */
  readonly subtitles?: SubtitleRules;
  readonly script?: Script;
  /** Where Japanese phrases end (BudouX in the core); a simple rule without it. */
  readonly phrases?: PhraseSegmenter;
  /** What documents say about the recording, in the person's language. */
  readonly meta?: MinutesMeta;
}

export {
  TEXT_FORMATS,
  EXPORT_FORMATS,
  EXPORT_CHOICES,
  type TextFormat,
  type ExportFormat,
  type ExportChoice,
} from './export-choices';

export const MEDIA_TYPES: Readonly<Record<ExportFormat, string>> = {
  txt: 'text/plain;charset=utf-8',
  srt: 'application/x-subrip;charset=utf-8',
  vtt: 'text/vtt;charset=utf-8',
  json: 'application/json;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
  md: 'text/markdown;charset=utf-8',
  html: 'text/html;charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The words of a document's options, as the minutes need them. */
export function documentOptions(
  options: ExportOptions,
  readingsByDefault = false,
): DocumentOptions {
  return {
    times: options.times ?? DOCUMENT_DEFAULTS.times,
    speakers: options.speakers ?? DOCUMENT_DEFAULTS.speakers,
    fillers: options.fillers ?? DOCUMENT_DEFAULTS.fillers,
    readings: options.readings ?? readingsByDefault,
  };
}

/** A document's facts when none are given: the title only, in English. */
const metaOf = (options: ExportOptions): MinutesMeta => options.meta ?? { title: '', lang: 'en' };

function clock(ms: number, separator: ',' | '.'): string {
  const whole = Math.max(0, Math.round(ms));
  const h = Math.floor(whole / 3_600_000);
  const m = Math.floor((whole % 3_600_000) / 60_000);
  const s = Math.floor((whole % 60_000) / 1000);
  const rest = whole % 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}${separator}${String(rest).padStart(3, '0')}`;
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

/**
 * Plain text: the minutes' paragraphs (./paragraphs.ts), a blank line between them, each after
 * its start time (`[00:01:23] `, when times are asked for) and its speaker's name.
 */
export function toTxt(given: EditedTranscript, options: ExportOptions = {}): string {
  const transcript = withFillers(given, options.fillers ?? 'show');
  const named = namesOf(transcript, options);
  const speakers = options.speakers ?? true;
  // Only when asked: an export passes the person's choice; Copy leaves them out.
  const times = options.times ?? false;
  const paragraphs = paragraphsOf(transcript).map((p) => {
    const line = prefixed(p.text, speakers ? p.label : undefined, named);
    return times ? `[${clockOf(p.ms)}] ${line}` : line;
  });
  if (paragraphs.length > 0) return `${paragraphs.join('\n\n')}\n`;
  return transcript.text ? `${transcript.text}\n` : '';
}

/** The cues of a transcript by the options' rules, fillers as the options say. */
export function cuesOf(given: EditedTranscript, options: ExportOptions = {}): SubtitleCue[] {
  const transcript = withFillers(given, options.fillers ?? 'show');
  const named = namesOf(transcript, options);
  const speakers = options.speakers ?? true;
  return subtitleCues(transcript, {
    script: scriptFor(transcript, options),
    ...(options.subtitles !== undefined && { rules: options.subtitles }),
    ...(options.phrases !== undefined && { phrases: options.phrases }),
    ...(speakers && { speakerName: nameOf(named) }),
  });
}

const scriptFor = (transcript: Transcript, options: ExportOptions): Script =>
  options.script ?? scriptOf(transcript);

export function toSrt(transcript: EditedTranscript, options: ExportOptions = {}): string {
  const script = scriptFor(transcript, options);
  return cuesOf(transcript, options)
    .map(
      (cue, i) =>
        `${i + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${cueLines(cue, script)
          .map(oneLine)
          .join('\n')}\n`,
    )
    .join('\n');
}

/** A WebVTT voice tag's annotation cannot hold "<", ">", "&" or a line break. */
const voiceName = (name: string) => name.replace(/[<>&\r\n]/g, ' ').trim();

/** Cue text is markup: "&", "<" and ">" are written as character references. */
const cueText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function toVtt(transcript: EditedTranscript, options: ExportOptions = {}): string {
  const script = scriptFor(transcript, options);
  const named = nameOf(namesOf(transcript, options));
  const speakers = options.speakers ?? true;
  const voice = (label: string | undefined) =>
    label === undefined || !speakers ? '' : `<v ${voiceName(named(label))}>`;
  const cues = cuesOf(transcript, { ...options, speakers: false }).map((cue) => {
    const lines = cueLines(cue, script).map((line, i) => {
      const text = cueText(oneLine(line));
      const label = cue.lines[i]!.label;
      // A cue of two speakers: each line its own voice.
      if (label !== undefined) return speakers ? `${voice(label)}${text}</v>` : text;
      return i === 0 ? `${voice(cue.label)}${text}` : text;
    });
    return `${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n${lines.join('\n')}\n`;
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

/** UTF-8's byte order mark, which tells Excel a CSV is UTF-8. */
export const BOM = '\ufeff';

export function toCsv(given: EditedTranscript, options: ExportOptions = {}): string {
  const transcript = withFillers(given, options.fillers ?? 'show');
  const named = nameOf(namesOf(transcript, options));
  const speakers = (options.speakers ?? true) && hasSpeakers(transcript);
  const rows = [`word,start,end,confidence,reading${speakers ? ',speaker' : ''}`];
  for (const block of blocksOf(transcript)) {
    for (const token of block.tokens) {
      const fields = [
        csvField(token.written),
        seconds(token.starttime),
        seconds(token.endtime),
        token.confidence === undefined ? '' : String(token.confidence),
        token.spoken === undefined || token.spoken === '_' ? '' : csvField(token.spoken),
      ];
      if (speakers) fields.push(block.label === undefined ? '' : csvField(named(block.label)));
      rows.push(fields.join(','));
    }
  }
  // A byte order mark first: Excel reads a CSV without one in the system's code page (Japanese
  // becomes mojibake); every line ends CRLF, as RFC 4180 has it.
  return `${BOM}${rows.join('\r\n')}\r\n`;
}

export function toMinutesMarkdown(
  transcript: EditedTranscript,
  options: ExportOptions = {},
): string {
  return toMarkdown(minutesOf(transcript, metaOf(options), documentOptions(options)));
}

export function toMinutesHtml(transcript: EditedTranscript, options: ExportOptions = {}): string {
  return toHtml(minutesOf(transcript, metaOf(options), documentOptions(options, true)));
}

export function exportTranscript(
  transcript: EditedTranscript,
  format: TextFormat,
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
    case 'md':
      return toMinutesMarkdown(transcript, options);
    case 'html':
      return toMinutesHtml(transcript, options);
  }
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

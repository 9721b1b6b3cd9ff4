/**
 * Transcript exporters (docs/architecture.md §3 shared/format): pure functions from a stored transcript to
 * the text of a file. TXT (one utterance a line), SRT and WebVTT (cues of at most two short lines
 * and seven seconds, cut at word boundaries using the words' own times), JSON (the stored result,
 * lossless) and CSV (one word a line: word,start,end,confidence; times in seconds).
 */
import type { Token, Utterance } from '../api/recognition';
import type { Transcript } from '../domain/job';

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
}

/** Punctuation tokens (`spoken` is `_`) attach to the word before them. */
const isPunctuation = (token: Token) => token.spoken === '_';

/** Languages written with spaces between words (the utterance's own text shows which). */
function joinerOf(utterance: Utterance): string {
  return /\S\s\S/.test(utterance.text) ? ' ' : '';
}

export function joinTokens(tokens: readonly Token[], joiner: string): string {
  let text = '';
  for (const token of tokens) {
    if (text !== '' && !isPunctuation(token)) text += joiner;
    text += token.written;
  }
  return text;
}

function utteranceSpan(utterance: Utterance): { start: number; end: number } {
  const timed = utterance.tokens.filter((t) => t.starttime !== undefined);
  const start = utterance.starttime ?? timed[0]?.starttime ?? 0;
  const end = utterance.endtime ?? timed.at(-1)?.endtime ?? start;
  return { start, end: Math.max(start, end) };
}

/** The subtitle cues of a transcript: each utterance, cut where it runs too long. */
export function cuesOf(transcript: Transcript): Cue[] {
  const cues: Cue[] = [];
  for (const utterance of transcript.utterances) {
    const span = utteranceSpan(utterance);
    const tokens = utterance.tokens;
    const timed = tokens.length > 0 && tokens.every((t) => t.starttime !== undefined);
    if (!timed) {
      if (utterance.text.trim()) cues.push({ ...span, text: utterance.text.trim() });
      continue;
    }
    const joiner = joinerOf(utterance);
    let group: Token[] = [];
    const flush = () => {
      if (group.length === 0) return;
      const start = group[0]!.starttime!;
      const end = Math.max(start, group.at(-1)!.endtime ?? start);
      cues.push({ start, end, text: joinTokens(group, joiner) });
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

export function toTxt(transcript: Transcript): string {
  const lines = transcript.utterances.map((u) => u.text.trim()).filter(Boolean);
  return lines.length > 0 ? `${lines.join('\n')}\n` : transcript.text ? `${transcript.text}\n` : '';
}

export function toSrt(transcript: Transcript): string {
  return cuesOf(transcript)
    .map(
      (cue, i) =>
        `${i + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${wrap(cue.text)}\n`,
    )
    .join('\n');
}

export function toVtt(transcript: Transcript): string {
  const cues = cuesOf(transcript).map(
    (cue) => `${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n${wrap(cue.text)}\n`,
  );
  return ['WEBVTT\n', ...cues].join('\n');
}

export function toJson(transcript: Transcript): string {
  return `${JSON.stringify(transcript, null, 2)}\n`;
}

/** RFC 4180: quote a field with a comma, quote or line break; double the quotes inside. */
const csvField = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
const seconds = (ms: number | undefined) => (ms === undefined ? '' : (ms / 1000).toFixed(3));

export function toCsv(transcript: Transcript): string {
  const rows = ['word,start,end,confidence'];
  for (const utterance of transcript.utterances) {
    for (const token of utterance.tokens) {
      rows.push(
        [
          csvField(token.written),
          seconds(token.starttime),
          seconds(token.endtime),
          token.confidence === undefined ? '' : String(token.confidence),
        ].join(','),
      );
    }
  }
  return `${rows.join('\r\n')}\r\n`;
}

export function exportTranscript(transcript: Transcript, format: ExportFormat): string {
  switch (format) {
    case 'txt':
      return toTxt(transcript);
    case 'srt':
      return toSrt(transcript);
    case 'vtt':
      return toVtt(transcript);
    case 'json':
      return toJson(transcript);
    case 'csv':
      return toCsv(transcript);
  }
}

/** `talk.wav` → `talk.srt`. */
export function exportFileName(sourceName: string, format: ExportFormat): string {
  const dot = sourceName.lastIndexOf('.');
  const stem = dot > 0 ? sourceName.slice(0, dot) : sourceName || 'transcript';
  return `${stem}.${format}`;
}

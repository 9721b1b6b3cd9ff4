/**
 * Minutes (議事録): a transcript as a document people hand on, in the words of the person's
 * language. One model, `minutesOf`, that the Word (core/export/docx.ts), Markdown and HTML
 * (./documents.ts) renderings all draw: a title, the facts (when recorded, how long, the
 * connection and engine), the participants (the speakers by their names), then each turn, a
 * paragraph as the speech runs (./paragraphs.ts: a speaker's change, a long pause, a readable
 * length), with its start time and speaker.
 */
import type { Token } from '../api/recognition';
import type { EditedTranscript } from '../domain/edits';
import type { Lang } from '../domain/errors';
import { type FillerMode, withFillers } from './fillers';
import { paragraphsOf } from './paragraphs';
import { speakerNumber } from './speakers';

/** The fixed words of a document, in each language the window speaks. */
export const DOCUMENT_WORDS: Readonly<
  Record<
    Lang,
    {
      recorded: string;
      duration: string;
      connection: string;
      engine: string;
      participants: string;
      transcript: string;
      speaker: (n: number) => string;
      list: string;
      untitled: string;
    }
  >
> = {
  ja: {
    recorded: '日時',
    duration: '長さ',
    connection: '接続',
    engine: 'エンジン',
    participants: '参加者',
    transcript: '記録',
    speaker: (n) => `話者 ${n}`,
    list: '、',
    untitled: '議事録',
  },
  en: {
    recorded: 'Recorded',
    duration: 'Duration',
    connection: 'Connection',
    engine: 'Engine',
    participants: 'Participants',
    transcript: 'Transcript',
    speaker: (n) => `Speaker ${n}`,
    list: ', ',
    untitled: 'Minutes',
  },
};

export interface DocumentOptions {
  /** Each turn's start time before it. */
  readonly times: boolean;
  /** Each turn's speaker before it, and the participants. */
  readonly speakers: boolean;
  readonly fillers: FillerMode;
  /** Readings (`spoken`) over the words that have them, where the format can show them. */
  readonly readings: boolean;
}

export const DOCUMENT_DEFAULTS: DocumentOptions = {
  times: true,
  speakers: true,
  fillers: 'show',
  readings: false,
};

export interface MinutesMeta {
  readonly title: string;
  /** When the recording was made (ms since the epoch). */
  readonly recordedAt?: number;
  readonly durationMs?: number;
  readonly connection?: string;
  readonly engine?: string;
  readonly lang: Lang;
  /** The time zone the date is written in (the system's when not given). */
  readonly timeZone?: string;
}

export interface Turn {
  /** The start, in ms from the recording's start. */
  readonly ms: number;
  readonly speaker?: string;
  readonly tokens: readonly Token[];
  /** How the turn's words are joined: a space, or nothing (Japanese). */
  readonly joiner: string;
  readonly text: string;
}

export interface Minutes {
  readonly lang: Lang;
  readonly title: string;
  readonly facts: ReadonlyArray<{ readonly label: string; readonly value: string }>;
  readonly participants: readonly string[];
  readonly turns: readonly Turn[];
  readonly options: DocumentOptions;
}

/** `1:02:03`, or `2:03` under an hour. */
export function duration(ms: number): string {
  const whole = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** `00:01:23`: a turn's start as the viewer shows times. */
export function clockOf(ms: number): string {
  const whole = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}

/** The speaker's name: the one a person gave, else "話者 1" / "Speaker 1". */
export function speakerNameIn(
  lang: Lang,
  names: Readonly<Record<string, string>> | undefined,
): (label: string) => string {
  return (label) => {
    if (names && Object.hasOwn(names, label)) return names[label]!;
    const n = speakerNumber(label);
    return n === undefined ? label : DOCUMENT_WORDS[lang].speaker(n);
  };
}

export function minutesOf(
  given: EditedTranscript,
  meta: MinutesMeta,
  options: DocumentOptions = DOCUMENT_DEFAULTS,
): Minutes {
  const transcript = withFillers(given, options.fillers);
  const words = DOCUMENT_WORDS[meta.lang];
  const nameOf = speakerNameIn(meta.lang, transcript.speakerNames);
  const labels: string[] = [];
  const turns: Turn[] = paragraphsOf(transcript).map(({ label, ...paragraph }) => {
    if (label !== undefined && !labels.includes(label)) labels.push(label);
    return { ...paragraph, ...(label !== undefined && { speaker: nameOf(label) }) };
  });
  const facts: Array<{ label: string; value: string }> = [];
  if (meta.recordedAt !== undefined)
    facts.push({ label: words.recorded, value: dateOf(meta.recordedAt, meta) });
  if (meta.durationMs !== undefined)
    facts.push({ label: words.duration, value: duration(meta.durationMs) });
  if (meta.connection) facts.push({ label: words.connection, value: meta.connection });
  if (meta.engine) facts.push({ label: words.engine, value: meta.engine });
  return {
    lang: meta.lang,
    title: meta.title.trim() || words.untitled,
    facts,
    participants: options.speakers ? labels.map(nameOf) : [],
    turns: options.speakers ? turns : turns.map((turn) => ({ ...turn, speaker: undefined })),
    options,
  };
}

function dateOf(ms: number, meta: MinutesMeta): string {
  return new Intl.DateTimeFormat(meta.lang === 'ja' ? 'ja-JP' : 'en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    ...(meta.timeZone !== undefined && { timeZone: meta.timeZone }),
  }).format(new Date(ms));
}

/** Numbers as a person reads them: sizes, durations, clock times. */
import type { TFunction } from 'i18next';

export function formatSize(bytes: number, t: TFunction): string {
  const one = (n: number) => (n >= 100 ? Math.round(n).toString() : n.toFixed(1));
  if (bytes < 1024) return t('units.bytes', { value: bytes });
  if (bytes < 1024 ** 2) return t('units.kb', { value: one(bytes / 1024) });
  if (bytes < 1024 ** 3) return t('units.mb', { value: one(bytes / 1024 ** 2) });
  return t('units.gb', { value: one(bytes / 1024 ** 3) });
}

/** 75.4 → "1:15", 3725 → "1:02:05". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * How much of its recording a job sent when only speech was: "Sent 41:10 of 58:02" (`key`
 * words it). Only for a job that has its cut.
 */
export function sentOf(
  job: {
    readonly sentSeconds?: number | undefined;
    readonly speech?: { readonly recordingMs: number } | undefined;
  },
  t: TFunction,
  key: 'transcribe.sentOf' | 'transcribe.sentOfLong',
): string {
  return t(key, {
    sent: formatClock(job.sentSeconds ?? 0),
    recorded: formatClock((job.speech?.recordingMs ?? 0) / 1000),
  });
}

/** Milliseconds → "1:15.4" (tenths), for word times. */
export function formatMs(ms: number): string {
  const tenths = Math.floor((ms % 1000) / 100);
  return `${formatClock(ms / 1000)}.${tenths}`;
}

const dateTimeFormat = (lang: string) =>
  new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });

/**
 * The one way the window writes a date and time, in each language: this machine's zone, named
 * (Jobs, keys and the issue dialog alike, so two places never show one moment two ways).
 */
export function formatDateTime(when: number | Date, lang: string): string {
  return dateTimeFormat(lang).format(when);
}

/** This machine's zone as `formatDateTime` names it, so an input's label and a date agree. */
export function localZone(date: Date, lang: string): string {
  return dateTimeFormat(lang)
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')!.value;
}

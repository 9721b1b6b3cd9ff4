/**
 * `epi`, the validity of an issued key (docs/api.md §7): a number of milliseconds (default
 * 30000), `<n>` with a unit `s|m|h|d|w`, or an absolute date `yyyy-mm-dd[ hh:mm:ss]` where a date
 * alone means the end of that day. The result is an absolute expiry.
 */
import { type Parsed, parsed, rejected } from './result';

export const DEFAULT_VALIDITY_MS = 30_000;

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
/** The latest instant a JavaScript Date can hold. */
const MAX_TIME = 8.64e15;

export interface ValidityOptions {
  /** The moment the key is issued. */
  readonly now: Date;
  /**
   * Minutes east of UTC in which absolute dates are read (JST is 540). Defaults to the
   * machine's own zone at `now`.
   */
  readonly utcOffsetMinutes?: number;
}

const HINT =
  'use milliseconds (30000), a number with a unit s, m, h, d or w (12h), or a date yyyy-mm-dd[ hh:mm:ss]';

function relative(now: Date, amount: number, unitMs: number, input: string): Parsed<Date> {
  if (amount <= 0) return rejected(`epi "${input}" must be longer than zero`);
  const expiry = now.getTime() + amount * unitMs;
  if (!Number.isSafeInteger(amount * unitMs) || expiry > MAX_TIME) {
    return rejected(`epi "${input}" is too far in the future`);
  }
  return parsed(new Date(expiry));
}

function absolute(input: string, match: RegExpExecArray, options: ValidityOptions): Parsed<Date> {
  const [year, month, day] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  const dateOnly = match[4] === undefined;
  const [hour, minute, second] = dateOnly
    ? [23, 59, 59]
    : ([match[4], match[5], match[6]].map(Number) as [number, number, number]);
  if (month < 1 || month > 12) return rejected(`epi "${input}": month ${match[2]} does not exist`);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) {
    return rejected(`epi "${input}": day ${match[3]} does not exist in ${match[1]}-${match[2]}`);
  }
  if (hour > 23 || minute > 59 || second > 59) {
    return rejected(`epi "${input}": ${match[4]}:${match[5]}:${match[6]} is not a time of day`);
  }
  const offset = options.utcOffsetMinutes ?? -options.now.getTimezoneOffset();
  const wallClock = Date.UTC(year, month - 1, day, hour, minute, second, dateOnly ? 999 : 0);
  const expiry = new Date(wallClock - offset * 60_000);
  if (expiry.getTime() <= options.now.getTime()) {
    return rejected(`epi "${input}" is already in the past`);
  }
  return parsed(expiry);
}

/** Parses `epi` into the instant the key stops working. */
export function parseValidity(input: string | undefined, options: ValidityOptions): Parsed<Date> {
  const text = (input ?? '').trim();
  if (text === '') return parsed(new Date(options.now.getTime() + DEFAULT_VALIDITY_MS));
  if (/^\d+$/.test(text)) return relative(options.now, Number(text), 1, text);

  const unit = /^(\d+)\s*([A-Za-z]+)$/.exec(text);
  if (unit) {
    const name = unit[2] as string;
    const unitMs = UNIT_MS[name as keyof typeof UNIT_MS];
    if (unitMs === undefined) {
      return rejected(`epi "${text}" has an unknown unit "${name}": use s, m, h, d or w`);
    }
    return relative(options.now, Number(unit[1]), unitMs, text);
  }

  const date = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (date) return absolute(text, date, options);
  return rejected(`epi "${text}" is not a validity period: ${HINT}`);
}

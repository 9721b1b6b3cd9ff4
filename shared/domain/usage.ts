/**
 * What each connection has sent to its service, per calendar month in the person's time zone,
 * and what it may have cost: the audio seconds sent (sync, async and live alike), logged and not
 * logged apart, since the service bills the two at their own rates (per hour of audio). A plan
 * is what the person told the app of their contract: the two rates, and a monthly budget in
 * hours, warned of at 80 % and, if they chose so, asked about before a send goes past it.
 */
import { z } from 'zod';

/** A calendar month, `YYYY-MM`. */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month is YYYY-MM');
export type Month = z.infer<typeof monthSchema>;

/** The share of the budget at which the person is warned, once a month. */
export const BUDGET_WARN_AT = 0.8;

const rate = z.number().finite().nonnegative().max(1e9);

export const usagePlanSchema = z.object({
  /** ISO 4217 code of the rates (AmiVoice bills in yen). */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'a currency is a three-letter code such as JPY')
    .default('JPY'),
  /** Price of an hour of audio sent to a logging endpoint; none: not known, no cost shown. */
  ratePerHourLogged: rate.optional(),
  /** Price of an hour sent to a not-logging (`nolog`) endpoint. */
  ratePerHourNotLogged: rate.optional(),
  /** Hours of audio a month the person means to send at most; none: no budget. */
  budgetHours: z.number().finite().positive().max(1e6).optional(),
  /** Whether a send that would go past the budget is asked about first. */
  askOverBudget: z.boolean().default(false),
});
export type UsagePlan = z.infer<typeof usagePlanSchema>;

export const NO_PLAN: UsagePlan = { currency: 'JPY', askOverBudget: false };

export const usageMonthSchema = z.object({
  month: monthSchema,
  secondsLogged: z.number().nonnegative(),
  secondsNotLogged: z.number().nonnegative(),
  /** At the plan's rates; absent when a rate the month needs is not set. */
  cost: z.number().nonnegative().optional(),
});
export type UsageMonth = z.infer<typeof usageMonthSchema>;

export const connectionUsageSchema = z.object({
  connection: z.string(),
  /** The connection's name, when it still exists. */
  name: z.string().optional(),
  plan: usagePlanSchema,
  /** Newest first; the month asked about always among them, even with nothing sent. */
  months: z.array(usageMonthSchema),
});
export type ConnectionUsage = z.infer<typeof connectionUsageSchema>;

/** The month (`YYYY-MM`) a moment falls in, in a time zone (an IANA name). */
export function monthOf(ms: number, timeZone: string): Month {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date(ms));
  const year = parts.find((p) => p.type === 'year')?.value ?? '1970';
  const month = parts.find((p) => p.type === 'month')?.value ?? '01';
  return `${year.padStart(4, '0')}-${month}`;
}

/** The month before `month`. */
export function previousMonth(month: Month): Month {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1
    ? `${String(year - 1).padStart(4, '0')}-12`
    : `${String(year).padStart(4, '0')}-${String(number - 1).padStart(2, '0')}`;
}

/**
 * What a month's audio cost at the plan's rates: undefined when no rate is set, or when audio
 * of a kind was sent whose rate is not set (a cost without it would be too low).
 */
export function costOf(
  usage: { readonly secondsLogged: number; readonly secondsNotLogged: number },
  plan: Pick<UsagePlan, 'ratePerHourLogged' | 'ratePerHourNotLogged'>,
): number | undefined {
  const { ratePerHourLogged: logged, ratePerHourNotLogged: notLogged } = plan;
  if (logged === undefined && notLogged === undefined) return undefined;
  if (usage.secondsLogged > 0 && logged === undefined) return undefined;
  if (usage.secondsNotLogged > 0 && notLogged === undefined) return undefined;
  return (usage.secondsLogged * (logged ?? 0) + usage.secondsNotLogged * (notLogged ?? 0)) / 3600;
}

/** Seconds of the budget, or undefined without one. */
export const budgetSeconds = (plan: Pick<UsagePlan, 'budgetHours'>): number | undefined =>
  plan.budgetHours === undefined ? undefined : plan.budgetHours * 3600;

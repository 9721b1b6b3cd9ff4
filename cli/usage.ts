/**
 * `kikitori usage [--month YYYY-MM]`: what each connection sent to its service in a month (this
 * one by default, in the person's time zone), logged and not logged apart, with the estimated
 * cost at the rates set in Settings → Usage and the share of its budget: the core's
 * `usage:summary`, as Settings shows it. With --json, one object a line per connection:
 * `connection`, `month`, `secondsLogged`, `secondsNotLogged`, and `cost` when rates are set.
 */
import type { CoreLink } from '../core/programs/program-link';
import { AppFailure, type Lang } from '../shared/domain/errors';
import { budgetSeconds, type ConnectionUsage } from '../shared/domain/usage';
import type { Io } from './io';
import { say } from './text';

/** 3725.4 s → `1:02:05`. */
export function clock(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

export const money = (lang: Lang, amount: number, currency: string): string =>
  new Intl.NumberFormat(lang === 'ja' ? 'ja-JP' : 'en-US', { style: 'currency', currency }).format(
    amount,
  );

function line(lang: Lang, usage: ConnectionUsage): string {
  const month = usage.months[0]!;
  const parts = [
    say(lang, 'usage.line', {
      name: usage.name ?? usage.connection,
      id: usage.connection,
      month: month.month,
      logged: clock(month.secondsLogged),
      notLogged: clock(month.secondsNotLogged),
    }),
  ];
  if (month.cost !== undefined)
    parts.push(say(lang, 'usage.cost', { cost: money(lang, month.cost, usage.plan.currency) }));
  const budget = budgetSeconds(usage.plan);
  if (budget !== undefined) {
    const used = month.secondsLogged + month.secondsNotLogged;
    parts.push(
      say(lang, 'usage.budget', {
        budget: usage.plan.budgetHours!,
        percent: Math.round((used / budget) * 100),
      }),
    );
  }
  return parts.join(say(lang, 'usage.separator'));
}

export async function showUsage(
  link: CoreLink,
  io: Io,
  month: string | undefined,
): Promise<number> {
  const summary = await link.invoke('usage:summary', month ? { month } : {});
  if (!summary.ok) throw new AppFailure(summary.error);
  for (const usage of summary.data.connections) {
    const counted = usage.months[0]!;
    io.out(line(io.lang, usage));
    io.emit({
      connection: usage.connection,
      month: counted.month,
      secondsLogged: counted.secondsLogged,
      secondsNotLogged: counted.secondsNotLogged,
      ...(counted.cost === undefined ? {} : { cost: counted.cost }),
    });
  }
  return 0;
}

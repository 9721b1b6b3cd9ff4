/**
 * Usage as the rest of the core meets it: what was sent is billed here (the runner when a file
 * went, a live session as its audio streams), the window hears of each change and, once a month,
 * of a budget 80 % spent; a send that would go past a budget the person asked to be asked about
 * is refused with `over-budget` until they say to send anyway (the window's question, the
 * command line's --over-budget).
 */
import { AppFailure, appError } from '../../shared/domain/errors';
import {
  BUDGET_WARN_AT,
  budgetSeconds,
  costOf,
  previousMonth,
  type ConnectionUsage,
  type Month,
  type UsagePlan,
} from '../../shared/domain/usage';
import type { EventName, EventPayload } from '../../shared/ipc/contract';
import type { ConnectionStore } from '../connections/connection-store';
import type { Sent, UsageStore } from './usage-store';

type Emit = <E extends Extract<EventName, 'usage:changed' | 'usage:warning'>>(
  event: E,
  payload: EventPayload<E>,
) => void;

/** A length as a sentence shows it, in any language: `1:02:05`. */
export function clockOf(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor((whole % 3600) / 60);
  return `${Math.floor(whole / 3600)}:${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** How soon a count that could not be stored is tried again. */
const RETRY_MS = 2_000;

export class UsageMeter {
  /**
   * Sends that could not be counted yet (the disk was full, the database busy): counted with the
   * next send that can be, in the month they were made. Counting never stops a recognition.
   */
  private readonly uncounted: Array<{ sent: Sent; month: Month }> = [];
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: UsageStore,
    private readonly connections: Pick<ConnectionStore, 'list'>,
    private readonly emit: Emit,
  ) {}

  /**
   * Counts audio the service got; says so to the window, and warns of the budget when this send
   * took the month past 80 % of it for the first time.
   */
  bill(sent: Sent): void {
    if (!(sent.seconds > 0)) return;
    const month = this.store.currentMonth();
    this.uncounted.push({ sent, month });
    if (this.countWaiting()) this.counted(sent.connection, month);
  }

  /**
   * Said to the window once a send is stored, with the budget's warning when it is due. A warning
   * that cannot be recorded now (a full disk) is given at a later count.
   */
  private counted(connection: string, month: Month): void {
    this.emit('usage:changed', { connection, month });
    try {
      const budget = budgetSeconds(this.store.plan(connection));
      if (budget === undefined) return;
      const used = this.store.total(connection, month);
      if (used >= budget * BUDGET_WARN_AT && this.store.warnOnce(connection, month, '80'))
        this.emit('usage:warning', { connection, month, secondsUsed: used, secondsBudget: budget });
    } catch {
      return;
    }
  }

  /** Stores the sends waiting to be counted, oldest first; false when one could not be. */
  private countWaiting(): boolean {
    while (this.uncounted.length > 0) {
      const { sent, month } = this.uncounted[0]!;
      try {
        this.store.add(sent, month);
      } catch {
        this.retryLater();
        return false;
      }
      this.uncounted.shift();
    }
    return true;
  }

  /**
   * Tries the waiting counts again a little later, so that a session that ended on a full disk
   * is still counted once there is room; until the store is closed.
   */
  private retryLater(): void {
    if (this.retry || !this.store.open) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      const waiting = new Map(this.uncounted.map((u) => [u.sent.connection, u.month]));
      if (this.countWaiting())
        for (const [connection, month] of waiting) this.counted(connection, month);
    }, RETRY_MS).unref();
  }

  /**
   * Refuses a send that would take the month past the budget, when the person chose to be asked
   * and has not said to send anyway. `seconds`: the length about to be sent, or undefined when
   * it is not known beforehand (a live session: refused once the budget is spent).
   */
  checkBudget(connection: string, seconds: number | undefined, overBudget: boolean): void {
    const plan = this.store.plan(connection);
    const budget = budgetSeconds(plan);
    if (!plan.askOverBudget || budget === undefined || overBudget) return;
    const used = this.store.total(connection, this.store.currentMonth());
    const over = seconds === undefined ? used >= budget : used + seconds > budget;
    if (!over) return;
    const name = this.connections.list().find((c) => c.id === connection)?.name ?? connection;
    throw new AppFailure(
      appError('over-budget', {
        connection: name,
        used: clockOf(used),
        budget: clockOf(budget),
        what: seconds === undefined ? 'live' : 'files',
        ...(seconds === undefined ? {} : { adding: clockOf(seconds) }),
      }),
    );
  }

  plan(connection: string): UsagePlan {
    return this.store.plan(connection);
  }

  setPlan(connection: string, plan: UsagePlan): UsagePlan {
    const saved = this.store.setPlan(connection, plan);
    this.emit('usage:changed', { connection, month: this.store.currentMonth() });
    return saved;
  }

  /** The month it is now in the person's time zone. */
  currentMonth(): Month {
    return this.store.currentMonth();
  }

  /**
   * Each connection's usage: the month asked (this one by default) and the `count - 1` before
   * it, newest first, with their costs at the plan's rates. Every existing connection is listed,
   * and any other that sent something in those months.
   */
  summary(month: Month = this.store.currentMonth(), count = 1): ConnectionUsage[] {
    const months: Month[] = [month];
    while (months.length < count) months.push(previousMonth(months.at(-1)!));
    const counts = this.store.counts();
    const listed = this.connections.list();
    const ids = [...listed.map((c) => c.id)];
    for (const row of counts)
      if (months.includes(row.month) && !ids.includes(row.connection)) ids.push(row.connection);
    return ids.map((id) => {
      const plan = this.store.plan(id);
      const name = listed.find((c) => c.id === id)?.name;
      return {
        connection: id,
        ...(name === undefined ? {} : { name }),
        plan,
        months: months.map((m) => {
          const row = counts.find((c) => c.connection === id && c.month === m);
          const seconds = {
            secondsLogged: row?.secondsLogged ?? 0,
            secondsNotLogged: row?.secondsNotLogged ?? 0,
          };
          const cost = costOf(seconds, plan);
          return { month: m, ...seconds, ...(cost === undefined ? {} : { cost }) };
        }),
      };
    });
  }
}

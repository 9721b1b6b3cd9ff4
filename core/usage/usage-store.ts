/**
 * The audio each connection sent, per month, kept in the data folder (`usage.sqlite`): one row
 * per connection, month and endpoint kind (logged or not), each send added to it in a
 * transaction, so a count survives a restart and a crash never leaves half of one. The month is
 * the sender's calendar month in the person's time zone at the moment the audio went, so a
 * session running over midnight at a month's end counts each part in its own month. Beside the
 * counts: the plan of each connection (rates and budget, usage.ts) and which budget warnings were
 * given, so each is given once a month.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { StorageError } from '../storage/atomic-json';
import {
  monthOf,
  NO_PLAN,
  usagePlanSchema,
  type Month,
  type UsagePlan,
} from '../../shared/domain/usage';

const SCHEMA = 1;

/** Time as usage sees it: now, and the time zone whose calendar months are counted. */
export interface UsageTime {
  now(): number;
  /** An IANA zone name (Asia/Tokyo); by default the system's, read at each send. */
  timeZone(): string;
}

export const systemUsageTime: UsageTime = {
  now: () => Date.now(),
  timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
};

/** How a send reached the service: what it is billed as. */
export interface Sent {
  readonly connection: string;
  readonly logged: boolean;
  readonly seconds: number;
}

export interface MonthCount {
  readonly connection: string;
  readonly month: Month;
  readonly secondsLogged: number;
  readonly secondsNotLogged: number;
}

interface CountRow {
  connection: string;
  month: string;
  logged: number;
  seconds: number;
}

export class UsageStore {
  private constructor(
    private readonly db: Database.Database,
    readonly time: UsageTime,
  ) {}

  static open(dataDir: string, time: UsageTime = systemUsageTime): UsageStore {
    const path = join(dataDir, 'usage.sqlite');
    const db = new Database(path);
    try {
      db.pragma('journal_mode = WAL');
      // Each send is on the disk before it is reported (a crash loses none already counted).
      db.pragma('synchronous = FULL');
      db.pragma('busy_timeout = 5000');
      db.exec(`
        CREATE TABLE IF NOT EXISTS sent (
          connection TEXT NOT NULL,
          month TEXT NOT NULL,
          logged INTEGER NOT NULL,
          seconds REAL NOT NULL,
          PRIMARY KEY (connection, month, logged)
        );
        CREATE TABLE IF NOT EXISTS warned (
          connection TEXT NOT NULL,
          month TEXT NOT NULL,
          level TEXT NOT NULL,
          PRIMARY KEY (connection, month, level)
        );
        CREATE TABLE IF NOT EXISTS plans (connection TEXT PRIMARY KEY, plan TEXT NOT NULL);
      `);
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version > SCHEMA)
        throw new StorageError('newer-version', `${path}: schema ${version}`, path);
      if (version < SCHEMA) db.pragma(`user_version = ${SCHEMA}`);
    } catch (error) {
      db.close();
      // A damaged file is said as such, and left as it is: counts are never thrown away.
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
        throw new StorageError('corrupt', `${path}: ${String(error)}`, path);
      throw error;
    }
    return new UsageStore(db, time);
  }

  /** The month it is now, in the person's time zone. */
  currentMonth(): Month {
    return monthOf(this.time.now(), this.time.timeZone());
  }

  /** Adds a send to its connection's count for its month (this one unless said); that month. */
  add(sent: Sent, month: Month = this.currentMonth()): Month {
    if (!(sent.seconds > 0)) return month;
    this.db
      .prepare(
        `INSERT INTO sent (connection, month, logged, seconds) VALUES (?, ?, ?, ?)
         ON CONFLICT (connection, month, logged) DO UPDATE SET seconds = seconds + excluded.seconds`,
      )
      .run(sent.connection, month, sent.logged ? 1 : 0, sent.seconds);
    return month;
  }

  /** Every month's counts, of one connection or all, newest month first. */
  counts(connection?: string): MonthCount[] {
    const rows = (
      connection === undefined
        ? this.db.prepare('SELECT * FROM sent ORDER BY month DESC, connection')
        : this.db.prepare('SELECT * FROM sent WHERE connection = ? ORDER BY month DESC')
    ).all(...(connection === undefined ? [] : [connection])) as CountRow[];
    const byKey = new Map<string, MonthCount>();
    for (const row of rows) {
      const key = `${row.connection}\n${row.month}`;
      const count = byKey.get(key) ?? {
        connection: row.connection,
        month: row.month,
        secondsLogged: 0,
        secondsNotLogged: 0,
      };
      byKey.set(
        key,
        row.logged === 1
          ? { ...count, secondsLogged: count.secondsLogged + row.seconds }
          : { ...count, secondsNotLogged: count.secondsNotLogged + row.seconds },
      );
    }
    return [...byKey.values()];
  }

  /** Seconds a connection sent in a month, logged and not. */
  total(connection: string, month: Month): number {
    const row = this.db
      .prepare('SELECT SUM(seconds) AS seconds FROM sent WHERE connection = ? AND month = ?')
      .get(connection, month) as { seconds: number | null };
    return row.seconds ?? 0;
  }

  /** Records a warning as given; false when it had been given already this month. */
  warnOnce(connection: string, month: Month, level: string): boolean {
    const result = this.db
      .prepare('INSERT OR IGNORE INTO warned (connection, month, level) VALUES (?, ?, ?)')
      .run(connection, month, level);
    return result.changes === 1;
  }

  plan(connection: string): UsagePlan {
    const row = this.db.prepare('SELECT plan FROM plans WHERE connection = ?').get(connection) as
      { plan: string } | undefined;
    if (!row) return NO_PLAN;
    const parsed = usagePlanSchema.safeParse(JSON.parse(row.plan));
    return parsed.success ? parsed.data : NO_PLAN;
  }

  /** The connections with a plan. */
  planned(): string[] {
    const rows = this.db.prepare('SELECT connection FROM plans').all() as { connection: string }[];
    return rows.map((row) => row.connection);
  }

  setPlan(connection: string, plan: UsagePlan): UsagePlan {
    const valid = usagePlanSchema.parse(plan);
    this.db
      .prepare(
        'INSERT INTO plans (connection, plan) VALUES (?, ?) ON CONFLICT (connection) DO UPDATE SET plan = excluded.plan',
      )
      .run(connection, JSON.stringify(valid));
    return valid;
  }

  close(): void {
    this.db.close();
  }

  /** False once closed: nothing more can be counted. */
  get open(): boolean {
    return this.db.open;
  }
}

/**
 * Settings → Usage: the audio each connection sent to its service this month and the months
 * before (those with any), logged and not logged apart since the service prices them apart, with
 * the estimated cost at the rates the person entered (none entered: no cost), and this month
 * against the budget. Each connection's rates and budget are set in its dialog (PlanDialog).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  budgetSeconds,
  type ConnectionUsage,
  type UsageMonth,
} from '../../../../shared/domain/usage';
import { keptInStore } from '../../store/result';
import { useApp } from '../../store/store';
import { connectionName } from '../../ui/display-names';
import { ErrorBox } from '../../ui/error-box';
import { formatClock } from '../../ui/format';
import { Card } from '../../ui/section';
import { PlanDialog } from './PlanDialog';

/** An amount in the plan's currency, as the window's language writes it. */
export function formatMoney(amount: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(lang === 'ja' ? 'ja-JP' : 'en-US', {
    style: 'currency',
    currency,
  }).format(amount);
}

/** "2025-02" as the window's language names the month. */
function monthName(month: string, lang: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(Date.UTC(year, number - 1, 1));
}

const sentIn = (m: UsageMonth) => m.secondsLogged + m.secondsNotLogged;

export function UsagePanel() {
  const { t } = useTranslation();
  const usage = useApp((s) => s.usage);
  const error = useApp((s) => s.usageError);
  const loadUsage = useApp((s) => s.loadUsage);
  // Every connection is listed, so the list is read again when one is added, renamed or removed
  // (a removed one would still be offered its rates and budget).
  const connections = useApp((s) => s.connections);
  useEffect(() => {
    void keptInStore(loadUsage());
  }, [loadUsage, connections]);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Card id="usage" title={t('usage.heading')} intro={t('usage.intro', { zone })}>
      <ErrorBox error={error} />
      {usage?.connections.map((c) => (
        <ConnectionUsageView key={c.connection} usage={c} />
      ))}
    </Card>
  );
}

function ConnectionUsageView({ usage }: { usage: ConnectionUsage }) {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const connection = useApp((s) => s.connections.find((c) => c.id === usage.connection));
  const name = connection ? connectionName(connection, t) : (usage.name ?? usage.connection);
  const [current, ...older] = usage.months;
  // This month always; the ones before only when something was sent then.
  const months = [current!, ...older.filter((m) => sentIn(m) > 0)];
  const headingId = `usage-${usage.connection}`;
  const budget = budgetSeconds(usage.plan);
  const used = sentIn(current!);
  const cost = (m: UsageMonth) =>
    m.cost === undefined ? '—' : formatMoney(m.cost, usage.plan.currency, lang);
  return (
    <section
      className="usage-connection"
      aria-labelledby={headingId}
      data-testid="usage-connection"
    >
      <div className="section-head">
        <h3 id={headingId} className="usage-name">
          {name}
        </h3>
        <PlanDialog connection={usage.connection} name={name} plan={usage.plan} />
      </div>
      {budget !== undefined ? (
        <p className="usage-budget" data-testid="usage-budget">
          <meter
            min={0}
            max={budget}
            low={budget * 0.8}
            high={budget * 0.8}
            optimum={0}
            value={Math.min(used, budget)}
            aria-label={t('usage.budgetMeter', { name })}
          />
          <span>
            {t('usage.budgetLine', {
              used: formatClock(used),
              budget: usage.plan.budgetHours,
              percent: Math.round((used / budget) * 100),
            })}
          </span>
        </p>
      ) : null}
      <table className="usage-table">
        <caption className="visually-hidden">{t('usage.caption', { name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('usage.month')}</th>
            <th scope="col">{t('usage.logged')}</th>
            <th scope="col">{t('usage.notLogged')}</th>
            <th scope="col">{t('usage.cost')}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m, i) => (
            <tr key={m.month} data-month={m.month}>
              <th scope="row">
                {monthName(m.month, lang)}
                {i === 0 ? <span className="muted">{t('usage.thisMonth')}</span> : null}
              </th>
              <td className="mono">{formatClock(m.secondsLogged)}</td>
              <td className="mono">{formatClock(m.secondsNotLogged)}</td>
              <td className="mono">{cost(m)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Months in a time zone, and what audio costs at a plan's rates (shared/domain/usage.ts). */
import { describe, expect, it } from 'vitest';
import { costOf, monthOf, previousMonth, usagePlanSchema } from '../../../../shared/domain/usage';

describe('monthOf', () => {
  it('counts a moment in the month of the person’s time zone', () => {
    const instant = Date.parse('2025-01-31T15:30:00Z');
    expect(monthOf(instant, 'Asia/Tokyo')).toBe('2025-02');
    expect(monthOf(instant, 'UTC')).toBe('2025-01');
    expect(monthOf(Date.parse('2025-01-01T03:00:00Z'), 'America/New_York')).toBe('2024-12');
  });

  it('goes back a month, over a year’s end', () => {
    expect(previousMonth('2025-03')).toBe('2025-02');
    expect(previousMonth('2025-01')).toBe('2024-12');
  });
});

describe('costOf', () => {
  const usage = { secondsLogged: 1800, secondsNotLogged: 3600 };

  it('prices each kind at its own hourly rate', () => {
    expect(costOf(usage, { ratePerHourLogged: 100, ratePerHourNotLogged: 150 })).toBe(200);
  });

  it('says no cost without rates, or without the rate of a kind that was sent', () => {
    expect(costOf(usage, {})).toBeUndefined();
    expect(costOf(usage, { ratePerHourLogged: 100 })).toBeUndefined();
    expect(costOf({ secondsLogged: 1800, secondsNotLogged: 0 }, { ratePerHourLogged: 100 })).toBe(
      50,
    );
  });

  it('refuses a plan a person could not have meant', () => {
    expect(usagePlanSchema.safeParse({ ratePerHourLogged: -1 }).success).toBe(false);
    expect(usagePlanSchema.safeParse({ currency: 'yen' }).success).toBe(false);
    expect(usagePlanSchema.safeParse({ budgetHours: 0 }).success).toBe(false);
  });
});

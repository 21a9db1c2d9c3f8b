/**
 * Quota periods are calendar periods in UTC: a `day` plan resets at 00:00 UTC, a `month` plan on
 * the first of the month at 00:00 UTC. Every API process computes the same window from the
 * clock, so the counter key (which carries the window start) is shared without coordination.
 */
export type LimitPeriod = 'day' | 'month';

export interface PeriodWindow {
  /** Epoch seconds of the start of the current period. */
  start: number;
  /** Epoch seconds at which the period ends and the quota resets (X-RateLimit-Reset). */
  end: number;
}

export function periodWindow(period: LimitPeriod, nowMs: number): PeriodWindow {
  const now = new Date(nowMs);
  if (period === 'day') {
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    return { start: start / 1000, end: start / 1000 + 86_400 };
  }
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return { start: start / 1000, end: end / 1000 };
}

/**
 * Quota periods are calendar periods in UTC: a `day` plan resets at 00:00 UTC, a `month` plan on
 * the first of the month at 00:00 UTC. Every API process computes the same window from the
 * clock, so the counter key (which carries the window's `key`) is shared without coordination.
 */
export type LimitPeriod = 'day' | 'month';

export interface PeriodWindow {
  /** Epoch seconds of the start of the current period. */
  start: number;
  /** Epoch seconds at which the period ends and the quota resets (X-RateLimit-Reset). */
  end: number;
  /**
   * The window's name in counter keys: its start, except for the first day of a month, which
   * starts at the same instant as the month: a user whose plan changed from monthly to daily that
   * day found the month's count as the day's. That day's name carries its kind. (Every other
   * window keeps the name it had before days were told apart, so that counts carry over a deploy
   * and processes of both versions count alike during one.)
   */
  key: string;
}

export function periodWindow(period: LimitPeriod, nowMs: number): PeriodWindow {
  const now = new Date(nowMs);
  if (period === 'day') {
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const firstOfMonth = now.getUTCDate() === 1;
    return { start: start / 1000, end: start / 1000 + 86_400, key: firstOfMonth ? `day${start / 1000}` : String(start / 1000) };
  }
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return { start: start / 1000, end: end / 1000, key: String(start / 1000) };
}

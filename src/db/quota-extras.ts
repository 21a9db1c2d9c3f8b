/** Requests added to a user's quota for one limit period (bought request packs). */
import { sql, type CommonQueryMethods, type IdentifierSqlToken } from 'slonik';
import { periodWindow, type LimitPeriod } from '../http/rate-limit-period.ts';

export class QuotaExtraRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /** Adds `requests` to the quota of the user's current `period` (the plan's limit period). */
  async add(userId: string, period: LimitPeriod, requests: number, nowMs = Date.now()): Promise<{ periodStart: string; periodEnd: string }> {
    const window = periodWindow(period, nowMs);
    const periodStart = new Date(window.start * 1000).toISOString();
    const periodEnd = new Date(window.end * 1000).toISOString();
    await this.db.query(sql.unsafe`
      insert into quota_extras (user_id, limit_period, period_start, period_end, extra_requests) values (${userId}, ${period}, ${periodStart}, ${periodEnd}, ${requests})
      on conflict (user_id, limit_period, period_start) do update set extra_requests = quota_extras.extra_requests + excluded.extra_requests`);
    return { periodStart, periodEnd };
  }
}

/**
 * A lateral join giving `extra_requests` (and the `period_end` they last until) of the packs that
 * count now for a user whose plan has the limit period `limitPeriod` (a day's packs for a daily
 * plan, a month's for a monthly one); the user is `userId`, a column of the query.
 */
export function currentQuotaExtras(userId: IdentifierSqlToken, limitPeriod: IdentifierSqlToken, alias: IdentifierSqlToken) {
  return sql.fragment`left join lateral (
    select sum(x.extra_requests)::int as extra_requests, min(x.period_end) as period_end
    from quota_extras x where x.user_id = ${userId} and x.limit_period = ${limitPeriod} and x.period_start <= now() and x.period_end > now()) ${alias} on true`;
}

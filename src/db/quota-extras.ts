/** Requests added to a user's quota for one limit period (bought request packs). */
import { sql, type CommonQueryMethods } from 'slonik';
import { periodWindow, type LimitPeriod } from '../http/rate-limit-period.ts';

export class QuotaExtraRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /** Adds `requests` to the quota of the user's current `period` (the plan's limit period). */
  async add(userId: string, period: LimitPeriod, requests: number, nowMs = Date.now()): Promise<{ periodStart: string; periodEnd: string }> {
    const window = periodWindow(period, nowMs);
    const periodStart = new Date(window.start * 1000).toISOString();
    const periodEnd = new Date(window.end * 1000).toISOString();
    await this.db.query(sql.unsafe`
      insert into quota_extras (user_id, period_start, period_end, extra_requests) values (${userId}, ${periodStart}, ${periodEnd}, ${requests})
      on conflict (user_id, period_start) do update set extra_requests = quota_extras.extra_requests + excluded.extra_requests`);
    return { periodStart, periodEnd };
  }
}

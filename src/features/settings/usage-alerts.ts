/**
 * Watches usage for the alert threshold users chose. After each usage-log write, the users in
 * that batch whose plan has a quota and whose alerts are on are compared with their threshold
 * (one query per batch, off the request path); a crossing is e-mailed once per period
 * (Notifications claims it). A user alerted this period is not looked at again by this process.
 */
import { growingCache } from '../../growing-cache.ts';
import { type DatabasePool } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';
import { periodWindow, type LimitPeriod } from '../../http/rate-limit-period.ts';
import type { Notifications } from './notifications.ts';
import { currentQuotaExtras } from '../../db/quota-extras.ts';

const candidateRow = z.object({
  user_id: z.string(),
  threshold: z.number(),
  request_limit: z.number(),
  limit_period: z.enum(['day', 'month']),
});

export class UsageAlerts {
  /** `${userId} ${periodStart}` of users alerted (or found alerted) this period. */
  private readonly done = growingCache<string, true>({ entries: 100_000 });
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DatabasePool,
    private readonly used: (userId: string, period: LimitPeriod) => Promise<number>,
    private readonly notifications: Notifications,
    private readonly log: (message: string, error: unknown) => void,
  ) {}

  /** Called with the users of a written batch; checks run one after another, never on the request path. */
  written(userIds: ReadonlySet<string>): void {
    this.running = this.running.then(() => this.check(userIds)).catch((error: unknown) => this.log('usage alert check failed', error));
  }

  /** Resolves when the checks asked for so far are done. */
  settled(): Promise<void> {
    return this.running;
  }

  async check(userIds: ReadonlySet<string>): Promise<void> {
    const now = Date.now();
    const day = periodWindow('day', now).key;
    const month = periodWindow('month', now).key;
    const ids = [...userIds].filter((id) => !this.done.has(`${id} ${day}`) && !this.done.has(`${id} ${month}`));
    if (!ids.length) return;
    const rows = await this.db.any(sql.type(candidateRow)`
      select s.user_id, coalesce(n.usage_alert_threshold_pct, 80)::int as threshold,
             p.request_limit + coalesce(e.extra_requests, 0) as request_limit, p.limit_period
      from effective_subscriptions s
      join plans p on p.code = s.plan_code
      left join notification_settings n on n.user_id = s.user_id
      ${currentQuotaExtras(sql.identifier(['s', 'user_id']), sql.identifier(['p', 'limit_period']), sql.identifier(['e']))}
      where s.user_id = any(${sql.array(ids, 'text')}) and p.request_limit is not null and p.request_limit > 0 and coalesce(n.usage_alerts, true)`);
    for (const row of rows) {
      const window = periodWindow(row.limit_period, now);
      const used = await this.used(row.user_id, row.limit_period);
      if (used * 100 < row.request_limit * row.threshold) continue;
      const periodStart = new Date(window.start * 1000).toISOString();
      await this.notifications.usageThresholdCrossed(row.user_id, {
        used,
        limit: row.request_limit,
        thresholdPct: row.threshold,
        periodStart,
        resetsAt: new Date(window.end * 1000).toISOString(),
      });
      this.done.set(`${row.user_id} ${window.key}`, true);
    }
  }
}

/**
 * The operators' statistics, read from the rollups (usage_daily_totals, user_activity) and the
 * users table: never a scan of the raw request log. Days are UTC days, zero-filled.
 */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';
import { PLAN_HOLDING_STATUSES } from './subscription-status.ts';

const dayCount = z.object({ date: z.string(), count: z.number() });
export type DayCount = z.infer<typeof dayCount>;

/** The last `days` UTC days, today included, as a series. */
const lastDays = (days: number) => sql.fragment`
  generate_series((now() at time zone 'UTC')::date - ${days - 1}::int, (now() at time zone 'UTC')::date, interval '1 day') as d(day)`;

const globalCounts = z.object({
  total_users: z.number(),
  active_users_7d: z.number(),
  active_users_30d: z.number(),
  requests_today: z.number(),
  requests_30d: z.number(),
  paying_users: z.number(),
});

export class UsageStatsRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /** Requests per day, all routes or one route template. */
  async requestsPerDay(days: number, route?: string): Promise<readonly DayCount[]> {
    return this.db.any(sql.type(dayCount)`
      select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(sum(t.requests), 0)::int8 as count
      from ${lastDays(days)}
      left join usage_daily_totals t on t.day = d.day::date ${route === undefined ? sql.fragment`` : sql.fragment`and t.route = ${route}`}
      group by d.day order by d.day`);
  }

  /** One range scan of the joining-time index over the period, counted per day, then zero-filled. */
  async newUsersPerDay(days: number): Promise<readonly DayCount[]> {
    return this.db.any(sql.type(dayCount)`
      with per_day as (
        select (created_at at time zone 'UTC')::date as day, count(*) as n from users
        where created_at >= (((now() at time zone 'UTC')::date - ${days - 1}::int)::timestamp at time zone 'UTC')
          and created_at < (((now() at time zone 'UTC')::date + 1)::timestamp at time zone 'UTC')
        group by 1)
      select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(p.n, 0)::int8 as count
      from ${lastDays(days)}
      left join per_day p on p.day = d.day::date
      order by d.day`);
  }

  async globalCounts(): Promise<z.infer<typeof globalCounts>> {
    return this.db.one(sql.type(globalCounts)`
      select
        (select count(*) from users)::int8 as total_users,
        (select count(*) from user_activity where last_active_at >= now() - interval '7 days')::int8 as active_users_7d,
        (select count(*) from user_activity where last_active_at >= now() - interval '30 days')::int8 as active_users_30d,
        (select coalesce(sum(requests), 0) from usage_daily_totals where day = (now() at time zone 'UTC')::date)::int8 as requests_today,
        (select coalesce(sum(requests), 0) from usage_daily_totals where day > (now() at time zone 'UTC')::date - 30)::int8 as requests_30d,
        (select count(*) from subscriptions s join plans p on p.code = s.plan_code
          where p.price_cents > 0 and s.status = any(${sql.array(PLAN_HOLDING_STATUSES, 'text')}))::int8 as paying_users`);
  }

  /** Requests of the last 30 days per status class: {"2xx": n, "4xx": n, ...}. */
  async statusClasses30d(): Promise<Record<string, number>> {
    const rows = await this.db.any(sql.type(z.object({ status_class: z.number(), requests: z.number() }))`
      select status_class, sum(requests)::int8 as requests from usage_daily_totals
      where day > (now() at time zone 'UTC')::date - 30 group by status_class order by status_class`);
    return Object.fromEntries(rows.map((r) => [`${r.status_class}xx`, r.requests]));
  }
}

/**
 * One account's requests per UTC day and route, read from the daily rollups (usage_rollups),
 * never from the raw log: zero-filled over the last `days` days, today included.
 */
import { type CommonQueryMethods } from 'slonik';
import { z } from 'zod/v4';
import { sql } from './sql.ts';

const dayRouteCount = z.object({ date: z.string(), route: z.string().nullable(), requests: z.number(), errors: z.number() });
export type DayRouteCount = z.infer<typeof dayRouteCount>;

export class AccountUsageRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /** Every day of the range (route null where the day had no request), and each day's routes. */
  async perDayAndRoute(userId: string, days: number): Promise<readonly DayRouteCount[]> {
    return this.db.any(sql.type(dayRouteCount)`
      with days as (
        select d::date as day from generate_series((now() at time zone 'UTC')::date - ${days - 1}::int, (now() at time zone 'UTC')::date, interval '1 day') d)
      select to_char(days.day, 'YYYY-MM-DD') as date, r.route,
             coalesce(sum(r.requests), 0)::int8 as requests,
             coalesce(sum(r.requests) filter (where r.status_class >= 4), 0)::int8 as errors
      from days left join usage_rollups r on r.day = days.day and r.user_id = ${userId}
      group by days.day, r.route order by days.day, r.route`);
  }
}

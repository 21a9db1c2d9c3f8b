/** Whether and where an account's first successful API call happened, and the feedback it gave on it. */
import { type CommonQueryMethods } from 'slonik';
import { z } from 'zod/v4';
import { feedbackRow, type FeedbackRow } from './feedback.ts';
import { sql } from './sql.ts';

const firstSuccess = z.object({ route: z.string(), day: z.string() });

/**
 * The first 2xx answer of the account: its UTC day and the route template of its request. The
 * time is the one user_activity keeps (the earliest 2xx start); the request log gives the path
 * answered at that time, and that day's rollups the template the path belongs to. Once the log no
 * longer holds that request (its retention), the route is the first of that day's successful
 * routes in alphabetical order, the best the daily rollups can say.
 */
export async function firstSuccessOf(db: CommonQueryMethods, userId: string): Promise<z.infer<typeof firstSuccess> | null> {
  return db.maybeOne(sql.type(firstSuccess)`
    with first as (
      select first_success_at as t, (first_success_at at time zone 'UTC')::date as day
      from user_activity where user_id = ${userId} and first_success_at is not null),
    call as (
      -- A millisecond of slack: the log and the activity round the same start apart.
      select l.path from usage_logs l, first
      where l.segment_id = any(array(
          select s.id from usage_log_segments s, first
          where s.user_id = ${userId} and s.first_at <= first.t + interval '1 millisecond' and s.last_at >= first.t - interval '1 millisecond'))
        and l.status_code between 200 and 299
      order by abs(extract(epoch from l.created_at - first.t)), l.created_at limit 1),
    routes as (
      select r.route from usage_rollups r, first where r.user_id = ${userId} and r.day = first.day and r.status_class = 2)
    select * from (select coalesce(
             (select r.route from routes r, call where call.path ~ ('^' || regexp_replace(r.route, '[{][^}/]+[}]', '[^/]+', 'g') || '/?$') order by r.route limit 1),
             (select path from call),
             (select route from routes order by route limit 1)) as route,
           to_char(first.day, 'YYYY-MM-DD') as day
    from first) found where route is not null`);
}

export async function firstSuccessFeedbackOf(db: CommonQueryMethods, userId: string): Promise<FeedbackRow | null> {
  return db.maybeOne(sql.type(feedbackRow)`select rating, comment, endpoint, created_at, updated_at from first_success_feedback where user_id = ${userId}`);
}

/** Whether and where an account's first successful API call happened, and the feedback it gave on it. */
import { type CommonQueryMethods } from 'slonik';
import { z } from 'zod/v4';
import { feedbackRow, type FeedbackRow } from './feedback.ts';
import { sql } from './sql.ts';

const firstSuccess = z.object({ route: z.string(), day: z.string() });

/** The first UTC day with a 2xx answer, and the route of it (the first in order that day), from the daily rollups. */
export async function firstSuccessOf(db: CommonQueryMethods, userId: string): Promise<z.infer<typeof firstSuccess> | null> {
  return db.maybeOne(sql.type(firstSuccess)`
    select route, to_char(day, 'YYYY-MM-DD') as day from usage_rollups
    where user_id = ${userId} and status_class = 2 order by day, route limit 1`);
}

export async function firstSuccessFeedbackOf(db: CommonQueryMethods, userId: string): Promise<FeedbackRow | null> {
  return db.maybeOne(sql.type(feedbackRow)`select rating, comment, endpoint, created_at, updated_at from first_success_feedback where user_id = ${userId}`);
}

/** First-success feedback: one per user, a new answer replaces the previous one. */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export const feedbackRow = z.object({
  rating: z.number(),
  comment: z.string().nullable(),
  endpoint: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

export class FeedbackRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async saveFirstSuccess(userId: string, input: { rating: number; comment?: string | null; endpoint?: string | null }): Promise<FeedbackRow> {
    return this.db.one(sql.type(feedbackRow)`
      insert into first_success_feedback (user_id, rating, comment, endpoint) values (${userId}, ${input.rating}, ${input.comment ?? null}, ${input.endpoint ?? null})
      on conflict (user_id) do update set rating = excluded.rating, comment = excluded.comment, endpoint = excluded.endpoint, updated_at = now()
      returning rating, comment, endpoint, created_at, updated_at`);
  }
}

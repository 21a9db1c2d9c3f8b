/**
 * The owner of a job asks for its failed callback to be sent again: the delivery is pending again
 * at once with a fresh round of attempts, under the same webhook-id (receivers deduplicate on it).
 * Its last answer and error stay shown until the next attempt has an outcome.
 */
import { type DatabasePool } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';

export type ResendOutcome = 'resent' | 'no_callback' | 'not_failed';

export async function resendFailedCallback(db: DatabasePool, jobId: string, userId: string): Promise<ResendOutcome> {
  const resent = await db.maybeOneFirst(sql.type(z.object({ id: z.string() }))`
    update report_callbacks set status = 'pending', attempts = 0, next_attempt_at = now(), lease_until = null
    where id = (select id from report_callbacks where job_id = ${jobId} and user_id = ${userId} order by created_at desc limit 1)
      and status = 'failed'
    returning id`);
  if (resent) return 'resent';
  const exists = await db.exists(sql.type(z.object({ exists: z.boolean() }))`select 1 from report_callbacks where job_id = ${jobId} and user_id = ${userId}`);
  return exists ? 'not_failed' : 'no_callback';
}

/**
 * Report callbacks waiting to be delivered: one row per (job, event), written in the transaction
 * that finishes the job, so an event exists exactly when the job's final state does. A deliverer
 * takes a due row by a lease, POSTs it and records the outcome.
 */
import { randomBytes } from 'node:crypto';
import { type CommonQueryMethods, type DatabasePool } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';

export type CallbackEvent = 'report.completed' | 'report.failed';

const dueRow = z.object({
  id: z.string(),
  job_id: z.string(),
  user_id: z.string(),
  event: z.string(),
  url: z.string(),
  payload: z.string(),
  attempts: z.number(),
});
export type DueCallback = z.infer<typeof dueRow>;

/**
 * The receiving host of a callback URL as the delivery bounds count it: the authority without
 * user information, lower-cased, with its port as written. One pattern serves both sides (the
 * SQL that skips busy hosts and the deliverer that counts them), so they always agree, which
 * `new URL().host` (it drops default ports, decodes IDNs) would not with SQL.
 */
const HOST_PATTERN = '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#]*)';
const hostRegExp = new RegExp(HOST_PATTERN);

export function callbackHost(url: string): string {
  return (hostRegExp.exec(url)?.[1] ?? '').toLowerCase();
}

export class ReportCallbackRepository {
  constructor(private readonly db: DatabasePool) {}

  /** In the job's final transaction; a second call for the same event adds nothing. */
  async add(tx: CommonQueryMethods, input: { jobId: string; userId: string; event: CallbackEvent; url: string; payload: unknown }): Promise<void> {
    await tx.query(sql.unsafe`
      insert into report_callbacks (id, job_id, user_id, event, url, payload)
      values (${`msg_${randomBytes(12).toString('hex')}`}, ${input.jobId}, ${input.userId}, ${input.event}, ${input.url}, ${JSON.stringify(input.payload)})
      on conflict (job_id, event) do nothing`);
  }

  /**
   * The next due delivery, held for `leaseSeconds` (an attempt counts from here), to none of
   * `busyHosts` (the receiving hosts this worker already has its bound of deliveries in flight to).
   */
  async takeDue(leaseSeconds: number, busyHosts: readonly string[] = []): Promise<DueCallback | null> {
    return this.db.maybeOne(sql.type(dueRow)`
      update report_callbacks set attempts = attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds})
      where id = (
        select id from report_callbacks where status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
          and not (coalesce(lower(substring(url from ${HOST_PATTERN})), '') = any(${sql.array([...busyHosts], 'text')}))
        order by next_attempt_at limit 1 for update skip locked)
      returning id, job_id, user_id, event, url, payload, attempts`);
  }

  async delivered(id: string, statusCode: number): Promise<void> {
    // A delivery that finally worked (a retry, or a re-send its owner asked for) no longer shows an error.
    await this.db.query(
      sql.unsafe`update report_callbacks set status = 'delivered', last_status_code = ${statusCode}, last_error = null, delivered_at = now(), lease_until = null where id = ${id}`,
    );
  }

  /** A failed attempt: again after `retryInSeconds`, or given up when null. */
  async attemptFailed(id: string, statusCode: number | null, error: string, retryInSeconds: number | null): Promise<void> {
    await this.db.query(sql.unsafe`
      update report_callbacks set last_status_code = ${statusCode}, last_error = ${error.slice(0, 500)}, lease_until = null,
        status = ${retryInSeconds === null ? 'failed' : 'pending'},
        next_attempt_at = now() + make_interval(secs => ${retryInSeconds ?? 0})
      where id = ${id}`);
  }
}

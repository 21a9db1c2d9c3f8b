/**
 * The small bounds of free (demo) reports: an account may have REPORT_DEMO_MAX_PER_ACCOUNT of them
 * waiting or running, the deployment REPORT_DEMO_MAX_OPEN. They cost no credit, so without a
 * bound one account could queue any number of them; the queue already runs paid jobs first, and
 * the bound keeps the free backlog (and the renders it takes) small as well.
 *
 * Checked in the submit's transaction under one transaction-scoped advisory lock, so that demo
 * submits arriving together are counted one after another and the bounds are never exceeded; paid
 * submits never take the lock.
 */
import { type CommonQueryMethods } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';
import { HttpError } from '../../http/errors.ts';

export interface DemoBounds {
  perAccount: number;
  total: number;
}

const DEMO_SUBMIT_LOCK = 727_101;
/** A demo report renders in seconds: the refusal's Retry-After. */
const RETRY_AFTER_SECONDS = 30;

export async function checkDemoBounds(tx: CommonQueryMethods, userId: string, bounds: DemoBounds): Promise<void> {
  await tx.query(sql.unsafe`select pg_advisory_xact_lock(${DEMO_SUBMIT_LOCK})`);
  const open = await tx.one(sql.type(z.object({ mine: z.number(), all: z.number() }))`
    select count(*) filter (where user_id = ${userId})::int as mine, count(*)::int as all
    from report_jobs where status in ('queued', 'running') and not credit_reserved`);
  if (open.mine >= bounds.perAccount) {
    throw new HttpError(
      429,
      `This account already has ${open.mine} free demo reports waiting or running (at most ${bounds.perAccount} at once); retry when one has finished.`,
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
      'demo_report_limit',
    );
  }
  if (open.all >= bounds.total) {
    throw new HttpError(
      503,
      'Too many free demo reports are waiting right now; retry in a little while. Paid reports are not affected.',
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
      'demo_reports_busy',
    );
  }
}

/**
 * What a job's status says about waiting: how many jobs go before a queued one, how many run,
 * how long recent reports took to make, and whether a running job's worker stopped renewing it
 * (stalled: its lease ran out, or it missed two renewals, so the worker is presumed dead).
 */
import { type DatabasePool } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';

const timingRow = z.object({
  ahead: z.number(),
  running: z.number(),
  render_seconds: z.number().nullable(),
  stalled: z.boolean(),
  run_after: z.string(),
  lease_until: z.string().nullable(),
  now: z.string(),
});
export type ReportJobTiming = z.infer<typeof timingRow>;

/**
 * `staleSeconds`: a running job not renewed for this long counts as stalled (renewals come every
 * third of the lease). Ahead of a queued job: due jobs that paid before free ones, then older ones
 * (the claim also spreads turns across accounts, so this is an estimate).
 */
export async function reportJobTiming(db: DatabasePool, jobId: string, staleSeconds: number): Promise<ReportJobTiming | null> {
  return db.maybeOne(sql.type(timingRow)`
    with job as (select id, status, credit_reserved, created_at, run_after, lease_until, updated_at from report_jobs where id = ${jobId}),
    -- Recent reports made at their first attempt: their time from claim to completion.
    recent as (
      select completed_at - started_at as took from report_jobs
      where status = 'completed' and attempts = 1 and started_at is not null and completed_at > now() - interval '1 day'
      order by completed_at desc limit 50)
    select
      (select count(*)::int from report_jobs q where q.status = 'queued' and q.run_after <= now() and q.id <> job.id
        and (q.credit_reserved::int > job.credit_reserved::int
          or (q.credit_reserved = job.credit_reserved and (q.created_at, q.id) < (job.created_at, job.id)))) as ahead,
      (select count(*)::int from report_jobs r where r.status = 'running' and r.lease_until >= now()) as running,
      (select percentile_cont(0.5) within group (order by extract(epoch from took)) from recent)::float8 as render_seconds,
      (job.status = 'running' and (job.lease_until < now() or job.updated_at < now() - make_interval(secs => ${staleSeconds}))) as stalled,
      job.run_after, job.lease_until, now() as now
    from job`);
}

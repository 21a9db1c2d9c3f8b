/**
 * Report jobs in PostgreSQL, the truth about every job. A worker takes a job by a conditional
 * update (a claim): only a queued job whose backoff is over, or a running one whose lease ran out
 * (its worker died), can be claimed, so two workers never run the same job at once however the
 * job id reached them. Every later write names the worker and checks its lease is still the one
 * on the row: a worker that lost its job (it was presumed dead) cannot overwrite the result.
 */
import { randomBytes } from 'node:crypto';
import { type CommonQueryMethods, type DatabasePool } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';

export type ReportStatus = 'queued' | 'running' | 'completed' | 'failed';

export const reportJobStatusRow = z.object({
  id: z.string(),
  user_id: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  progress: z.number(),
  stage: z.string(),
  options: z.record(z.string(), z.unknown()),
  credit_reserved: z.boolean(),
  attempts: z.number(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  markdown: z.string().nullable(),
  sections: z.array(z.object({ id: z.string(), title: z.string(), markdown: z.string() })).nullable(),
  has_pdf: z.boolean(),
  has_branded_pdf: z.boolean(),
  page_count: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  // The job's callback delivery, once the job has ended and one is due (null before, or without a callback_url).
  callback_status: z.enum(['pending', 'delivered', 'failed']).nullable(),
  callback_attempts: z.number().nullable(),
  callback_last_status_code: z.number().nullable(),
  callback_last_error: z.string().nullable(),
  callback_delivered_at: z.string().nullable(),
});
export type ReportJobStatusRow = z.infer<typeof reportJobStatusRow>;

const claimedRow = z.object({
  id: z.string(),
  user_id: z.string(),
  birth: z.record(z.string(), z.unknown()),
  options: z.record(z.string(), z.unknown()),
  attempts: z.number(),
  max_attempts: z.number(),
  created_at: z.string(),
});
export type ClaimedReportJob = z.infer<typeof claimedRow>;

const statusColumns = sql.fragment`j.id, j.user_id, j.status, j.progress, j.stage, j.options, j.credit_reserved, j.attempts, j.error_code, j.error_message, j.markdown, j.sections,
  j.pdf is not null as has_pdf, j.pdf_branded is not null as has_branded_pdf, j.page_count, j.created_at, j.updated_at, j.started_at, j.completed_at,
  c.status as callback_status,
  -- Attempts that have an outcome: the one in flight (taken, its lease running) is counted by the
  -- deliverer when it is taken, before its answer is recorded, and would show beside the previous answer.
  c.attempts - (c.status = 'pending' and c.lease_until is not null and c.lease_until > now())::int as callback_attempts,
  c.last_status_code as callback_last_status_code, c.last_error as callback_last_error,
  c.delivered_at as callback_delivered_at`;
/** A job has at most one callback: for the event that ended it. */
const withCallback = sql.fragment`report_jobs j left join lateral (select * from report_callbacks where job_id = j.id order by created_at desc limit 1) c on true`;

export function newReportJobId(): string {
  return `rpt_${randomBytes(12).toString('hex')}`;
}

export interface NewReportJob {
  id: string;
  userId: string;
  idempotencyKey: string | null;
  birth: unknown;
  options: unknown;
  creditReserved: boolean;
  maxAttempts: number;
}

export interface ReportArtefacts {
  markdown: string;
  sections: { id: string; title: string; markdown: string }[];
  pdf: Buffer | null;
  pdfBranded: Buffer | null;
  pageCount: number | null;
  pdfSha256: string | null;
  pdfBrandedSha256: string | null;
}

export class ReportJobRepository {
  constructor(private readonly db: DatabasePool) {}

  /** Inside the submit's transaction, with the credit reservation. */
  async insert(tx: CommonQueryMethods, job: NewReportJob): Promise<void> {
    await tx.query(sql.unsafe`
      insert into report_jobs (id, user_id, idempotency_key, birth, options, credit_reserved, max_attempts)
      values (${job.id}, ${job.userId}, ${job.idempotencyKey}, ${sql.jsonb(job.birth as never)}, ${sql.jsonb(job.options as never)}, ${job.creditReserved}, ${job.maxAttempts})`);
  }

  /**
   * The job a user made with an Idempotency-Key: its id, whether it took a credit, and whether it
   * was ordered with this birth and these options (jsonb equality: key order does not matter).
   */
  async findByIdempotencyKey(
    tx: CommonQueryMethods,
    userId: string,
    key: string,
    order: { birth: unknown; options: unknown },
  ): Promise<{ id: string; credit_reserved: boolean; same_order: boolean } | null> {
    return tx.maybeOne(sql.type(z.object({ id: z.string(), credit_reserved: z.boolean(), same_order: z.boolean() }))`
      select id, credit_reserved, (birth = ${sql.jsonb(order.birth as never)} and options = ${sql.jsonb(order.options as never)}) as same_order
      from report_jobs where user_id = ${userId} and idempotency_key = ${key}`);
  }

  /** The job as its owner sees it; null for a job of anyone else. */
  async status(id: string, userId: string): Promise<ReportJobStatusRow | null> {
    return this.db.maybeOne(sql.type(reportJobStatusRow)`select ${statusColumns} from ${withCallback} where j.id = ${id} and j.user_id = ${userId}`);
  }

  async pdf(id: string, userId: string, branded: boolean): Promise<{ bytes: Buffer; sha256: string } | null> {
    const row = await this.db.maybeOne(sql.type(z.object({ bytes: z.instanceof(Buffer).nullable(), sha256: z.string().nullable() }))`
      select ${branded ? sql.fragment`coalesce(pdf_branded, pdf)` : sql.fragment`pdf`} as bytes,
             ${branded ? sql.fragment`coalesce(pdf_branded_sha256, pdf_sha256)` : sql.fragment`pdf_sha256`} as sha256
      from report_jobs where id = ${id} and user_id = ${userId} and status = 'completed'`);
    return row?.bytes && row.sha256 ? { bytes: row.bytes, sha256: row.sha256 } : null;
  }

  async markEnqueued(id: string): Promise<void> {
    await this.db.query(sql.unsafe`update report_jobs set enqueued_at = coalesce(enqueued_at, now()) where id = ${id}`);
  }

  /** Takes this job for `workerId` when it may run now; null when it is not (yet, or any more) to be run. */
  async claim(id: string, workerId: string, leaseSeconds: number): Promise<ClaimedReportJob | null> {
    return this.db.maybeOne(sql.type(claimedRow)`
      update report_jobs set status = 'running', stage = 'starting', attempts = attempts + 1, worker_id = ${workerId},
        lease_until = now() + make_interval(secs => ${leaseSeconds}), started_at = coalesce(started_at, now()), updated_at = now()
      where id = ${id} and ((status = 'queued' and run_after <= now()) or (status = 'running' and lease_until < now()))
      returning id, user_id, birth, options, attempts, max_attempts, created_at`);
  }

  /**
   * The job that should run next, claimed: whichever job id woke the worker, this decides what
   * runs (see ReportProcessor.handle). Jobs that paid a credit go before free (demo) ones; then the
   * account with the fewest jobs running, then the account whose last job started longest ago
   * (never served first), then the oldest job. So one account's backlog delays another account's
   * next job by at most the renders already under way, and free jobs never delay a paid one.
   */
  async claimNext(workerId: string, leaseSeconds: number): Promise<ClaimedReportJob | null> {
    return this.db.maybeOne(sql.type(claimedRow)`
      update report_jobs set status = 'running', stage = 'starting', attempts = attempts + 1, worker_id = ${workerId},
        lease_until = now() + make_interval(secs => ${leaseSeconds}), started_at = coalesce(started_at, now()), updated_at = now()
      where id = (
        select j.id from report_jobs j
        cross join lateral (
          select count(*) as running from report_jobs r
          where r.user_id = j.user_id and r.status = 'running' and r.lease_until >= now()) account_running
        cross join lateral (select max(s.started_at) as last_started from report_jobs s where s.user_id = j.user_id) account_served
        where (j.status = 'queued' and j.run_after <= now()) or (j.status = 'running' and j.lease_until < now())
        order by j.credit_reserved desc, account_running.running, account_served.last_started nulls first, j.created_at
        limit 1 for update of j skip locked)
      returning id, user_id, birth, options, attempts, max_attempts, created_at`);
  }

  /** Progress, and a longer lease; false when the job is no longer this worker's. */
  async progress(id: string, workerId: string, leaseSeconds: number, progress: number, stage: string): Promise<boolean> {
    const result = await this.db.query(sql.unsafe`
      update report_jobs set progress = greatest(progress, ${progress}), stage = ${stage}, lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
      where id = ${id} and worker_id = ${workerId} and status = 'running'`);
    return result.rowCount > 0;
  }

  async complete(tx: CommonQueryMethods, id: string, workerId: string, a: ReportArtefacts): Promise<boolean> {
    const result = await tx.query(sql.unsafe`
      update report_jobs set status = 'completed', progress = 100, stage = 'completed', markdown = ${a.markdown}, sections = ${sql.jsonb(a.sections)},
        pdf = ${a.pdf ? sql.binary(a.pdf) : null}, pdf_branded = ${a.pdfBranded ? sql.binary(a.pdfBranded) : null},
        pdf_sha256 = ${a.pdfSha256}, pdf_branded_sha256 = ${a.pdfBrandedSha256}, page_count = ${a.pageCount},
        error_code = null, error_message = null, lease_until = null, completed_at = now(), updated_at = now()
      where id = ${id} and worker_id = ${workerId} and status = 'running'`);
    return result.rowCount > 0;
  }

  /**
   * A stopping worker gives its running jobs back at once instead of letting their leases run
   * out; the attempt does not count. Returns the ids to queue again.
   */
  async handBack(workerId: string): Promise<string[]> {
    return [
      ...(await this.db.anyFirst(sql.type(z.object({ id: z.string() }))`
      update report_jobs set status = 'queued', stage = 'queued', worker_id = null, lease_until = null, attempts = greatest(0, attempts - 1), run_after = now(), updated_at = now()
      where worker_id = ${workerId} and status = 'running'
      returning id`)),
    ];
  }

  /**
   * One job this worker holds goes back to the queue at once, its attempt not counted: the
   * attempt was cut short by a store that went away, not by the job. False when it is no longer
   * this worker's.
   */
  async handBackJob(id: string, workerId: string): Promise<boolean> {
    const result = await this.db.query(sql.unsafe`
      update report_jobs set status = 'queued', stage = 'queued', worker_id = null, lease_until = null, attempts = greatest(0, attempts - 1), run_after = now(), updated_at = now()
      where id = ${id} and worker_id = ${workerId} and status = 'running'`);
    return result.rowCount > 0;
  }

  /**
   * Every job a worker could run now or later (queued, or running with an expired lease), with
   * the milliseconds until it is due: what is announced again after a store outage.
   */
  async unfinished(limit = 1000): Promise<readonly { id: string; delay_ms: number }[]> {
    return this.db.any(sql.type(z.object({ id: z.string(), delay_ms: z.number() }))`
      select id, case when status = 'queued' then greatest(0, extract(epoch from run_after - now()) * 1000) else 0 end::float8 as delay_ms
      from report_jobs where status = 'queued' or (status = 'running' and lease_until < now())
      order by created_at limit ${limit}`);
  }

  /** A transient fault: back to the queue after `delaySeconds`. */
  async retryLater(id: string, workerId: string, code: string, message: string, delaySeconds: number): Promise<boolean> {
    const result = await this.db.query(sql.unsafe`
      update report_jobs set status = 'queued', stage = 'retrying', error_code = ${code}, error_message = ${message}, worker_id = null, lease_until = null,
        run_after = now() + make_interval(secs => ${delaySeconds}), updated_at = now()
      where id = ${id} and worker_id = ${workerId} and status = 'running'`);
    return result.rowCount > 0;
  }

  /**
   * The final failure, once: true only for the call that moved the job to `failed` (that caller
   * refunds and announces it). `workerId` null: the sweeper, whatever worker held it.
   */
  async fail(
    tx: CommonQueryMethods,
    id: string,
    workerId: string | null,
    code: string,
    message: string,
  ): Promise<{ user_id: string; credit_reserved: boolean } | null> {
    return tx.maybeOne(sql.type(z.object({ user_id: z.string(), credit_reserved: z.boolean() }))`
      update report_jobs set status = 'failed', stage = 'failed', error_code = ${code}, error_message = ${message}, lease_until = null, completed_at = now(), updated_at = now()
      where id = ${id} and status in ('queued', 'running') ${workerId ? sql.fragment`and worker_id = ${workerId}` : sql.fragment``}
      returning user_id, credit_reserved`);
  }

  /** Jobs committed but never accepted by a queue, older than `seconds`. */
  async neverEnqueued(seconds: number): Promise<string[]> {
    return [
      ...(await this.db.anyFirst(sql.type(z.object({ id: z.string() }))`
      select id from report_jobs where status = 'queued' and enqueued_at is null and created_at < now() - make_interval(secs => ${seconds}) order by created_at limit 100`)),
    ];
  }

  /** Milliseconds until a queued job's backoff ends (0: due now); null when it is not queued. */
  async queuedDelayMs(id: string): Promise<number | null> {
    const row = await this.db.maybeOne(sql.type(z.object({ ms: z.number() }))`
      select greatest(0, extract(epoch from run_after - now()) * 1000)::float8 as ms from report_jobs where id = ${id} and status = 'queued'`);
    return row ? row.ms : null;
  }

  /**
   * Retries still waiting well after their backoff ended (their queue message was lost): to be
   * queued again, each at most once per `seconds` (their updated_at is touched).
   */
  async overdueRetries(seconds: number): Promise<string[]> {
    return [
      ...(await this.db.anyFirst(sql.type(z.object({ id: z.string() }))`
      update report_jobs set updated_at = now()
      where id in (select id from report_jobs where status = 'queued' and stage = 'retrying'
        and run_after < now() - make_interval(secs => ${seconds}) and updated_at < now() - make_interval(secs => ${seconds}) limit 100)
      returning id`)),
    ];
  }

  /** Jobs whose worker stopped renewing its lease (it died or hangs): to be enqueued again. */
  async leaseExpired(): Promise<string[]> {
    return [
      ...(await this.db.anyFirst(sql.type(z.object({ id: z.string() }))`
      select id from report_jobs where status = 'running' and lease_until < now() order by created_at limit 100`)),
    ];
  }

  async overdue(seconds: number): Promise<string[]> {
    return [
      ...(await this.db.anyFirst(sql.type(z.object({ id: z.string() }))`
      select id from report_jobs where status in ('queued', 'running') and created_at < now() - make_interval(secs => ${seconds}) order by created_at limit 100`)),
    ];
  }

  /** Failed jobs whose reserved credit has no refund yet, failed at least `seconds` ago (the process stopped in between). */
  async failedWithoutRefund(seconds: number): Promise<readonly { id: string; user_id: string }[]> {
    return this.db.any(sql.type(z.object({ id: z.string(), user_id: z.string() }))`
      select j.id, j.user_id from report_jobs j
      where j.status = 'failed' and j.credit_reserved and j.completed_at < now() - make_interval(secs => ${seconds})
        and not exists (select 1 from report_credit_ledger l where l.reason = 'refund' and l.reference = j.id)
      limit 100`);
  }

  async countsByStatus(): Promise<Record<ReportStatus, number>> {
    const rows = await this.db.any(
      sql.type(z.object({ status: z.string(), n: z.number() }))`select status, count(*)::int as n from report_jobs group by status`,
    );
    const counts: Record<ReportStatus, number> = { queued: 0, running: 0, completed: 0, failed: 0 };
    for (const row of rows) counts[row.status as ReportStatus] = row.n;
    return counts;
  }
}

/**
 * Running one report job: claim the row, build the artefacts while renewing the lease, store
 * them. A fault in the input (the request cannot be computed) fails the job at once; any other
 * fault (Chromium crashed, the database went away) is retried with a doubling backoff until the
 * job's attempts are spent. A job that finally fails gives its credit back, once, in the
 * transaction that fails it (a client polling the job never sees it failed with its credit still
 * spent); the ledger's unique (reason, reference) makes a second refund a no-op, and the sweeper
 * still refunds a failed job without a refund (one failed before refunds joined that transaction).
 */
import { type DatabasePool } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';
import type { ComputeRunner } from '../../compute/runner.ts';
import { ReportJobRepository, type ClaimedReportJob } from '../store/report-jobs.ts';
import { ReportCreditRepository } from '../../db/report-credits.ts';
import { ReportBrandingRepository } from '../store/report-branding.ts';
import { ReportCallbackRepository } from '../store/report-callbacks.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { isDatabaseUnavailable } from '../../http/errors.ts';
import { buildReport, type ReportOptions, type StoredBirth } from './build-report.ts';
import type { PdfRenderer } from '../pdf/pdf-renderer.ts';
import type { ReportTransport } from '../queue/report-transport.ts';
import type { ReportMetrics } from '../report-metrics.ts';

export interface ProcessorSettings {
  leaseSeconds: number;
  retryBaseSeconds: number;
  renderTimeoutMs: number;
}

export interface ProcessorDeps {
  db: DatabasePool;
  compute: ComputeRunner;
  renderer: PdfRenderer;
  transport: ReportTransport;
  workerId: string;
  settings: ProcessorSettings;
  metrics?: ReportMetrics | undefined;
  /** After a report is stored (e-mails the owner); a failure here is logged, the report stays completed. */
  onCompleted?: (job: { id: string; userId: string }) => Promise<void>;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
  /**
   * A store (PostgreSQL, or the queue's Redis) failed under a delivery, so its job may have lost
   * its queue message; `droppedJobId`: a job this worker holds and could not give back.
   */
  onStoreFault?: (droppedJobId?: string) => void;
}

/** The input itself is at fault: retrying would fail the same way. */
function isBadInput(error: unknown): boolean {
  return error instanceof RequestFieldError || (error instanceof Error && error.name === 'ZodError');
}

export class ReportProcessor {
  private readonly jobs: ReportJobRepository;
  private readonly credits: ReportCreditRepository;
  private readonly callbacks: ReportCallbackRepository;

  constructor(private readonly deps: ProcessorDeps) {
    this.jobs = new ReportJobRepository(deps.db);
    this.credits = new ReportCreditRepository(deps.db);
    this.callbacks = new ReportCallbackRepository(deps.db);
  }

  /** Handles a delivered job id: claims the job that should run next, if any may run now, and runs it. */
  async handle(jobId: string): Promise<void> {
    let job: ClaimedReportJob | null;
    try {
      job = await this.jobs.claimNext(this.deps.workerId, this.deps.settings.leaseSeconds);
      // The id only woke this worker: the claim took the job that should run next (paid first,
      // fair across accounts). The announced job, if it still waits, is announced again, as is one
      // whose delayed message came a little before its backoff ended (clocks differ).
      if (job?.id !== jobId) await this.announceAgain(jobId);
      if (!job) return;
    } catch (error) {
      // The message is spent but the job did not run: it is announced again once the stores answer.
      this.deps.log('warn', 'a report job could not be claimed; it will be delivered again', { jobId, err: (error as Error).message });
      this.deps.onStoreFault?.();
      return;
    }
    await this.run(job);
  }

  /**
   * A job still waiting gets an announcement of its own again: when its backoff ends, or now.
   * Never throws: a job claimed meanwhile must still run.
   */
  private async announceAgain(jobId: string): Promise<void> {
    try {
      const delay = await this.jobs.queuedDelayMs(jobId);
      if (delay !== null) await this.deps.transport.enqueue(jobId, delay > 0 ? Math.ceil(delay) + 50 : 0);
    } catch (error) {
      // Every waiting job is announced again once the stores answer (OutageRedelivery).
      this.deps.log('warn', 'a waiting report job could not be announced again', { jobId, err: (error as Error).message });
      this.deps.onStoreFault?.();
    }
  }

  private async run(job: ClaimedReportJob): Promise<void> {
    const { workerId, settings } = this.deps;
    const started = process.hrtime.bigint();
    let current = { progress: 5, stage: 'starting' };
    const renew = setInterval(
      () => {
        this.jobs.progress(job.id, workerId, settings.leaseSeconds, current.progress, current.stage).catch(() => {});
      },
      Math.max(200, (settings.leaseSeconds * 1000) / 3),
    );
    try {
      const options = job.options as unknown as ReportOptions;
      const logo = await new ReportBrandingRepository(this.deps.db).image(job.user_id);
      const artefacts = await buildReport(
        {
          compute: this.deps.compute,
          renderer: this.deps.renderer,
          renderTimeoutMs: settings.renderTimeoutMs,
          logo: logo ? { contentType: logo.content_type, bytes: logo.image } : null,
          onStage: async (progress, stage) => {
            current = { progress, stage };
            await this.jobs.progress(job.id, workerId, settings.leaseSeconds, progress, stage);
          },
        },
        job.birth as unknown as StoredBirth,
        options,
      );
      clearInterval(renew);
      const stored = await this.deps.db.transaction(async (tx) => {
        const done = await this.jobs.complete(tx, job.id, workerId, artefacts);
        if (done && options.callback_url) {
          await this.callbacks.add(tx, {
            jobId: job.id,
            userId: job.user_id,
            event: 'report.completed',
            url: options.callback_url,
            payload: await this.payload(job.id, 'report.completed'),
          });
        }
        return done;
      });
      if (stored) {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        this.deps.metrics?.finished('completed', seconds, artefacts.pdf?.length ?? 0);
        this.deps.log('info', 'report completed', { jobId: job.id, seconds, pages: artefacts.pageCount, attempt: job.attempts });
        await this.deps.onCompleted?.({ id: job.id, userId: job.user_id }).catch((error: unknown) => {
          this.deps.log('warn', 'the report-completed e-mail could not be written', { jobId: job.id, err: (error as Error).message });
        });
      } else {
        this.deps.log('warn', 'report finished after its job was taken over; result dropped', { jobId: job.id });
      }
    } catch (error) {
      clearInterval(renew);
      const message = error instanceof Error ? error.message : String(error);
      if (isDatabaseUnavailable(error)) {
        await this.handBackAfterStoreFault(job.id, message);
        return;
      }
      // A final failure the database could not record is the job's again once it answers.
      const dropped = () => this.deps.onStoreFault?.(job.id);
      if (isBadInput(error)) {
        await this.finalFailure(job.id, workerId, 'invalid_input', message).catch(dropped);
      } else if (job.attempts >= job.max_attempts) {
        // The customer reads the service's words; what the renderer or a library said goes to the log.
        await this.finalFailure(
          job.id,
          workerId,
          'report_generation_failed',
          `The report could not be made after ${job.attempts} attempts; any credit it took was given back.`,
          message,
        ).catch(dropped);
      } else {
        const delay = settings.retryBaseSeconds * 2 ** (job.attempts - 1);
        this.deps.log('warn', 'report attempt failed; retrying', { jobId: job.id, attempt: job.attempts, delaySeconds: delay, err: message });
        this.deps.metrics?.retried();
        const queued = await this.jobs.retryLater(job.id, workerId, 'transient_failure', message, delay).catch(() => {
          this.deps.onStoreFault?.(job.id);
          return false;
        });
        if (queued) await this.deps.transport.enqueue(job.id, delay * 1000).catch(() => this.deps.onStoreFault?.());
      }
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * The database went away under a running job: the attempt is not the job's fault, so the job
   * goes back to the queue without counting it, now or, if the database is still away, once it
   * answers (onStoreFault).
   */
  private async handBackAfterStoreFault(jobId: string, message: string): Promise<void> {
    this.deps.log('warn', 'the database failed under a report job; it goes back to the queue', { jobId, err: message });
    try {
      if (await this.jobs.handBackJob(jobId, this.deps.workerId)) await this.deps.transport.enqueue(jobId);
    } catch {
      this.deps.onStoreFault?.(jobId);
    }
  }

  private async payload(jobId: string, event: 'report.completed' | 'report.failed') {
    return { event, job_id: jobId, status: event === 'report.completed' ? 'completed' : 'failed', completed_at: new Date().toISOString() };
  }

  /**
   * Fails the job (once: only the call that moved it refunds and announces it). `workerId` null:
   * the sweeper ends a job whatever worker holds it.
   */
  async finalFailure(jobId: string, workerId: string | null, code: string, message: string, cause?: string): Promise<boolean> {
    const failed = await this.deps.db.transaction(async (tx) => {
      const row = await this.jobs.fail(tx, jobId, workerId, code, message);
      if (!row) return null;
      const options = await tx.oneFirst(
        sql.type(z.object({ options: z.record(z.string(), z.unknown()) }))`select options from report_jobs where id = ${jobId}`,
      );
      const url = typeof options.callback_url === 'string' ? options.callback_url : undefined;
      if (url)
        await this.callbacks.add(tx, {
          jobId,
          userId: row.user_id,
          event: 'report.failed',
          url,
          payload: { ...(await this.payload(jobId, 'report.failed')), error: { code, message } },
        });
      // In the same transaction: whoever sees the job failed sees its credit back.
      if (row.credit_reserved) await this.credits.refund(row.user_id, jobId, tx);
      return row;
    });
    if (!failed) return false;
    this.deps.metrics?.finished('failed', null, 0);
    this.deps.log('warn', 'report failed', { jobId, code, err: cause ?? message });
    return true;
  }
}

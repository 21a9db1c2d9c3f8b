/**
 * A report worker: takes job ids from the transport and runs them (ReportProcessor), keeps one
 * Chromium, announces itself in report_workers (the API accepts reports while a worker is alive)
 * only once its Chromium has printed a probe page, and while it still can (a Chromium that no
 * longer starts withdraws the announcement until a probe works again; a clean stop withdraws it
 * first thing), and sweeps: jobs committed but never queued are queued, jobs whose worker died and retries
 * whose message was lost are queued again, jobs past the deadline fail with a refund, and failures whose refund was interrupted
 * are refunded. It runs as `cli worker reports` or inside the API process (embedded mode).
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql, type DatabasePool } from 'slonik';
import { reportProbeTimeoutMs, type Config } from '../../config.ts';
import type { ComputeRunner } from '../../compute/runner.ts';
import { ReportJobRepository } from '../store/report-jobs.ts';
import { ReportCreditRepository } from '../../db/report-credits.ts';
import { PdfRenderer } from '../pdf/pdf-renderer.ts';
import { ReportProcessor } from './report-processor.ts';
import type { ReportTransport } from '../queue/report-transport.ts';
import type { ReportMetrics } from '../report-metrics.ts';
import { CallbackDeliverer } from '../callbacks/callback-deliverer.ts';
import { OutageRedelivery } from './outage-redelivery.ts';
import type { Notifications } from '../../features/settings/notifications.ts';

export type WorkerLog = (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;

export interface ReportWorkerDeps {
  config: Config;
  db: DatabasePool;
  compute: ComputeRunner;
  transport: ReportTransport;
  chromiumPath: string;
  log: WorkerLog;
  metrics?: ReportMetrics | undefined;
  /** The owner's "report completed" e-mail: the API process's own, or the worker process's. */
  notifications: Notifications;
  /** Called once, when Chromium first printed the probe page and the worker starts taking jobs. */
  onReady?: () => void;
}

/** Committed jobs younger than this are left to the submit that is still queueing them. */
const UNQUEUED_GRACE_SECONDS = 5;

export class ReportWorker {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly renderer: PdfRenderer;
  private readonly processor: ReportProcessor;
  private readonly jobs: ReportJobRepository;
  private readonly credits: ReportCreditRepository;
  private readonly deliverer: CallbackDeliverer;
  private readonly redelivery: OutageRedelivery;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  /** Chromium printed the probe page and has not failed to start since: the worker may announce itself. */
  private canRender = false;
  private consuming = false;
  private stopping = false;

  constructor(private readonly deps: ReportWorkerDeps) {
    const { config } = deps;
    this.renderer = new PdfRenderer(deps.chromiumPath);
    this.jobs = new ReportJobRepository(deps.db);
    this.credits = new ReportCreditRepository(deps.db);
    // The owner's "report completed" e-mail, if their settings ask for it, sent by the worker that
    // stored the report.
    const statusUrl = (jobId: string) => (config.PUBLIC_BASE_URL ? `${config.PUBLIC_BASE_URL}/api/v1/natal/report/${jobId}?format=pdf` : null);
    this.redelivery = new OutageRedelivery({ jobs: this.jobs, transport: deps.transport, workerId: this.id, log: deps.log });
    this.processor = new ReportProcessor({
      db: deps.db,
      compute: deps.compute,
      renderer: this.renderer,
      transport: deps.transport,
      workerId: this.id,
      metrics: deps.metrics,
      log: deps.log,
      onStoreFault: (jobId) => this.redelivery.storeFailed(jobId),
      onCompleted: async (job) => {
        await deps.notifications.reportCompleted(job.userId, { jobId: job.id, url: statusUrl(job.id) });
      },
      settings: {
        leaseSeconds: config.REPORT_LEASE_SECONDS,
        retryBaseSeconds: config.REPORT_RETRY_BASE_SECONDS,
        renderTimeoutMs: config.REPORT_RENDER_TIMEOUT_MS,
      },
    });
    this.deliverer = new CallbackDeliverer({ db: deps.db, config, log: deps.log, metrics: deps.metrics });
  }

  /**
   * Starts the deliverer and the sweeper, and tries Chromium once: when it prints the probe page
   * the worker announces itself and takes jobs; when not, the sweeper tries again at each sweep
   * (`ready` says which it was).
   */
  async start(): Promise<void> {
    this.deliverer.start();
    this.sweeper = setInterval(() => {
      this.sweeping ??= this.sweep()
        .catch((error) => {
          this.deps.log('error', 'report sweep failed', { err: (error as Error).message });
          this.redelivery.storeFailed();
        })
        .finally(() => {
          this.sweeping = null;
        });
    }, this.deps.config.REPORT_SWEEP_INTERVAL_SECONDS * 1000);
    await this.checkRenderer();
    // A database that is away now does not stop the worker: the sweeper announces it again.
    if (this.canRender)
      await this.announce().catch((error) => this.deps.log('warn', 'report worker could not announce itself yet', { err: (error as Error).message }));
  }

  /** Whether this worker can make reports now (its Chromium printed the probe page). */
  get ready(): boolean {
    return this.canRender && !this.stopping && !this.renderer.cannotStart;
  }

  /**
   * Probes Chromium unless it is known to work; the first success starts taking jobs. A failure
   * withdraws the announcement: the API must refuse reports (before any credit) rather than take
   * orders no worker can print.
   */
  private async checkRenderer(): Promise<void> {
    if (this.canRender && !this.renderer.cannotStart) return;
    try {
      await this.renderer.probe(reportProbeTimeoutMs(this.deps.config));
    } catch (error) {
      if (this.canRender || !this.consuming)
        this.deps.log('error', 'Chromium cannot print the probe page; this worker takes no report until it can', { err: (error as Error).message });
      this.canRender = false;
      await this.withdraw().catch(() => {});
      return;
    }
    if (this.stopping) return;
    if (!this.canRender) this.deps.log('info', 'Chromium printed the probe page; this worker takes reports');
    this.canRender = true;
    if (!this.consuming) {
      this.consuming = true;
      this.deps.transport.consume((jobId) => this.processor.handle(jobId), this.deps.config.REPORT_WORKER_CONCURRENCY);
      this.deps.onReady?.();
    }
  }

  /** The heartbeat row the API reads to know that reports can be made. */
  private async announce(): Promise<void> {
    await this.deps.db.query(sql.unsafe`
      insert into report_workers (id, hostname, pid, chromium) values (${this.id}, ${os.hostname()}, ${process.pid}, ${this.deps.chromiumPath})
      on conflict (id) do update set seen_at = now()`);
  }

  /** This worker no longer counts as one that can make reports. */
  private async withdraw(): Promise<void> {
    await this.deps.db.query(sql.unsafe`delete from report_workers where id = ${this.id}`);
  }

  async sweep(): Promise<void> {
    const { transport, config } = this.deps;
    await this.checkRenderer();
    if (this.canRender && !this.stopping) await this.announce();
    // The queue is asked too, so that an outage of Redis alone is noticed (and followed by a redelivery).
    await transport.depth();
    await this.deps.db.query(sql.unsafe`delete from report_workers where seen_at < now() - interval '1 day'`);
    for (const id of await this.jobs.neverEnqueued(UNQUEUED_GRACE_SECONDS)) {
      await transport.enqueue(id);
      await this.jobs.markEnqueued(id);
      this.deps.log('info', 'queued a report job that had not reached the queue', { jobId: id });
    }
    for (const id of await this.jobs.leaseExpired()) {
      this.deps.log('warn', "a report job's worker stopped; queueing it again", { jobId: id });
      await transport.enqueue(id);
    }
    for (const id of await this.jobs.overdueRetries(Math.max(60, config.REPORT_LEASE_SECONDS * 2))) {
      this.deps.log('warn', 'a report retry was not picked up; queueing it again', { jobId: id });
      await transport.enqueue(id);
    }
    for (const id of await this.jobs.overdue(config.REPORT_DEADLINE_SECONDS)) {
      await this.processor.finalFailure(id, null, 'deadline_exceeded', `the report was not finished within ${config.REPORT_DEADLINE_SECONDS} s`);
    }
    // A failure whose refund did not happen (the process stopped in between): the ledger refunds once.
    for (const job of await this.jobs.failedWithoutRefund(30)) await this.credits.refund(job.user_id, job.id);
  }

  /**
   * The stop's last resort, when running jobs did not finish in time: they go back to the queue
   * now (a result this worker would still store is refused, as its claim is gone).
   */
  async handBackRunning(): Promise<string[]> {
    const ids = await this.jobs.handBack(this.id);
    for (const id of ids) await this.deps.transport.enqueue(id).catch(() => {});
    return ids;
  }

  /**
   * Withdraws the announcement first (the API stops accepting reports for this worker at once,
   * not when the heartbeat grows old), stops taking jobs, lets the running ones finish (or hands
   * them back through their leases), closes Chromium.
   */
  async close(): Promise<void> {
    this.stopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await this.sweeping;
    await this.withdraw().catch(() => {});
    await this.redelivery.close();
    await this.deps.transport.close();
    await this.deliverer.close();
    await this.renderer.close();
  }
}

/**
 * Every unfinished job is announced again after an outage of either store. While PostgreSQL or
 * Redis is away a worker loses queue messages without running their jobs: it takes a message and
 * its claim fails (the row stays queued with its enqueued_at set, which no sweep looks at), a
 * retry's message cannot be queued, a job it was running cannot be given back, or Redis comes
 * back without its lists. The rows are the truth, so once a worker saw either store fail it asks
 * both every second and, as soon as both answer, gives back the jobs it dropped in the middle
 * (their attempt not counted) and announces every unfinished job again. A duplicate announcement
 * costs a claim that does nothing: the claim decides what runs, and it runs once.
 */
import type { ReportJobRepository } from '../store/report-jobs.ts';
import type { ReportTransport } from '../queue/report-transport.ts';

export type RedeliveryLog = (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;

export interface OutageRedeliveryDeps {
  jobs: ReportJobRepository;
  transport: ReportTransport;
  workerId: string;
  log: RedeliveryLog;
  /** Pause between two looks at the stores while they are away. */
  probeMs?: number;
}

export class OutageRedelivery {
  private pending = false;
  /** Faults seen so far: one seen while a redelivery runs asks for another after it. */
  private faults = 0;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private attempt: Promise<void> | null = null;
  /** Jobs this worker held when a store failed under them, not given back yet. */
  private readonly dropped = new Set<string>();

  constructor(private readonly deps: OutageRedeliveryDeps) {}

  /** A store failed (under `droppedJobId`, a job this worker holds and could not give back). */
  storeFailed(droppedJobId?: string): void {
    if (droppedJobId) this.dropped.add(droppedJobId);
    this.faults++;
    if (this.pending || this.closed) return;
    this.pending = true;
    this.deps.log('warn', 'a report store failed; unfinished jobs will be announced again once it answers');
    this.schedule();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.attempt = this.redeliver().finally(() => {
        this.attempt = null;
      });
    }, this.deps.probeMs ?? 1000);
  }

  private async redeliver(): Promise<void> {
    const { jobs, transport, workerId } = this.deps;
    const faults = this.faults;
    try {
      // Both stores must answer: the queue (Redis, or PostgreSQL for the polling transport) and the rows.
      await transport.depth();
      for (const id of [...this.dropped]) {
        await jobs.handBackJob(id, workerId);
        this.dropped.delete(id);
      }
      const unfinished = await jobs.unfinished();
      for (const job of unfinished) await transport.enqueue(job.id, Math.ceil(job.delay_ms));
      this.deps.log('info', 'report stores answer again; unfinished jobs announced again', { jobs: unfinished.length });
      if (this.faults !== faults && !this.closed) this.schedule();
      else this.pending = false;
    } catch {
      if (!this.closed) this.schedule();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.attempt;
  }
}

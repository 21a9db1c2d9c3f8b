/**
 * The transport without Redis: workers poll the job table for runnable rows (queued and due, or
 * running with an expired lease). enqueue only wakes the pollers of this process early; other
 * processes find the job at their next poll.
 */
import { type DatabasePool } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';
import type { ReportTransport } from './report-transport.ts';

export class PostgresTransport implements ReportTransport {
  readonly kind = 'postgres' as const;
  private wakers = new Set<() => void>();
  private loops: Promise<void>[] = [];
  private running = new Set<string>();
  private stopped = false;

  constructor(
    private readonly db: DatabasePool,
    private readonly pollIntervalMs: number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async enqueue(): Promise<void> {
    for (const wake of this.wakers) wake();
  }

  async depth(): Promise<number> {
    return this.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from report_jobs where status = 'queued'`);
  }

  private async nextRunnable(): Promise<string | null> {
    const busy = [...this.running];
    return this.db.maybeOneFirst(sql.type(z.object({ id: z.string() }))`
      select id from report_jobs
      where ((status = 'queued' and run_after <= now()) or (status = 'running' and lease_until < now()))
        and not (id = any(${sql.array(busy, 'text')}))
      order by created_at limit 1`);
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      this.wakers.add(done);
    });
  }

  consume(handle: (jobId: string) => Promise<void>, concurrency: number): void {
    const loop = async () => {
      while (!this.stopped) {
        let id: string | null = null;
        try {
          id = await this.nextRunnable();
        } catch (error) {
          this.onError(error);
        }
        if (!id || this.running.has(id)) {
          await this.sleep();
          continue;
        }
        this.running.add(id);
        try {
          await handle(id);
        } catch (error) {
          this.onError(error);
        } finally {
          this.running.delete(id);
        }
      }
    };
    for (let i = 0; i < concurrency; i++) this.loops.push(loop());
  }

  async close(): Promise<void> {
    this.stopped = true;
    for (const wake of this.wakers) wake();
    await Promise.all(this.loops);
  }
}

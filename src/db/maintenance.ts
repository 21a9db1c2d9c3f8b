/**
 * Periodic housekeeping of the database, run by every API process on a timer
 * (MAINTENANCE_INTERVAL_SECONDS): the raw request log beyond its retention
 * (USAGE_LOG_RETENTION_DAYS; the rollups stay), expired operator sessions and expired analytics
 * cache entries. Each chunk runs under a transaction-scoped advisory lock, so that processes
 * starting at the same moment do not repeat each other's work.
 */
import { type DatabasePool } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

const MAINTENANCE_LOCK_ID = 727_013;
/** Segments deleted per statement: short transactions, no long lock on the table. */
const PRUNE_CHUNK = 5000;

export interface MaintenanceResult {
  prunedSegments: number;
  expiredSessions: number;
  expiredCacheEntries: number;
}

export class Maintenance {
  private timer?: NodeJS.Timeout;
  private running?: Promise<MaintenanceResult>;

  constructor(
    private readonly db: DatabasePool,
    private readonly options: { retentionDays: number; intervalSeconds: number; log?: (message: string, error?: unknown) => void },
  ) {}

  start(): void {
    this.timer = setInterval(
      () => void this.runOnce().catch((error: unknown) => this.options.log?.('maintenance failed', error)),
      this.options.intervalSeconds * 1000,
    );
    this.timer.unref();
  }

  /** One pass; a call during a pass waits for it. */
  runOnce(): Promise<MaintenanceResult> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<MaintenanceResult> {
    let prunedSegments = 0;
    if (this.options.retentionDays > 0) {
      for (;;) {
        const deleted = await this.locked(sql.unsafe`
          delete from usage_log_segments where id in (
            select id from usage_log_segments where last_at < now() - make_interval(days => ${this.options.retentionDays}) limit ${PRUNE_CHUNK})`);
        if (deleted === null) break;
        prunedSegments += deleted;
        if (deleted < PRUNE_CHUNK) break;
      }
    }
    const expiredSessions = (await this.locked(sql.unsafe`delete from admin_sessions where expires_at <= now()`)) ?? 0;
    const expiredCacheEntries = (await this.locked(sql.unsafe`delete from analytics_cache where expires_at <= now()`)) ?? 0;
    return { prunedSegments, expiredSessions, expiredCacheEntries };
  }

  /** Rows the statement deleted; null when another process holds the lock. */
  private async locked(statement: ReturnType<typeof sql.unsafe>): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const got = await tx.oneFirst(sql.type(z.object({ got: z.boolean() }))`select pg_try_advisory_xact_lock(${MAINTENANCE_LOCK_ID}) as got`);
      if (!got) return null;
      return (await tx.query(statement)).rowCount;
    });
  }

  /** Stops the timer and lets a pass under way finish (the pool closes after this). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => {});
  }
}

/**
 * The usage log of every API-key request (user, key, method, path, status, duration, replayed).
 * The hot path only appends to an in-memory buffer; a timer (or a full batch) writes the buffer
 * with one INSERT per batch (one segment row per API key, see db/usage-logs.ts) and moves the
 * keys' last_used_at forward with one UPDATE.
 * Closing the app flushes what is left, so a graceful shutdown loses nothing. While the database
 * is away rows wait in the buffer, up to USAGE_BUFFER_MAX (then the oldest are dropped and counted).
 */
import type { FastifyInstance } from 'fastify';
import type { DatabasePool } from 'slonik';
import type { Counter, Gauge, Histogram } from 'prom-client';
import { UsageLogRepository, type UsageRecord } from '../db/usage-logs.ts';
import { ApiKeyRepository } from '../db/api-keys.ts';

export interface UsageLogMetrics {
  bufferDepth: Gauge;
  flushDuration: Histogram;
  flushFailures: Counter;
  droppedRows: Counter;
}

export interface UsageLogOptions {
  batchSize: number;
  intervalMs: number;
  maxBuffered: number;
  metrics: UsageLogMetrics;
  log?: (message: string, error?: unknown) => void;
}

/** Longest path we record: query strings are not kept, and nobody needs more of a path. */
const MAX_PATH = 512;

export class UsageLogWriter {
  private buffer: UsageRecord[] = [];
  /** Key id → latest use not yet written (epoch ms). */
  private lastUsed = new Map<string, number>();
  private flushing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  private retry: NodeJS.Timeout | undefined;
  private readonly logs: UsageLogRepository;
  private readonly keys: ApiKeyRepository;

  constructor(db: DatabasePool, private readonly options: UsageLogOptions) {
    this.logs = new UsageLogRepository(db);
    this.keys = new ApiKeyRepository(db);
    this.timer = setInterval(() => void this.flush(), options.intervalMs);
    this.timer.unref();
  }

  get depth(): number {
    return this.buffer.length;
  }

  record(record: UsageRecord): void {
    if (this.buffer.length >= this.options.maxBuffered) {
      const dropped = this.buffer.splice(0, Math.max(1, Math.floor(this.options.maxBuffered / 100)));
      this.options.metrics.droppedRows.inc(dropped.length);
    }
    this.buffer.push(record);
    if (record.apiKeyId) this.lastUsed.set(record.apiKeyId, record.startedAt);
    this.options.metrics.bufferDepth.set(this.buffer.length);
    if (this.buffer.length >= this.options.batchSize && !this.flushing) void this.flush();
  }

  /** After a failed write, try again in a second rather than at the next interval. */
  private retrySoon(): void {
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.flush();
    }, 1000);
    this.retry.unref();
  }

  /** Writes everything buffered; one flush at a time (a caller during a flush waits for it). */
  flush(): Promise<void> {
    this.flushing ??= this.drain().then((written) => {
      this.flushing = null;
      // Rows that arrived while the last write was finishing: a full batch goes now, not at the
      // next tick (after a failure, retrySoon paces the next attempt instead).
      if (written && this.buffer.length >= this.options.batchSize) void this.flush();
    }, (error: unknown) => {
      this.flushing = null;
      throw error;
    });
    return this.flushing;
  }

  /** Writes the buffer batch by batch; false when a write failed (the rows are kept). */
  private async drain(): Promise<boolean> {
    let written = true;
    while (this.buffer.length) {
      const batch = this.buffer.splice(0, this.options.batchSize);
      const stop = this.options.metrics.flushDuration.startTimer();
      try {
        await this.logs.insertBatch(batch);
        stop();
      } catch (error) {
        // Back to the front, in order; the next tick tries again.
        this.buffer.unshift(...batch);
        this.options.metrics.flushFailures.inc();
        this.options.log?.('usage log flush failed', error);
        this.retrySoon();
        written = false;
        break;
      } finally {
        this.options.metrics.bufferDepth.set(this.buffer.length);
      }
    }
    await this.touchKeys();
    return written;
  }

  /**
   * last_used_at is written apart from the log rows: two processes updating the same keys may
   * deadlock, and that must never cost log rows. Unwritten uses are merged into the next flush.
   */
  private async touchKeys(): Promise<void> {
    if (!this.lastUsed.size) return;
    const uses = this.lastUsed;
    this.lastUsed = new Map();
    try {
      await this.keys.touchLastUsed(new Map([...uses].map(([id, at]) => [id, new Date(at).toISOString()])));
    } catch (error) {
      for (const [id, at] of uses) if (!this.lastUsed.has(id) || this.lastUsed.get(id)! < at) this.lastUsed.set(id, at);
      this.options.log?.('last_used_at update failed', error);
    }
  }

  /** Stops the timer and writes what is left (a few attempts if the database hiccups). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.retry);
    for (let attempt = 0; attempt < 5 && (this.buffer.length || this.lastUsed.size || this.flushing); attempt++) {
      await this.flush();
      if (this.buffer.length) await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
    if (this.buffer.length) this.options.log?.(`usage log: ${this.buffer.length} rows could not be written at shutdown`);
  }
}

/** Records every request that an API key authenticated, whatever its outcome. */
export function registerUsageLog(app: FastifyInstance, writer: UsageLogWriter) {
  // A callback hook: recording never waits, and an async hook costs a promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const principal = request.principal;
    if (!principal) return done();
    const queryAt = request.url.indexOf('?');
    const path = (queryAt === -1 ? request.url : request.url.slice(0, queryAt)).slice(0, MAX_PATH);
    writer.record({
      userId: principal.userId, apiKeyId: principal.keyId, method: request.method, path,
      statusCode: reply.statusCode, durationMs: reply.elapsedTime,
      replayed: request.idempotency?.state === 'replayed',
      startedAt: Date.now() - reply.elapsedTime,
    });
    done();
  });
}

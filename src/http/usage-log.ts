/**
 * The usage log of every API-key request (user, key, method, path, status, duration, replayed).
 * The hot path only appends to an in-memory buffer; a timer (or a full batch) writes the buffer
 * with one INSERT per batch (one segment row per API key, see db/usage-logs.ts; the usage rollups
 * in the same statement) and moves the keys' last_used_at forward with one UPDATE.
 * Closing the app flushes what is left, so a graceful shutdown loses nothing. While the database
 * is away rows wait in the buffer, up to USAGE_BUFFER_MAX (then the oldest are dropped and counted),
 * and the writer tries again on its own schedule (1 s, 2 s, 4 s... up to 30 s), never because a
 * request arrived.
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
  /** Maintain the usage rollups with each batch (USAGE_ROLLUPS). */
  rollups?: boolean;
  maxBuffered: number;
  metrics: UsageLogMetrics;
  log?: (message: string, error?: unknown) => void;
  /** Wait after the first failed write, doubled after each further one, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Told the users of each batch once it is written (the usage alerts look at them). Must not throw. */
  onWritten?: (userIds: ReadonlySet<string>) => void;
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
  /** Consecutive failed writes, and when the next attempt is due (epoch ms; 0 = any time). */
  private failures = 0;
  private retryAt = 0;
  private readonly logs: UsageLogRepository;
  private readonly keys: ApiKeyRepository;

  constructor(
    db: DatabasePool,
    private readonly options: UsageLogOptions,
  ) {
    this.logs = new UsageLogRepository(db);
    this.keys = new ApiKeyRepository(db);
    this.timer = setInterval(() => {
      if (!this.backingOff()) void this.flush();
    }, options.intervalMs);
    this.timer.unref();
  }

  get depth(): number {
    return this.buffer.length;
  }

  /** Whether a flush is under way (for tests and diagnostics). */
  get writing(): boolean {
    return this.flushing !== null;
  }

  record(record: UsageRecord): void {
    if (this.buffer.length >= this.options.maxBuffered) {
      const dropped = this.buffer.splice(0, Math.max(1, Math.floor(this.options.maxBuffered / 100)));
      this.options.metrics.droppedRows.inc(dropped.length);
    }
    this.buffer.push(record);
    if (record.apiKeyId) this.lastUsed.set(record.apiKeyId, record.startedAt);
    this.options.metrics.bufferDepth.set(this.buffer.length);
    if (this.buffer.length >= this.options.batchSize && !this.flushing && !this.backingOff()) void this.flush();
  }

  private backingOff(): boolean {
    return this.retryAt > Date.now();
  }

  /** After a failed write: the next attempt waits, longer after each failure in a row. */
  private scheduleRetry(): void {
    this.failures++;
    const delay = Math.min(this.options.retryMaxMs ?? 30_000, (this.options.retryBaseMs ?? 1000) * 2 ** (this.failures - 1));
    this.retryAt = Date.now() + delay;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.retryAt = 0;
      void this.flush();
    }, delay);
    this.retry.unref();
  }

  /**
   * Writes everything buffered when it is called; one flush at a time. A caller during a flush
   * waits for it, then for the flush that takes the rows the first did not: the one that first
   * flush started for a full batch if it did (it began after the call, so it holds them), else a
   * new one (unless the first failed: the retry's backoff paces the next attempt). Two flushes at
   * most, however fast rows keep coming.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      return this.flushing.then(() => this.flushing ?? (this.buffer.length && !this.backingOff() ? this.flush() : undefined));
    }
    this.flushing = this.drain().then(
      (written) => {
        this.flushing = null;
        // Rows that arrived while the last write was finishing: a full batch goes now, not at the
        // next tick (after a failure, scheduleRetry paces the next attempt instead).
        if (written && this.buffer.length >= this.options.batchSize) void this.flush();
      },
      (error: unknown) => {
        this.flushing = null;
        throw error;
      },
    );
    return this.flushing;
  }

  /**
   * Writes the rows buffered now, batch by batch; false when a write failed (the rows are kept).
   * Rows that arrive meanwhile wait for the next tick or a full batch: draining them too would,
   * under steady load, turn one flush into an endless run of small INSERTs (one per write's
   * duration), each paying a statement's fixed cost for a few dozen rows.
   */
  private async drain(): Promise<boolean> {
    let written = true;
    let due = this.buffer.length;
    // (Rows dropped for a full buffer meanwhile can leave fewer than were due.)
    while (due > 0 && this.buffer.length) {
      const batch = this.buffer.splice(0, Math.min(due, this.options.batchSize));
      due -= batch.length;
      const stop = this.options.metrics.flushDuration.startTimer();
      try {
        await this.logs.insertBatch(batch, { rollups: this.options.rollups ?? true });
        stop();
        if (this.options.onWritten) this.options.onWritten(new Set(batch.map((r) => r.userId)));
      } catch (error) {
        // Back to the front, in order; the retry tries again.
        this.buffer.unshift(...batch);
        this.options.metrics.flushFailures.inc();
        // Logged once per outage, not at every retry.
        if (this.failures === 0) this.options.log?.('usage log flush failed; retrying on a backoff', error);
        this.scheduleRetry();
        written = false;
        break;
      } finally {
        this.options.metrics.bufferDepth.set(this.buffer.length);
      }
    }
    if (written && this.failures) {
      this.options.log?.(`usage log written again after ${this.failures} failed attempts`);
      this.failures = 0;
      this.retryAt = 0;
    }
    // While the database is away, last_used_at waits for the log rows.
    if (written) await this.touchKeys();
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

  /** Responses not closed yet: their rows are still to come. */
  private open = 0;
  private allClosed: (() => void) | undefined;

  /** A response started; `closed` is called when it ends, however it ends. */
  opened(): () => void {
    this.open++;
    return () => {
      if (--this.open === 0) this.allClosed?.();
    };
  }

  /**
   * Stops the timer and writes what is left (a few attempts if the database hiccups). Responses
   * still closing (their connections were just ended) are waited for, briefly, so that their rows
   * are in the last write.
   */
  async close(): Promise<void> {
    if (this.open > 0) {
      await new Promise<void>((resolve) => {
        this.allClosed = resolve;
        setTimeout(resolve, 2000).unref();
      });
      this.allClosed = undefined;
    }
    clearInterval(this.timer);
    clearTimeout(this.retry);
    for (let attempt = 0; attempt < 5 && (this.buffer.length || this.lastUsed.size || this.flushing); attempt++) {
      await this.flush();
      if (this.buffer.length) await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
    if (this.buffer.length) this.options.log?.(`usage log: ${this.buffer.length} rows could not be written at shutdown`);
  }
}

/** Status recorded for a request whose client went away before the answer was complete. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Records every request that an API key authenticated, whatever its outcome and whatever happens
 * to its connection: Fastify's onResponse does not run when the client goes away first, but the
 * response's `close` always comes. An answer not sent in full is recorded as 499 (the client
 * closed the request), with the time it had taken.
 */
export function registerUsageLog(app: FastifyInstance, writer: UsageLogWriter) {
  // A callback hook: recording never waits, and an async hook costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    const closed = writer.opened();
    reply.raw.once('close', () => {
      const principal = request.principal;
      if (!principal) return closed();
      const queryAt = request.url.indexOf('?');
      const path = (queryAt === -1 ? request.url : request.url.slice(0, queryAt)).slice(0, MAX_PATH);
      writer.record({
        userId: principal.userId,
        apiKeyId: principal.keyId,
        method: request.method,
        path,
        route: request.routeOptions.url ?? path,
        statusCode: reply.raw.writableFinished ? reply.statusCode : CLIENT_CLOSED_REQUEST,
        durationMs: reply.elapsedTime,
        replayed: request.idempotency?.state === 'replayed',
        startedAt: Date.now() - reply.elapsedTime,
      });
      closed();
    });
    done();
  });
}

/**
 * How a report job id reaches a worker. PostgreSQL holds the job; the transport only says
 * "look at job X" (BullMQ on Redis), or the worker looks by itself (PostgreSQL polling, when
 * there is no Redis). Either way the worker claims the row before running it (ReportJobRepository.claim),
 * so a duplicated or stale delivery does nothing.
 */
export interface ReportTransport {
  readonly kind: 'bullmq' | 'postgres';
  /** Announce a committed job (again: a duplicate is harmless); `delayMs` for a backoff. */
  enqueue(jobId: string, delayMs?: number): Promise<void>;
  /** Jobs waiting for a worker. */
  depth(): Promise<number>;
  /** Hand job ids to `handle`, at most `concurrency` at once, until `close`. */
  consume(handle: (jobId: string) => Promise<void>, concurrency: number): void;
  /** Stops taking jobs and waits for those being handled (graceful shutdown). */
  close(): Promise<void>;
}

/**
 * The transport with Redis: a BullMQ queue whose jobs carry only the report job id (birth data
 * stays in PostgreSQL). BullMQ brings the waiting list, delays for backoff and the detection of
 * stalled jobs (a worker that stopped renewing its lock); the row's claim decides what runs.
 */
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { connectRedis } from '../../db/redis.ts';
import type { ReportTransport } from './report-transport.ts';

/**
 * In braces: a Redis Cluster hash tag. BullMQ's scripts touch several keys of a queue at once
 * (`<prefix>:<name>:wait`, `:active`, `:delayed`, `:meta`…), which a cluster allows only within
 * one slot; the tag puts every key of the queue in the slot of `reports`.
 */
export const REPORT_QUEUE_NAME = '{reports}';

/** BullMQ's key prefix of a deployment's queues. */
export const bullmqPrefix = (keyPrefix: string) => `${keyPrefix}bull`;

/** The Redis list of the jobs waiting for a worker: what an autoscaler (KEDA) watches. */
export const reportWaitListKey = (keyPrefix: string) => `${bullmqPrefix(keyPrefix)}:${REPORT_QUEUE_NAME}:wait`;

export interface BullmqTransportOptions {
  redisUrl: string;
  /** REDIS_URL names one node of a Redis Cluster. */
  cluster?: boolean;
  /** The deployment's Redis namespace (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  /** Lock of a job being handled; a worker that stops renewing it is presumed dead after this. */
  lockMs: number;
  onError?: (error: unknown) => void;
}

export class BullmqTransport implements ReportTransport {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;
  private readonly connections: Redis[] = [];
  private worker: Worker | null = null;

  constructor(private readonly options: BullmqTransportOptions) {
    this.queue = new Queue(REPORT_QUEUE_NAME, { connection: this.connection(false), prefix: this.prefix });
    this.queue.on('error', (error) => options.onError?.(error));
  }

  private get prefix(): string {
    return bullmqPrefix(this.options.keyPrefix);
  }

  private connection(blocking: boolean): Redis {
    // Workers block on Redis and must never give up a command (BullMQ requires null retries).
    const redis = connectRedis(
      this.options.redisUrl,
      blocking ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 2, connectTimeout: 5000 },
      this.options.cluster,
    );
    redis.on('error', () => {});
    this.connections.push(redis);
    return redis;
  }

  async enqueue(jobId: string, delayMs = 0): Promise<void> {
    // A new BullMQ job per announcement: an id still held by an old (stalled, delayed) entry must not swallow it.
    await this.queue.add('report', { jobId }, { delay: delayMs, removeOnComplete: true, removeOnFail: 1000, attempts: 1 });
  }

  async depth(): Promise<number> {
    const counts = await this.queue.getJobCounts('wait', 'delayed', 'prioritized', 'waiting-children');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }

  consume(handle: (jobId: string) => Promise<void>, concurrency: number): void {
    this.worker = new Worker(REPORT_QUEUE_NAME, async (job) => handle((job.data as { jobId: string }).jobId), {
      connection: this.connection(true),
      prefix: this.prefix,
      concurrency,
      lockDuration: this.options.lockMs,
      stalledInterval: Math.max(1000, Math.round(this.options.lockMs / 2)),
      maxStalledCount: 5,
    });
    this.worker.on('error', (error) => this.options.onError?.(error));
  }

  async close(): Promise<void> {
    // Worker.close() waits for the jobs being handled to finish.
    await this.worker?.close();
    await this.queue.close();
    await Promise.allSettled(this.connections.map((c) => c.quit()));
  }
}

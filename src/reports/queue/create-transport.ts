/** BullMQ when the deployment has Redis, PostgreSQL polling otherwise (embedded mode). */
import type { DatabasePool } from 'slonik';
import type { Config } from '../../config.ts';
import { BullmqTransport } from './bullmq-transport.ts';
import { PostgresTransport } from './postgres-transport.ts';
import type { ReportTransport } from './report-transport.ts';

export function createReportTransport(config: Config, db: DatabasePool, onError: (error: unknown) => void): ReportTransport {
  return config.REDIS_URL
    ? new BullmqTransport({
        redisUrl: config.REDIS_URL,
        cluster: config.REDIS_CLUSTER,
        keyPrefix: config.REDIS_KEY_PREFIX,
        lockMs: config.REPORT_LEASE_SECONDS * 1000,
        onError,
      })
    : new PostgresTransport(db, config.REPORT_POLL_INTERVAL_MS, onError);
}

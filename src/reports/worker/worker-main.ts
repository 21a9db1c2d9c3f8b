/**
 * `cli worker reports`: a report worker process. It needs the deployment's PostgreSQL
 * (DATABASE_URL; the embedded mode runs its worker inside the server) and takes job ids from
 * BullMQ when REDIS_URL is set, else polls PostgreSQL. SIGTERM/SIGINT stop it gracefully: no new
 * job is taken, running ones finish within SHUTDOWN_TIMEOUT_MS, and those still running then are
 * handed back to the queue (or, if the database does not answer, their leases run out).
 */
import http from 'node:http';
import { pino } from 'pino';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../../config.ts';
import { createDatabasePool } from '../../db/pool.ts';
import { SchemaWaitTimeoutError, waitForSchema } from '../../db/migrate.ts';
import { createInlineRunner } from '../../compute/runner.ts';
import { POOL_TASKS } from '../../pool-tasks.ts';
import { ReportJobRepository } from '../store/report-jobs.ts';
import { CHROMIUM_INSTALL_HINT, findChromium } from '../pdf/chromium.ts';
import { createReportTransport } from '../queue/create-transport.ts';
import { createReportMetrics } from '../report-metrics.ts';
import { ReportWorker } from './report-worker.ts';
import { Mailer } from '../../mail/mailer.ts';
import { createSmtpTransport } from '../../mail/transport.ts';
import { Notifications } from '../../features/settings/notifications.ts';

export class WorkerStartError extends Error {}

export async function runReportWorker(config: Config, options: { metricsPort?: number | undefined } = {}): Promise<void> {
  const log = pino({ level: config.LOG_LEVEL, base: { role: 'report-worker' } });
  if (!config.DATABASE_URL) throw new WorkerStartError('the report worker needs DATABASE_URL (in embedded mode the server runs its report worker itself)');
  const chromium = findChromium(config.CHROMIUM_PATH);
  if (!chromium) throw new WorkerStartError(`no Chromium found. ${CHROMIUM_INSTALL_HINT}`);
  // A worker never migrates: started beside a rollout whose migrations are still running, it waits for them.
  if (config.SCHEMA_WAIT_SECONDS > 0) {
    await waitForSchema(config.DATABASE_DIRECT_URL ?? config.DATABASE_URL, config.SCHEMA_WAIT_SECONDS * 1000, () =>
      log.info('waiting for the migrations'),
    ).catch((error: unknown) => {
      throw error instanceof SchemaWaitTimeoutError ? new WorkerStartError(error.message) : error;
    });
  }
  const db = await createDatabasePool(config.DATABASE_URL, Math.max(4, config.REPORT_WORKER_CONCURRENCY + 3));
  // The chart and the text take milliseconds next to the PDF: computed on this process's event loop.
  const compute = createInlineRunner(POOL_TASKS);
  const transport = createReportTransport(config, db, (error) => log.error({ err: error }, 'report queue error'));
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const jobs = new ReportJobRepository(db);
  const metrics = createReportMetrics(registry, { countsByStatus: () => jobs.countsByStatus(), depth: () => transport.depth() });
  // E-mails go through the same outbox and SMTP settings as the API's.
  const notifications = new Notifications(db, new Mailer(db, createSmtpTransport(config), config.MAIL_FROM, log));
  // "ready" only once Chromium printed a probe page: a worker that cannot render takes no job.
  const worker: ReportWorker = new ReportWorker({
    config,
    db,
    compute,
    transport,
    chromiumPath: chromium,
    metrics,
    notifications,
    log: (level, message, details) => log[level](details ?? {}, message),
    onReady: () => log.info({ workerId: worker.id, transport: transport.kind, chromium, concurrency: config.REPORT_WORKER_CONCURRENCY }, 'report worker ready'),
  });
  let metricsServer: http.Server | undefined;
  // The signal handlers come before start(): start() resolves only once the worker has announced
  // itself, and it may already be running a job by then, which a stop must hand back, not drop.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
    log.info({ signal }, 'report worker stopping: finishing running jobs');
    setTimeout(() => {
      // Handing back needs the database; if it does not answer, the jobs' leases run out instead.
      const giveUp = setTimeout(() => process.exit(1), 5000);
      worker
        .handBackRunning()
        .then(
          (ids) => {
            log.warn({ jobIds: ids }, 'running jobs did not finish in time; handed back to the queue');
          },
          (error) => log.error({ err: error }, 'could not hand running jobs back; their leases will run out'),
        )
        .finally(() => {
          clearTimeout(giveUp);
          process.exit(1);
        });
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    (async () => {
      await worker.close();
      metricsServer?.close();
      await compute.close();
      await db.end().catch(() => {});
      log.info('report worker stopped');
      process.exit(0);
    })().catch((error) => {
      log.error({ err: error }, 'report worker shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await worker.start();
  if (options.metricsPort !== undefined) {
    metricsServer = http
      .createServer((_req, res) => {
        res.setHeader('content-type', registry.contentType);
        registry.metrics().then(
          (text) => res.end(text),
          () => res.writeHead(500).end(),
        );
      })
      .listen(options.metricsPort, '0.0.0.0');
  }
  if (!worker.ready)
    log.warn({ workerId: worker.id, chromium }, 'report worker started but takes no report until Chromium prints the probe page; trying again at each sweep');
}

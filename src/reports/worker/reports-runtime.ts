/**
 * Reports as the API process sees them: the transport it queues job ids on, whether reports can
 * be made now, and, in `in_process` mode (the embedded default), the worker itself.
 *
 * Why the embedded mode runs its worker in the API process rather than a child process: only the
 * process that owns DATA_DIR uses the embedded database (others ask it through its operator
 * endpoint), so a child worker would make every job write a round trip through the server without
 * isolating anything that matters; Chromium runs out of process in both
 * cases, so the renderer's crashes and memory stay outside the API process, and CPU work of a
 * report (the chart, the text) goes through the same compute pool as the API's.
 */
import type { DatabasePool } from 'slonik';
import type { Registry } from 'prom-client';
import type { Config } from '../../config.ts';
import type { ComputeRunner } from '../../compute/runner.ts';
import { ReportJobRepository } from '../store/report-jobs.ts';
import type { ReportService } from '../http/report-submit.ts';
import { externalAvailability, inProcessAvailability, type ReportAvailability } from '../report-availability.ts';
import { findChromium } from '../pdf/chromium.ts';
import { createReportTransport } from '../queue/create-transport.ts';
import { createReportMetrics } from '../report-metrics.ts';
import { ReportWorker, type WorkerLog } from './report-worker.ts';
import type { Notifications } from '../../features/settings/notifications.ts';

export interface ReportsRuntime {
  service: ReportService;
  availability: ReportAvailability;
  mode: 'in_process' | 'external';
  start(): Promise<void>;
  close(): Promise<void>;
}

export function reportsMode(config: Config): 'in_process' | 'external' {
  if (config.REPORT_WORKER !== 'auto') return config.REPORT_WORKER;
  return config.DATABASE_URL ? 'external' : 'in_process';
}

export function createReportsRuntime(deps: {
  config: Config;
  db: DatabasePool;
  compute: ComputeRunner;
  registry: Registry;
  log: WorkerLog;
  notifications: Notifications;
}): ReportsRuntime {
  const { config, db } = deps;
  const mode = reportsMode(config);
  const transport = createReportTransport(config, db, (error) => deps.log('error', 'report queue error', { err: (error as Error).message }));
  const jobs = new ReportJobRepository(db);
  const metrics = createReportMetrics(deps.registry, { countsByStatus: () => jobs.countsByStatus(), depth: () => transport.depth() });
  const chromium = mode === 'in_process' ? findChromium(config.CHROMIUM_PATH) : null;
  const worker = chromium
    ? new ReportWorker({ config, db, compute: deps.compute, transport, chromiumPath: chromium, log: deps.log, metrics, notifications: deps.notifications })
    : null;
  if (mode === 'in_process' && !chromium) deps.log('warn', 'no Chromium found: reports are refused until one is installed (CHROMIUM_PATH)');
  const availability = mode === 'in_process' ? inProcessAvailability(worker) : externalAvailability(db, Math.max(30, config.REPORT_SWEEP_INTERVAL_SECONDS * 3));
  return {
    mode,
    availability,
    service: {
      availability,
      transport,
      metrics,
      callbackPolicy: { allowLoopback: config.REPORT_CALLBACK_ALLOW_LOOPBACK },
      maxAttempts: config.REPORT_MAX_ATTEMPTS,
      demoBounds: { perAccount: config.REPORT_DEMO_MAX_PER_ACCOUNT, total: config.REPORT_DEMO_MAX_OPEN },
      log: (message, error) => deps.log('warn', message, { err: (error as Error)?.message }),
    },
    async start() {
      await worker?.start();
    },
    async close() {
      if (worker) await worker.close();
      else await transport.close();
    },
  };
}

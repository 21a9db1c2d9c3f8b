/**
 * Prometheus metrics of reports: jobs by state and queue depth (read at scrape time), job
 * duration, PDF size, retries, and callback outcomes. The API process and each worker process
 * register them in their own registry.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export interface ReportMetrics {
  finished(outcome: 'completed' | 'failed', seconds: number | null, pdfBytes: number): void;
  retried(): void;
  callback(outcome: 'delivered' | 'retry' | 'gave_up' | 'refused'): void;
  submitted(charged: boolean): void;
}

export function createReportMetrics(
  registry: Registry,
  readers: { countsByStatus: () => Promise<Record<string, number>>; depth: () => Promise<number> },
): ReportMetrics {
  new Gauge({
    // Every process of a group reads the same rows: merged, one of them stands for all.
    name: 'report_jobs',
    help: 'Report jobs by state (from the database)',
    labelNames: ['state'] as const,
    registers: [registry],
    aggregator: 'max',
    async collect() {
      const counts = await readers.countsByStatus().catch(() => null);
      if (counts) for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'report_queue_depth',
    help: 'Report jobs waiting for a worker',
    registers: [registry],
    aggregator: 'max',
    async collect() {
      const depth = await readers.depth().catch(() => null);
      if (depth !== null) this.set(depth);
    },
  });
  const duration = new Histogram({
    name: 'report_job_duration_seconds',
    help: 'Time a worker took to make one report (last attempt)',
    registers: [registry],
    buckets: [0.25, 0.5, 1, 2, 3, 5, 8, 13, 21, 34, 60, 120],
  });
  const pdfBytes = new Histogram({
    name: 'report_pdf_bytes',
    help: 'Size of the report PDFs made',
    registers: [registry],
    buckets: [50e3, 100e3, 200e3, 400e3, 800e3, 1.6e6, 3.2e6, 6.4e6],
  });
  const outcomes = new Counter({
    name: 'report_jobs_finished_total',
    help: 'Report jobs that reached a final state, by state',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const retries = new Counter({ name: 'report_job_retries_total', help: 'Report attempts that met a transient fault and were retried', registers: [registry] });
  const callbacks = new Counter({
    name: 'report_callbacks_total',
    help: 'Report callback attempts by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const submits = new Counter({
    name: 'report_submissions_total',
    help: 'Report jobs created, by whether a credit was charged',
    labelNames: ['charged'] as const,
    registers: [registry],
  });
  return {
    finished(outcome, seconds, bytes) {
      outcomes.inc({ outcome });
      if (seconds !== null) duration.observe(seconds);
      if (bytes > 0) pdfBytes.observe(bytes);
    },
    retried: () => retries.inc(),
    callback: (outcome) => callbacks.inc({ outcome }),
    submitted: (charged) => submits.inc({ charged: String(charged) }),
  };
}

/**
 * Prometheus metrics: request duration by route template and status, requests in flight,
 * compute pool queue depth and utilisation, authentication failures, rate-limit rejections,
 * idempotency outcomes, the usage-log buffer and its flushes, and the default process metrics.
 */
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ComputeRunner } from '../compute/runner.ts';
import type { UsageLogMetrics } from './usage-log.ts';
import { clusterMetricsText } from './cluster-metrics.ts';

export interface Metrics {
  registry: Registry;
  /** What GET /metrics sends: this registry, or in a process group (SERVICE_PROCESSES > 1) the merge of every process's. */
  text(): Promise<string>;
  authFailures: Counter<'reason'>;
  keyLookups: Counter;
  rateLimitRejections: Counter<'reason'>;
  idempotency: Counter<'outcome'>;
  exportRejections: Counter<'reason'>;
  /** Reads the exports running and their chunks waiting for a compute slot at scrape time. */
  watchExports(stats: () => { active: number; waitingChunks: number }): void;
  usageLog: UsageLogMetrics;
}

export function createMetrics(compute: ComputeRunner): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'compute_pool_queue_depth',
    help: 'Tasks waiting for a compute worker',
    registers: [registry],
    collect() {
      this.set(compute.stats().queueSize);
    },
  });
  new Gauge({
    name: 'compute_pool_utilization',
    help: 'Share of time the compute workers were busy (0-1)',
    registers: [registry],
    aggregator: 'average',
    collect() {
      this.set(compute.stats().utilization);
    },
  });
  new Gauge({
    name: 'compute_pool_threads',
    help: 'Compute worker threads',
    registers: [registry],
    collect() {
      this.set(compute.stats().threads);
    },
  });
  new Gauge({
    name: 'compute_heavy_places_busy',
    help: 'Places of the heavy compute lane taken (searches, timelines, long returns, export chunks)',
    registers: [registry],
    collect() {
      this.set(compute.stats().heavy?.busy ?? 0);
    },
  });
  new Gauge({
    name: 'compute_heavy_waiting',
    help: 'Heavy tasks waiting for a place of the heavy lane (served round-robin between accounts)',
    registers: [registry],
    collect() {
      this.set(compute.stats().heavy?.waiting ?? 0);
    },
  });
  const authFailures = new Counter({
    name: 'auth_failures_total',
    help: 'Requests refused by authentication',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const keyLookups = new Counter({ name: 'api_key_lookups_total', help: 'API keys looked up in the database (key-cache misses)', registers: [registry] });
  const rateLimitRejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429, by limit (quota or rps)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const idempotency = new Counter({
    name: 'idempotency_requests_total',
    help: 'Requests with an Idempotency-Key, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const exportRejections = new Counter({
    name: 'export_rejections_total',
    help: "Exports refused: busy (no place), user_busy (the account's exports), quota (their cost)",
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  let exportStats = () => ({ active: 0, waitingChunks: 0 });
  new Gauge({
    name: 'exports_active',
    help: 'Exports being streamed',
    registers: [registry],
    collect() {
      this.set(exportStats().active);
    },
  });
  new Gauge({
    name: 'export_chunks_waiting',
    help: 'Export chunks waiting for a compute slot',
    registers: [registry],
    collect() {
      this.set(exportStats().waitingChunks);
    },
  });
  const usageLog: UsageLogMetrics = {
    bufferDepth: new Gauge({ name: 'usage_log_buffer_depth', help: 'Usage-log rows waiting to be written', registers: [registry] }),
    flushDuration: new Histogram({
      name: 'usage_log_flush_duration_seconds',
      help: 'Time to write one batch of usage-log rows',
      registers: [registry],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    }),
    flushFailures: new Counter({
      name: 'usage_log_flush_failures_total',
      help: 'Usage-log batches that failed to write (retried later)',
      registers: [registry],
    }),
    droppedRows: new Counter({ name: 'usage_log_dropped_rows_total', help: 'Usage-log rows dropped because the buffer was full', registers: [registry] }),
  };
  const text = cluster.isWorker ? clusterMetricsText(registry) : () => registry.metrics();
  return {
    registry,
    text,
    authFailures,
    keyLookups,
    rateLimitRejections,
    idempotency,
    exportRejections,
    watchExports: (stats) => {
      exportStats = stats;
    },
    usageLog,
  };
}

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route template and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [metrics.registry],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  // Counted in a plain number and read when Prometheus scrapes: the hot path makes no metric call.
  let inFlight = 0;
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'HTTP requests being served',
    registers: [metrics.registry],
    collect() {
      this.set(inFlight);
    },
  });
  // One histogram child per method, route template and status: observing through it skips
  // hashing the label set on every request. The route template, never the raw URL, keeps the
  // label values few.
  const children = new Map<string, { observe(seconds: number): void }>();
  const childFor = (method: string, route: string, status: number) => {
    const id = `${method} ${status} ${route}`;
    let child = children.get(id);
    if (!child) children.set(id, (child = duration.labels({ method, route, status_code: String(status) })));
    return child;
  };

  // Callback hooks: nothing here waits, and an async hook costs a promise on every request.
  // A request ends at its response's `close`, which comes even when the client went away first
  // (onResponse then never runs).
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight++;
    reply.raw.once('close', () => {
      inFlight--;
    });
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Fastify's own clock of the request, started when it arrived.
    childFor(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode).observe(reply.elapsedTime / 1000);
    done();
  });
}

/**
 * Liveness, readiness and the Prometheus endpoint. Readiness says which dependency is down to
 * anyone (load balancers need that much); why it is down, and the metrics, only to operators
 * (operator-access.ts).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type DatabasePool } from 'slonik';
import type { Redis } from 'ioredis';
import type { ComputeRunner } from '../compute/runner.ts';
import type { Metrics } from './metrics.ts';
import { HttpError } from './errors.ts';
import type { OperatorCheck } from './operator-access.ts';
import type { ReportAvailability } from '../reports/report-availability.ts';

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: DatabasePool; compute: ComputeRunner; metrics: Metrics; redis?: Redis | undefined; operator: OperatorCheck; reports?: ReportAvailability },
) {
  app.get('/healthz', { schema: { tags: ['operations'], summary: 'Liveness' } }, async () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: database, Redis (when configured) and compute pool',
        description:
          'Each check is `ok` or `error`; `reports` (`ok` or `unavailable`: no report worker or no Chromium) is shown but does not make the service unready. Operators (OPS_TOKEN, or loopback without one) also see the error text.',
      },
    },
    async (request, reply) => {
      const checks: Record<string, string> = {};
      const errors: Record<string, string> = {};
      const check = async (name: string, probe: () => Promise<boolean>) => {
        try {
          checks[name] = (await probe()) ? 'ok' : 'error';
          if (checks[name] !== 'ok') errors[name] = 'unexpected answer';
        } catch (error) {
          checks[name] = 'error';
          errors[name] = (error as Error).message;
        }
      };
      await check('database', async () => (await deps.db.oneFirst(sql.unsafe`select 1`)) === 1);
      if (deps.redis) await check('redis', async () => (await deps.redis!.ping()) === 'PONG');
      checks.compute_pool = (await deps.compute.ready()) ? 'ok' : 'not ready';
      const ready = Object.values(checks).every((v) => v === 'ok');
      // Reports are one feature among many: without a worker the API still serves everything else, so
      // the component is shown (`ok` or `unavailable`) without taking the process out of rotation.
      if (deps.reports) {
        const reports = await deps.reports.check().catch((error: Error) => ({ ok: false as const, detail: error.message }));
        checks.reports = reports.ok ? 'ok' : 'unavailable';
        if (!reports.ok) errors.reports = reports.detail;
      }
      if (Object.keys(errors).length) request.log.warn({ errors }, 'not ready');
      const detailed = deps.operator(request) === 'operator' && Object.keys(errors).length;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks, ...(detailed ? { errors } : {}) });
    },
  );

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const access = deps.operator(request);
    if (access === 'token_required') throw new HttpError(401, 'Metrics need the operations token', { 'www-authenticate': 'Bearer' });
    if (access === 'loopback_only') throw new HttpError(403, 'Metrics are served to this machine only; set OPS_TOKEN to scrape from elsewhere');
    // In a process group the text comes from the parent, which may be stopping or slow: a scrape
    // to try again, not a server error.
    const text = await deps.metrics.text().catch((error: Error) => {
      throw new HttpError(503, `Metrics are unavailable for now: ${error.message}`, { 'retry-after': '5' });
    });
    return reply.type(deps.metrics.registry.contentType).send(text);
  });
}

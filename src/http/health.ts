/** Liveness, readiness and the Prometheus endpoint. */
import type { FastifyInstance } from 'fastify';
import { sql, type DatabasePool } from 'slonik';
import type { Redis } from 'ioredis';
import type { ComputeRunner } from '../compute/runner.ts';
import type { Metrics } from './metrics.ts';

export function registerHealthRoutes(app: FastifyInstance, deps: { db: DatabasePool; compute: ComputeRunner; metrics: Metrics; redis?: Redis | undefined }) {
  app.get('/healthz', { schema: { tags: ['operations'], summary: 'Liveness' } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { tags: ['operations'], summary: 'Readiness: database, Redis (when configured) and compute pool' } }, async (_request, reply) => {
    const checks: Record<string, string> = {};
    try {
      await deps.db.oneFirst(sql.unsafe`select 1`);
      checks.database = 'ok';
    } catch (error) {
      checks.database = `error: ${(error as Error).message}`;
    }
    if (deps.redis) {
      try {
        checks.redis = (await deps.redis.ping()) === 'PONG' ? 'ok' : 'error: unexpected answer';
      } catch (error) {
        checks.redis = `error: ${(error as Error).message}`;
      }
    }
    checks.compute_pool = (await deps.compute.ready()) ? 'ok' : 'not ready';
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });
}

/**
 * buildApp(deps): the Fastify instance with its plugins and feature routes. No I/O happens at
 * import; everything external arrives through `deps`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import type { Config } from './config.ts';
import type { ComputeRunner } from './compute/runner.ts';
import { registerErrorHandling } from './http/errors.ts';
import { ApiKeyAuthenticator } from './http/api-key-auth.ts';
import { createMetrics, registerRequestMetrics, type Metrics } from './http/metrics.ts';
import { registerHealthRoutes } from './http/health.ts';
import { natalRoutes } from './features/natal/routes.ts';
import { transitRoutes } from './features/transits/routes.ts';
import { numerologyRoutes } from './features/numerology/routes.ts';
import { ephemerisRoutes } from './features/ephemeris/routes.ts';

export interface AppDeps {
  config: Config;
  db: DatabasePool;
  compute: ComputeRunner;
  logger?: boolean | object;
}

export interface App {
  app: FastifyInstance;
  authenticator: ApiKeyAuthenticator;
  metrics: Metrics;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.LOG_LEVEL },
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    // Never trust a client-sent request id in logs; generate our own.
    genReqId: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const metrics = createMetrics(deps.compute);
  registerRequestMetrics(app, metrics);
  const authenticator = new ApiKeyAuthenticator(deps.db, {
    cacheSize: deps.config.KEY_CACHE_SIZE, ttlSeconds: deps.config.KEY_CACHE_TTL_SECONDS,
    onFailure: (reason) => metrics.authFailures.inc({ reason }),
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Astrology Calculation Service', version: '1.0.0', description: 'Natal charts, transits, ephemerides, sky events, chart images and numerology. Authenticate with the `x-api-key` header.' },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerHealthRoutes(app, { db: deps.db, compute: deps.compute, metrics });

  // Everything below needs an API key.
  await app.register(async (calc) => {
    calc.addHook('onRequest', authenticator.hook());
    calc.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ apiKey: [] }] };
    });
    await calc.register(natalRoutes(deps.compute));
    await calc.register(transitRoutes(deps.compute));
    await calc.register(ephemerisRoutes(deps.compute));
  });
  // Numerology routes authenticate per route: the registry's invalid-key status differs.
  await app.register(numerologyRoutes(authenticator));

  return { app, authenticator, metrics };
}

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
import { openRedis, type RedisConnections } from './db/redis.ts';
import { PlanRepository } from './db/plans.ts';
import { registerErrorHandling } from './http/errors.ts';
import { nullMeansAbsent } from './http/null-means-absent.ts';
import { declareValidationErrors, transformOpenApiObject } from './http/openapi.ts';
import { ApiKeyAuthenticator } from './http/api-key-auth.ts';
import { BearerAuthenticator } from './http/bearer-auth.ts';
import { createMetrics, registerRequestMetrics, type Metrics } from './http/metrics.ts';
import { registerHealthRoutes } from './http/health.ts';
import { createPlatformStores } from './http/platform-stores.ts';
import { admitApiRequest, peekForAccount, RateLimiter, registerRateLimitHeaders } from './http/rate-limit.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { KeyRevocations } from './http/key-revocation.ts';
import { registerUsageLog, UsageLogWriter } from './http/usage-log.ts';
import { natalRoutes } from './features/natal/routes.ts';
import { transitRoutes } from './features/transits/routes.ts';
import { numerologyRoutes } from './features/numerology/routes.ts';
import { ephemerisRoutes } from './features/ephemeris/routes.ts';
import { skyEventsRoutes } from './features/sky-events/routes.ts';
import { chartRoutes } from './features/charts/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { keyRoutes } from './features/keys/routes.ts';
import { brandingRoutes } from './features/account/branding-routes.ts';
import { logRoutes } from './features/account/logs-routes.ts';

export interface AppDeps {
  config: Config;
  db: DatabasePool;
  compute: ComputeRunner;
  /** Shared counters and records; when absent, opened from REDIS_URL (and closed with the app), or in-process without it. */
  redis?: RedisConnections;
  logger?: boolean | object;
  /**
   * False builds the same service without its platform layers (API-key auth, rate limits,
   * idempotency, usage log, request metrics): the reference the benchmark measures their cost
   * against. Never false in a deployment: every calculation would be open.
   */
  platformLayers?: boolean;
}

export interface App {
  app: FastifyInstance;
  authenticator: ApiKeyAuthenticator;
  metrics: Metrics;
  rateLimiter: RateLimiter;
  usage: UsageLogWriter;
}

/** Billable routes registered outside the calculation scope (where every POST is billable by default). */
const BILLABLE_ELSEWHERE = new Set(['POST /api/v1/numerology/profile']);
const ACTIVE_SUBSCRIPTION = new Set(['active', 'trialing']);

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
  declareValidationErrors(app);

  const { config } = deps;
  const platform = deps.platformLayers ?? true;
  const metrics = createMetrics(deps.compute);
  if (platform) registerRequestMetrics(app, metrics);

  // The platform layers every API request passes: key auth → rate limit → idempotency → usage log.
  const ownedRedis = !deps.redis && config.REDIS_URL ? openRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX) : undefined;
  const redis = deps.redis ?? ownedRedis;
  const stores = createPlatformStores(redis);
  const rateLimiter = new RateLimiter(stores.rateLimits, (reason) => metrics.rateLimitRejections.inc({ reason }));
  const authenticator = new ApiKeyAuthenticator(deps.db, {
    cacheSize: config.KEY_CACHE_SIZE, ttlSeconds: config.KEY_CACHE_TTL_SECONDS,
    onFailure: (reason) => metrics.authFailures.inc({ reason }),
    admit: admitApiRequest(rateLimiter),
  });
  const revocations = new KeyRevocations(authenticator, stores.rateLimits, config.KEY_CACHE_TTL_SECONDS + 60, redis);
  await revocations.start((message) => app.log.warn(message));
  const usage = new UsageLogWriter(deps.db, {
    batchSize: config.USAGE_FLUSH_BATCH_SIZE, intervalMs: config.USAGE_FLUSH_INTERVAL_MS, maxBuffered: config.USAGE_BUFFER_MAX,
    metrics: metrics.usageLog, log: (message, error) => app.log.error({ err: error }, message),
  });
  const bearer = new BearerAuthenticator({
    jwksUrl: config.AUTH_JWKS_URL, secret: config.AUTH_JWT_SECRET, audience: config.AUTH_JWT_AUDIENCE, issuer: config.AUTH_JWT_ISSUER,
    onFailure: (reason) => metrics.authFailures.inc({ reason: `bearer_${reason}` }),
  });
  if (!config.AUTH_JWKS_URL && !config.AUTH_JWT_SECRET) app.log.warn('neither AUTH_JWKS_URL nor AUTH_JWT_SECRET is set: dashboard endpoints refuse every token');

  app.decorateRequest('principal', undefined);
  app.decorateRequest('account', null);
  if (platform) registerRateLimitHeaders(app, rateLimiter);
  if (platform) registerIdempotency(app, {
    store: stores.idempotency, limiter: rateLimiter,
    options: {
      ttlSeconds: config.IDEMPOTENCY_TTL_SECONDS, lockSeconds: config.IDEMPOTENCY_LOCK_SECONDS, maxResponseBytes: config.IDEMPOTENCY_MAX_RESPONSE_BYTES,
      onOutcome: (outcome) => metrics.idempotency.inc({ outcome }),
    },
  });
  if (platform) registerUsageLog(app, usage);
  // After the server has stopped and in-flight requests are done: nothing buffered is lost.
  app.addHook('onClose', async () => {
    await usage.close();
    await revocations.close();
    await ownedRedis?.close();
  });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => BILLABLE_ELSEWHERE.has(`${m} ${route.url}`))) route.config = { ...route.config, billable: true };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Astrology Calculation Service', version: '1.0.0', description: 'Natal charts, transits, ephemerides, sky events, chart images and numerology. Authenticate with the `x-api-key` header.' },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Dashboard token of the identity provider (or `cli token`).' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: transformOpenApiObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerHealthRoutes(app, { db: deps.db, compute: deps.compute, metrics, redis: redis?.client });

  // Everything below needs an API key. Its POSTs are billable calculations (Idempotency-Key)
  // unless a route says `config: { billable: false }`.
  await app.register(async (calc) => {
    if (platform) calc.addHook('onRequest', authenticator.hook());
    calc.addHook('preValidation', nullMeansAbsent);
    calc.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ apiKey: [] }] };
      if (route.config?.billable === undefined && route.method === 'POST') route.config = { ...route.config, billable: true };
    });
    await calc.register(natalRoutes(deps.compute));
    await calc.register(transitRoutes(deps.compute));
    await calc.register(ephemerisRoutes(deps.compute));
    await calc.register(skyEventsRoutes(deps.compute));
    await calc.register(chartRoutes(deps.compute));
  });
  // Numerology routes authenticate per route: the registry's invalid-key status differs.
  await app.register(numerologyRoutes(authenticator));

  // The dashboard: bearer tokens of the identity provider. Nothing here spends quota, but the
  // responses carry the caller's rate-limit headers.
  const plans = new PlanRepository(deps.db);
  const quotaOf = async (userId: string) => {
    const q = await plans.quotaOfUser(userId);
    if (!q || !ACTIVE_SUBSCRIPTION.has(q.subscription_status) || (q.current_period_end && Date.parse(q.current_period_end) <= Date.now())) return null;
    return { userId, keyId: null, requestLimit: q.request_limit, limitPeriod: q.limit_period, rpsLimit: q.rps_limit };
  };
  await app.register(async (account) => {
    account.addHook('onRequest', bearer.hook());
    const accountRate = peekForAccount(rateLimiter, quotaOf);
    account.addHook('onRequest', accountRate.onRequest);
    account.addHook('onSend', accountRate.onSend);
    account.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
    });
    await account.register(authRoutes(deps.db));
    await account.register(keyRoutes({ db: deps.db, revocations, maxActivePerUser: config.KEYS_MAX_PER_USER }));
    await account.register(brandingRoutes(deps.db));
    await account.register(logRoutes({ db: deps.db, usage }));
  });

  return { app, authenticator, metrics, rateLimiter, usage };
}

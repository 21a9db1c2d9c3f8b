/**
 * buildApp(deps): the Fastify instance with its plugins and feature routes. No I/O happens at
 * import; everything external arrives through `deps`.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifySchema, type FastifySerializerCompiler } from 'fastify';
import swagger from '@fastify/swagger';
import { registerApiReference } from './http/api-reference-page.ts';
import { API_INTRODUCTION, SECURITY_SCHEMES } from './http/openapi-families.ts';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { laxValidatorCompiler } from './http/lax-validation.ts';
import type { DatabasePool } from 'slonik';
import type { Config } from './config.ts';
import type { ComputeRunner } from './compute/runner.ts';
import { openRedis, type RedisConnections } from './db/redis.ts';
import { PlanRepository } from './db/plans.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './http/errors.ts';
import { registerCompression } from './http/compression.ts';
import { noStore, registerCors, registerNoSniff } from './http/browser-headers.ts';
import { requestSerializer } from './http/log-redaction.ts';
import { capConnectionsPerClient, closeSilentConnections, closeAfterEarlyAnswer, serverTimeouts } from './http/connection-limits.ts';
import { nullMeansAbsent } from './http/null-means-absent.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerUnknownFieldWarnings } from './http/unknown-fields.ts';
import { coordinateSpellings } from './http/coordinate-spellings.ts';
import { declareValidationErrors, transformOpenApiObject } from './http/openapi.ts';
import { ApiKeyAuthenticator } from './http/api-key-auth.ts';
import { AuthFailureThrottle } from './http/auth-failure-throttle.ts';
import { BearerAuthenticator } from './http/bearer-auth.ts';
import { createMetrics, registerRequestMetrics, type Metrics } from './http/metrics.ts';
import { registerHealthRoutes } from './http/health.ts';
import { operatorCheck } from './http/operator-access.ts';
import { createPlatformStores, type PlatformStores } from './http/platform-stores.ts';
import { admitApiRequest, peekForAccount, RateLimiter, registerRateLimitHeaders } from './http/rate-limit.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { KeyRevocations } from './http/key-revocation.ts';
import { ExportAdmission } from './http/export-admission.ts';
import { HeavyAdmission } from './http/heavy-admission.ts';
import { registerUsageLog, UsageLogWriter } from './http/usage-log.ts';
import { registerEndpoints } from './http/endpoint-routes.ts';
import { ENDPOINTS } from './features/endpoints.ts';
import { panchangRoutes } from './features/vedic-panchang/vedic-panchang-routes.ts';
import { vedicVisualRoutes } from './features/vedic-visual/vedic-visual-routes.ts';
import { horoscopeRoutes } from './features/horoscope/horoscope-routes.ts';
import { vedicRoutes } from './features/vedic/vedic-routes.ts';
import { vedicStrengthRoutes } from './features/vedic-strength/vedic-strength-routes.ts';
import { vedicYogasRoutes } from './features/vedic-yogas/vedic-yogas-routes.ts';
import { vedicDoshasRoutes } from './features/vedic-doshas/vedic-doshas-routes.ts';
import { vedicMatchRoutes } from './features/vedic-match/vedic-match-routes.ts';
import { vedicGocharRoutes } from './features/vedic-gochar/vedic-gochar-routes.ts';
import { muhurtaRoutes } from './features/vedic-muhurta/vedic-muhurta-routes.ts';
import { forecastRoutes } from './features/forecast/forecast-routes.ts';
import { numerologyRoutes } from './features/numerology/numerology-routes.ts';
import { ephemerisRoutes } from './features/ephemeris/ephemeris-routes.ts';
import { baziRoutes } from './features/bazi/bazi-routes.ts';
import { chineseCalendarRoutes } from './features/chinese-calendar/chinese-calendar-routes.ts';
import { chartRoutes } from './features/charts/charts-routes.ts';
import { geoRoutes } from './features/geo/geo-routes.ts';
import { authRoutes } from './features/auth/auth-routes.ts';
import { keyRoutes } from './features/keys/keys-routes.ts';
import { brandingRoutes } from './features/account/account-branding-routes.ts';
import { logRoutes } from './features/account/account-logs-routes.ts';
import { usageRoutes } from './features/account/account-usage-routes.ts';
import { accountReportRoutes } from './features/account/account-reports-routes.ts';
import { accountReportOrderRoutes } from './features/account/account-report-order-routes.ts';
import { footerPreviewRoutes } from './features/account/account-footer-preview-routes.ts';
import { feedbackStateRoutes } from './features/account/account-feedback-routes.ts';
import { reportCreditRoutes } from './reports/http/report-credit-routes.ts';
import { billingAccountRoutes, billingPublicRoutes, billingSubscriptionRoute } from './features/billing/billing-routes.ts';
import { stripeWebhookRoutes } from './features/billing/billing-webhook-routes.ts';
import { holdsPlan } from './db/subscription-status.ts';
import { settingsRoutes } from './features/settings/settings-routes.ts';
import { createAccountServices, type AccountServices } from './account-services.ts';
import { mcpRoutes } from './features/mcp/mcp-routes.ts';
import { FAMILIES, scopeOf } from './features/mcp/families.ts';
import { publicBaseUrl } from './http/public-base-url.ts';
import { registerForwardedHeaderWarning } from './http/forwarded-headers.ts';
import { OAuthAccessTokens } from './features/oauth/access-tokens.ts';
import { oauthDashboardRoutes } from './features/oauth/oauth-dashboard-routes.ts';
import { GrantRevocations } from './features/oauth/grant-revocation.ts';
import { oauthMaintenance } from './features/oauth/maintenance.ts';
import { RegistrationThrottle } from './features/oauth/registration-throttle.ts';
import { refuseWhileClosing } from './http/shutdown-refusal.ts';
import { oauthRoutes } from './features/oauth/oauth-routes.ts';
import { oauthSettings } from './features/oauth/settings.ts';
import { TokenService } from './features/oauth/oauth-token-service.ts';
import { adminRoutes } from './features/admin/admin-routes.ts';
import { analyticsEventRoutes } from './features/analytics/analytics-routes.ts';
import { verifyEmailRoutes } from './features/auth/auth-verify-email-routes.ts';
import { EmailVerificationLinks } from './features/auth/email-verification.ts';
import type { SendMail } from './mail/send-mail.ts';
import { fingerprintKey } from './http/fingerprint-key.ts';
import { Maintenance } from './db/maintenance.ts';
import { createReportsRuntime } from './reports/worker/reports-runtime.ts';
import { reportRoutes } from './reports/http/report-routes.ts';
import { mountDashboard } from './features/dashboard/dashboard-plugin.ts';
import { oidcSettingsOf } from './features/dashboard/dashboard-oidc-settings.ts';

export interface AppDeps {
  config: Config;
  db: DatabasePool;
  compute: ComputeRunner;
  /** Shared counters and records; when absent, opened from REDIS_URL (and closed with the app), or in-process without it. */
  redis?: RedisConnections;
  logger?: boolean | object;
  /** A pino logger made before the app (`serve` logs the database's start with it); wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
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
  revocations: KeyRevocations;
  /** Where the platform layers keep their shared state (Redis, or this process). */
  stores: PlatformStores;
  /** Billing, mail, notifications, usage alerts and account deletion (the admin API uses them too). */
  accounts: AccountServices;
  maintenance: Maintenance;
}

/** Billable routes registered outside the calculation scope (where every POST is billable by default). */
const BILLABLE_ELSEWHERE = new Set(['POST /api/v1/numerology/profile']);

export async function buildApp(deps: AppDeps): Promise<App> {
  // Request lines show the URL with secret-looking query values redacted.
  const serializers = { req: requestSerializer };
  const logger =
    deps.logger === undefined ? { level: deps.config.LOG_LEVEL, serializers } : typeof deps.logger === 'object' ? { ...deps.logger, serializers } : deps.logger;
  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger }),
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    // `/api/v1/natal/chart` finds `/api/v1/natal/chart/`: the public service's framework redirects
    // one to the other, and clients written against it call either.
    routerOptions: { ignoreTrailingSlash: true },
    // Never trust a client-sent request id in logs; generate our own.
    genReqId: undefined,
    // Client addresses (rate of failed key lookups) from X-Forwarded-For only behind trusted proxies.
    trustProxy: deps.config.TRUST_PROXY,
    // Errors answered before any route runs keep the API's {detail} shape.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    ...serverTimeouts(deps.config),
    // Requests refused while closing get the API's own 503 shape (shutdown-refusal.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(laxValidatorCompiler);
  // The provider types its compiler through a fastify path its package does not export (it reads as an error type).
  app.setSerializerCompiler(serializerCompiler as FastifySerializerCompiler<FastifySchema>);
  registerErrorHandling(app);
  refuseWhileClosing(app);
  registerJsonBodyParser(app);
  declareValidationErrors(app);
  registerUnknownFieldWarnings(app);
  registerForwardedHeaderWarning(app);
  // lon, long, longitude and latitude read as lng and lat on every route that has them.
  app.addHook('preValidation', coordinateSpellings);
  // Before every route: the plugin hooks each route as it is declared.
  await registerCompression(app);

  const { config } = deps;
  capConnectionsPerClient(app.server, config.MAX_CONNECTIONS_PER_CLIENT);
  closeSilentConnections(app.server, config.IDLE_TIMEOUT_MS);
  app.addHook('onSend', closeAfterEarlyAnswer);
  registerNoSniff(app);
  await registerCors(app, config.CORS_ORIGINS);
  const platform = deps.platformLayers ?? true;
  const metrics = createMetrics(deps.compute);
  if (platform) registerRequestMetrics(app, metrics);

  // The platform layers every API request passes: key auth → rate limit → idempotency → usage log.
  const ownedRedis = !deps.redis && config.REDIS_URL ? openRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, config.REDIS_CLUSTER) : undefined;
  const redis = deps.redis ?? ownedRedis;
  const stores = createPlatformStores(redis, { idempotencyBytesPerUser: config.IDEMPOTENCY_MAX_BYTES_PER_USER });
  const rateLimiter = new RateLimiter(stores.rateLimits, (reason) => metrics.rateLimitRejections.inc({ reason }));
  // One count of failed lookups per client address, for API keys and OAuth access tokens alike.
  const authFailures = new AuthFailureThrottle(config.AUTH_FAILURES_PER_MINUTE, redis);
  const authenticator = new ApiKeyAuthenticator(deps.db, {
    cacheSize: config.KEY_CACHE_SIZE,
    ttlSeconds: config.KEY_CACHE_TTL_SECONDS,
    onFailure: (reason) => metrics.authFailures.inc({ reason }),
    onLookup: () => metrics.keyLookups.inc(),
    throttle: authFailures,
    admit: admitApiRequest(rateLimiter),
  });
  const revocations = new KeyRevocations(authenticator, stores.rateLimits, config.KEY_CACHE_TTL_SECONDS + 60, redis, (message) => app.log.warn(message));
  await revocations.start();
  const accounts = createAccountServices({ config, db: deps.db, log: app.log, rateLimiter, revocations, idempotency: stores.idempotency });
  // OAuth for MCP clients: the issuer and the resource are named after the public base URL.
  const baseUrl = publicBaseUrl(config, () => app.server);
  const oauth = oauthSettings(config, baseUrl);
  const grantRevocations = new GrantRevocations(stores.rateLimits, config.KEY_CACHE_TTL_SECONDS + 60, redis);
  await grantRevocations.start((message) => app.log.warn(message));
  const accessTokens = new OAuthAccessTokens(deps.db, baseUrl, {
    cacheSize: config.KEY_CACHE_SIZE,
    ttlSeconds: config.KEY_CACHE_TTL_SECONDS,
    revocations: grantRevocations,
    throttle: authFailures,
  });
  const tokenService = new TokenService(deps.db, oauth, grantRevocations);
  const maintenance = oauthMaintenance(deps.db, (error) => app.log.warn({ err: error }, 'OAuth clean-up failed'));
  const usage = new UsageLogWriter(deps.db, {
    batchSize: config.USAGE_FLUSH_BATCH_SIZE,
    intervalMs: config.USAGE_FLUSH_INTERVAL_MS,
    maxBuffered: config.USAGE_BUFFER_MAX,
    rollups: config.USAGE_ROLLUPS,
    metrics: metrics.usageLog,
    log: (message, error) => app.log.error({ err: error }, message),
    onWritten: (userIds) => accounts.usageAlerts.written(userIds),
  });
  const exports = new ExportAdmission({
    rowsPerUnit: config.EXPORT_ROWS_PER_UNIT,
    maxConcurrent: config.EXPORT_MAX_CONCURRENT,
    maxPerUser: config.EXPORT_MAX_PER_USER,
    // By default one slot per worker thread and one more: the workers stay busy, and a chart
    // waits behind at most about one chunk per thread.
    computeSlots: config.EXPORT_COMPUTE_SLOTS || Math.max(1, deps.compute.stats().threads) + 1,
    limiter: platform ? rateLimiter : undefined,
    onReject: (reason) => metrics.exportRejections.inc({ reason }),
  });
  metrics.watchExports(() => exports.stats());
  // Heavy work (searches, timelines, long returns…): the places of an account across processes, and its cost by compute.
  const heavy = new HeavyAdmission({
    leases: stores.heavyLeases,
    limiter: platform ? rateLimiter : undefined,
    maxPerAccount: config.HEAVY_MAX_PER_ACCOUNT,
    maxPerAccountByPlan: config.HEAVY_MAX_PER_ACCOUNT_BY_PLAN,
    msPerUnit: config.HEAVY_MS_PER_UNIT,
  });
  const bearer = new BearerAuthenticator({
    jwksUrl: config.AUTH_JWKS_URL,
    secret: config.AUTH_JWT_SECRET,
    audience: config.AUTH_JWT_AUDIENCE,
    issuer: config.AUTH_JWT_ISSUER,
    maxLifetimeSeconds: config.AUTH_JWT_MAX_LIFETIME_SECONDS,
    onFailure: (reason) => metrics.authFailures.inc({ reason: `bearer_${reason}` }),
    isDeleted: (userId) => accounts.deletions.isDeleted(userId),
  });
  if (!config.AUTH_JWKS_URL && !config.AUTH_JWT_SECRET)
    app.log.warn('neither AUTH_JWKS_URL nor AUTH_JWT_SECRET is set: dashboard endpoints refuse every token');
  // A generated secret is known to this service alone: no other application's tokens can carry it.
  else if (!config.jwtSecretGenerated && (!config.AUTH_JWT_AUDIENCE || !config.AUTH_JWT_ISSUER)) {
    const unset = [
      ['AUTH_JWT_AUDIENCE', config.AUTH_JWT_AUDIENCE, 'audience'],
      ['AUTH_JWT_ISSUER', config.AUTH_JWT_ISSUER, 'issuer'],
    ].filter(([, value]) => !value);
    app.log.warn(
      `${unset.map(([name]) => name).join(' and ')} not set: dashboard tokens of any ${unset.map(([, , claim]) => claim).join(' and ')} are accepted (tokens the identity provider made for other applications too); set them in production`,
    );
  }

  app.decorateRequest('principal', undefined);
  app.decorateRequest('account', null);
  if (platform) registerRateLimitHeaders(app, rateLimiter);
  if (platform)
    registerIdempotency(app, {
      store: stores.idempotency,
      limiter: rateLimiter,
      options: {
        ttlSeconds: config.IDEMPOTENCY_TTL_SECONDS,
        lockSeconds: config.IDEMPOTENCY_LOCK_SECONDS,
        maxResponseBytes: config.IDEMPOTENCY_MAX_RESPONSE_BYTES,
        fingerprintKey: fingerprintKey(config, app.log),
        onOutcome: (outcome) => metrics.idempotency.inc({ outcome }),
      },
    });
  if (platform) registerUsageLog(app, usage);
  // The raw usage log's retention and the rollups' upkeep, on a timer of their own.
  const dbMaintenance = new Maintenance(deps.db, {
    retentionDays: config.USAGE_LOG_RETENTION_DAYS,
    intervalSeconds: config.MAINTENANCE_INTERVAL_SECONDS,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  dbMaintenance.start();
  // Deletions left unfinished (Stripe was down, a process stopped) are taken up again by polling.
  app.addHook('onReady', async () => accounts.deletions.start());
  // After the server has stopped and in-flight requests are done: nothing buffered is lost. This
  // hook can run before Fastify's own, which closes the server: it closes the server itself (Node
  // waits for open connections to end) so that the requests still running are logged and keep
  // their Redis until they are done.
  app.addHook('onClose', async () => {
    if (app.server.listening) await new Promise<void>((resolve) => app.server.close(() => resolve()));
    await dbMaintenance.close();
    await usage.close();
    await accounts.close();
    maintenance.stop();
    await reports.close();
    await revocations.close();
    await grantRevocations.close();
    await ownedRedis?.close();
  });
  const routeTemplates = new Set<string>();
  app.addHook('onRoute', (route) => {
    routeTemplates.add(route.url);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => BILLABLE_ELSEWHERE.has(`${m} ${route.url}`))) route.config = { ...route.config, billable: true };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Astrology Calculation Service', version: '1.0.0', description: API_INTRODUCTION },
      components: { securitySchemes: SECURITY_SCHEMES(Object.fromEntries(FAMILIES.map((f) => [scopeOf(f), `The ${f} tools`]))) },
    },
    transform: jsonSchemaTransform,
    transformObject: transformOpenApiObject,
  });
  await registerApiReference(app, { publicBaseUrl: config.PUBLIC_BASE_URL });

  // Report jobs: queued here, made by a worker (in this process in embedded mode, else `cli worker reports`).
  const reports = createReportsRuntime({
    config,
    db: deps.db,
    compute: deps.compute,
    registry: metrics.registry,
    notifications: accounts.notifications,
    log: (level, message, details) => app.log[level](details ?? {}, message),
  });
  app.addHook('onReady', async () => reports.start());
  registerHealthRoutes(app, {
    db: deps.db,
    compute: deps.compute,
    metrics,
    redis: redis?.client,
    operator: operatorCheck(config.OPS_TOKEN),
    reports: reports.availability,
  });

  // Everything below needs an API key. Its POSTs are billable calculations (Idempotency-Key)
  // unless a route says `config: { billable: false }`.
  await app.register(async (calc) => {
    if (platform) calc.addHook('onRequest', authenticator.hook());
    calc.addHook('preValidation', nullMeansAbsent);
    calc.addHook('preHandler', heavy.hook());
    calc.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ apiKey: [] }] };
      if (route.config?.billable === undefined && route.method === 'POST') route.config = { ...route.config, billable: true };
    });
    registerEndpoints(calc, ENDPOINTS, { compute: deps.compute, services: { reports: { db: deps.db, service: reports.service } } });
    await calc.register(baziRoutes(deps.compute));
    await calc.register(chineseCalendarRoutes(deps.compute));
    await calc.register(panchangRoutes(deps.compute));
    await calc.register(vedicVisualRoutes(deps.compute));
    await calc.register(vedicRoutes(deps.compute));
    await calc.register(vedicStrengthRoutes(deps.compute));
    await calc.register(vedicYogasRoutes(deps.compute));
    await calc.register(vedicDoshasRoutes(deps.compute));
    await calc.register(vedicMatchRoutes(deps.compute));
    await calc.register(vedicGocharRoutes(deps.compute));
    await calc.register(muhurtaRoutes(deps.compute));
    await calc.register(horoscopeRoutes(deps.compute));
    await calc.register(forecastRoutes(deps.compute));
    await calc.register(ephemerisRoutes({ compute: deps.compute, exports }));
    await calc.register(chartRoutes(deps.compute));
    await calc.register(geoRoutes);
    await calc.register(reportCreditRoutes(deps.db));
    await calc.register(reportRoutes(deps.db, config));
  });
  // Numerology routes authenticate per route: the registry's invalid-key status differs.
  await app.register(numerologyRoutes(authenticator));
  // Public: the catalogue, and Stripe's webhook (authenticated by its signature).
  await app.register(billingPublicRoutes(accounts.billing));
  await app.register(
    stripeWebhookRoutes({
      db: deps.db,
      stripe: accounts.stripe,
      billing: accounts.billing,
      secrets: config.STRIPE_WEBHOOK_SECRETS,
      toleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    }),
  );

  // MCP for AI clients: an API key or an OAuth access token; each tools/call is billed like a REST call.
  await app.register(
    mcpRoutes({
      compute: deps.compute,
      authenticator,
      rateLimiter,
      heavy,
      usage,
      baseUrl,
      allowedOrigins: config.MCP_ALLOWED_ORIGINS,
      bearer: accessTokens,
      onAuthFailure: (reason) => metrics.authFailures.inc({ reason: `mcp_${reason}` }),
    }),
  );
  // The authorization server of the MCP endpoint (its dashboard side is with the account routes).
  const registrations = new RegistrationThrottle(
    { perAddress: config.OAUTH_REGISTRATIONS_PER_ADDRESS_PER_HOUR, total: config.OAUTH_REGISTRATIONS_PER_HOUR },
    redis,
  );
  await app.register(oauthRoutes({ db: deps.db, settings: oauth, tokens: tokenService, apiKeys: authenticator, dashboard: bearer, registrations }));

  // The dashboard: bearer tokens of the identity provider. Nothing here spends quota, but the
  // responses carry the caller's rate-limit headers.
  const plans = new PlanRepository(deps.db);
  const quotaOf = async (userId: string) => {
    const q = await plans.quotaOfUser(userId);
    if (!q || !holdsPlan(q.subscription_status) || (q.current_period_end && Date.parse(q.current_period_end) <= Date.now())) return null;
    return { userId, keyId: null, requestLimit: q.request_limit, limitPeriod: q.limit_period, rpsLimit: q.rps_limit };
  };
  // The dashboard's pages and its sign-in: a session cookie stands in for the bearer token there.
  const dashboard = await mountDashboard(app, {
    db: deps.db,
    redis,
    baseUrl,
    mailer: accounts.mailer,
    isDeleted: (userId) => accounts.deletions.isDeleted(userId),
    oidc: oidcSettingsOf(config, baseUrl),
  });
  await app.register(async (account) => {
    account.addHook('onSend', noStore);
    account.addHook('onRequest', dashboard.accountAuth(bearer.hook()));
    const accountRate = peekForAccount(rateLimiter, quotaOf);
    account.addHook('onRequest', accountRate.onRequest);
    account.addHook('onSend', accountRate.onSend);
    account.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
    });
    await account.register(authRoutes(deps.db));
    await account.register(keyRoutes({ db: deps.db, revocations, maxActivePerUser: config.KEYS_MAX_PER_USER }));
    await account.register(brandingRoutes({ db: deps.db, compute: deps.compute }));
    await account.register(logRoutes({ db: deps.db, usage }));
    await account.register(usageRoutes({ db: deps.db, usage }));
    await account.register(accountReportRoutes(deps.db));
    await account.register(accountReportOrderRoutes({ db: deps.db, compute: deps.compute, service: reports.service }));
    await account.register(footerPreviewRoutes(deps.db));
    await account.register(feedbackStateRoutes({ db: deps.db, usage }));
    await account.register(billingAccountRoutes({ db: deps.db, billing: accounts.billing }));
    await account.register(billingSubscriptionRoute({ billing: accounts.billing }));
    await account.register(settingsRoutes({ db: deps.db, deletions: accounts.deletions }));
    await account.register(oauthDashboardRoutes({ db: deps.db, settings: oauth, revocations: grantRevocations }));
    await account.register(analyticsEventRoutes(deps.db));
  });

  // E-mail links carry their own signature: no other credential.
  const linkSecret = config.EMAIL_LINK_SECRET ?? config.AUTH_JWT_SECRET;
  const links = linkSecret
    ? new EmailVerificationLinks(
        { linkSecret: config.EMAIL_LINK_SECRET, jwtSecret: config.AUTH_JWT_SECRET },
        {
          baseUrl,
          ttlSeconds: Math.round(config.EMAIL_VERIFICATION_TTL_HOURS * 3600),
        },
      )
    : null;
  await app.register(verifyEmailRoutes({ db: deps.db, links }));
  // A verification link held in the outbox helps nobody: without SMTP the operator is told (503),
  // and a message SMTP refused is a failure to log, not a success.
  const sendVerificationMail: SendMail = async (mail) => {
    const outcome = await accounts.mailer.send({ ...mail, kind: 'email_verification' });
    if (outcome.status !== 'sent') throw new Error(`the verification e-mail was ${outcome.status} (outbox id ${outcome.id})`);
  };

  // The operators: their own login and tokens, nothing shared with keys or dashboard tokens.
  await app.register(
    adminRoutes({
      config,
      db: deps.db,
      redis,
      usage,
      routes: routeTemplates,
      links,
      sendMail: accounts.mailer.sendsEmail ? sendVerificationMail : null,
      deletions: accounts.deletions,
      onAuthFailure: (reason) => metrics.authFailures.inc({ reason }),
    }),
  );

  return { app, authenticator, metrics, rateLimiter, usage, revocations, stores, accounts, maintenance: dbMaintenance };
}

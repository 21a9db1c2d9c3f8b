/**
 * buildApp(deps): the Fastify instance with its plugins and feature routes. No I/O happens at
 * import; everything external arrives through `deps`. The rules each part follows live in the
 * modules it names: this file only wires them together.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DatabasePool } from 'slonik';
import type { Config } from './config.ts';
import type { ComputeRunner } from './compute/runner.ts';
import type { RedisConnections } from './db/redis.ts';
import { Maintenance } from './db/maintenance.ts';
import { createFastify } from './http/fastify-instance.ts';
import { createPlatformLayers, registerPlatformHooks } from './http/platform-layers.ts';
import { calculationScope } from './http/calculation-scope.ts';
import { accountScope } from './http/account-scope.ts';
import { registerOpenApi } from './http/openapi-document.ts';
import { warnAboutDashboardTokens } from './http/dashboard-token-warnings.ts';
import type { ApiKeyAuthenticator } from './http/api-key-auth.ts';
import { BearerAuthenticator } from './http/bearer-auth.ts';
import { createMetrics, registerRequestMetrics, type Metrics } from './http/metrics.ts';
import { registerHealthRoutes } from './http/health.ts';
import { operatorCheck } from './http/operator-access.ts';
import type { PlatformStores } from './http/platform-stores.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { KeyRevocations } from './http/key-revocation.ts';
import type { UsageLogWriter } from './http/usage-log.ts';
import { publicBaseUrl } from './http/public-base-url.ts';
import { registerEndpoints } from './http/endpoint-routes.ts';
import { ENDPOINTS } from './features/endpoints.ts';
import { numerologyRoutes } from './features/numerology/numerology-routes.ts';
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
import { settingsRoutes } from './features/settings/settings-routes.ts';
import { createAccountServices, type AccountServices } from './account-services.ts';
import { mcpRoutes } from './features/mcp/mcp-routes.ts';
import { FAMILIES, scopeOf } from './features/mcp/families.ts';
import { createOAuthRuntime } from './features/oauth/oauth-runtime.ts';
import { oauthDashboardRoutes } from './features/oauth/oauth-dashboard-routes.ts';
import { oauthRoutes } from './features/oauth/oauth-routes.ts';
import { adminRoutes } from './features/admin/admin-routes.ts';
import { analyticsEventRoutes } from './features/analytics/analytics-routes.ts';
import { verifyEmailRoutes } from './features/auth/auth-verify-email-routes.ts';
import { verificationLinksOf, verificationMailSender } from './features/auth/email-verification.ts';
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
  const { config, db, compute } = deps;
  const app = await createFastify(config, deps);
  const platform = deps.platformLayers ?? true;
  const metrics = createMetrics(compute);
  if (platform) registerRequestMetrics(app, metrics);

  // The platform layers every API request passes: key auth → rate limit → idempotency → usage log.
  const layers = await createPlatformLayers({
    app,
    config,
    db,
    compute,
    redis: deps.redis,
    metrics,
    platform,
    onUsageWritten: (userIds) => accounts.usageAlerts.written(userIds),
  });
  const { redis, rateLimiter, authenticator, revocations, usage, stores } = layers;
  const accounts = createAccountServices({ config, db, log: app.log, rateLimiter, revocations, idempotency: stores.idempotency });
  // OAuth for MCP clients: the issuer and the resource are named after the public base URL.
  const baseUrl = publicBaseUrl(config, () => app.server);
  const oauth = await createOAuthRuntime({ config, db, baseUrl, rateLimits: stores.rateLimits, redis, authFailures: layers.authFailures, log: app.log });
  const bearer = new BearerAuthenticator({
    jwksUrl: config.AUTH_JWKS_URL,
    secret: config.AUTH_JWT_SECRET,
    audience: config.AUTH_JWT_AUDIENCE,
    issuer: config.AUTH_JWT_ISSUER,
    maxLifetimeSeconds: config.AUTH_JWT_MAX_LIFETIME_SECONDS,
    onFailure: (reason) => metrics.authFailures.inc({ reason: `bearer_${reason}` }),
    isDeleted: (userId) => accounts.deletions.isDeleted(userId),
  });
  warnAboutDashboardTokens(config, app.log);

  app.decorateRequest('principal', undefined);
  app.decorateRequest('account', null);
  if (platform) registerPlatformHooks(app, layers, config, metrics);
  // The raw usage log's retention and the rollups' upkeep, on a timer of their own.
  const dbMaintenance = new Maintenance(db, {
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
    await reports.close();
    await revocations.close();
    await oauth.close();
    await layers.ownedRedis?.close();
  });
  const routeTemplates = new Set<string>();
  app.addHook('onRoute', (route) => {
    routeTemplates.add(route.url);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => BILLABLE_ELSEWHERE.has(`${m} ${route.url}`))) route.config = { ...route.config, billable: true };
  });
  await registerOpenApi(app, config, Object.fromEntries(FAMILIES.map((f) => [scopeOf(f), `The ${f} tools`])));

  // Report jobs: queued here, made by a worker (in this process in embedded mode, else `cli worker reports`).
  const reports = createReportsRuntime({
    config,
    db,
    compute,
    registry: metrics.registry,
    notifications: accounts.notifications,
    log: (level, message, details) => app.log[level](details ?? {}, message),
  });
  app.addHook('onReady', async () => reports.start());
  registerHealthRoutes(app, { db, compute, metrics, redis: redis?.client, operator: operatorCheck(config.OPS_TOKEN), reports: reports.availability });

  // The calculations: an API key each, billed per request (calculation-scope.ts).
  await app.register(
    calculationScope({
      authenticate: platform ? authenticator.hook() : undefined,
      heavy: layers.heavy,
      routes: async (calc) => {
        registerEndpoints(calc, ENDPOINTS, { compute, services: { reports: { db, service: reports.service }, exports: layers.exports } });
        await calc.register(geoRoutes);
        await calc.register(reportCreditRoutes(db));
        await calc.register(reportRoutes(db, config));
      },
    }),
  );
  // Numerology routes authenticate per route: the registry's invalid-key status differs.
  await app.register(numerologyRoutes(authenticator));
  // Public: the catalogue, and Stripe's webhook (authenticated by its signature).
  await app.register(billingPublicRoutes(accounts.billing));
  await app.register(
    stripeWebhookRoutes({
      db,
      stripe: accounts.stripe,
      billing: accounts.billing,
      secrets: config.STRIPE_WEBHOOK_SECRETS,
      toleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    }),
  );

  // MCP for AI clients: an API key or an OAuth access token; each tools/call is billed like a REST call.
  await app.register(
    mcpRoutes({
      compute,
      authenticator,
      rateLimiter,
      heavy: layers.heavy,
      usage,
      baseUrl,
      allowedOrigins: config.MCP_ALLOWED_ORIGINS,
      bearer: oauth.accessTokens,
      onAuthFailure: (reason) => metrics.authFailures.inc({ reason: `mcp_${reason}` }),
    }),
  );
  // The authorization server of the MCP endpoint (its dashboard side is with the account routes).
  await app.register(
    oauthRoutes({ db, settings: oauth.settings, tokens: oauth.tokens, apiKeys: authenticator, dashboard: bearer, registrations: oauth.registrations }),
  );

  // The dashboard's pages and its sign-in: a session cookie stands in for the bearer token there.
  const dashboard = await mountDashboard(app, {
    db,
    redis,
    baseUrl,
    mailer: accounts.mailer,
    isDeleted: (userId) => accounts.deletions.isDeleted(userId),
    oidc: oidcSettingsOf(config, baseUrl),
  });
  // The dashboard's API: bearer tokens of the identity provider (account-scope.ts).
  await app.register(
    accountScope({
      db,
      rateLimiter,
      authenticate: dashboard.accountAuth(bearer.hook()),
      routes: async (account) => {
        await account.register(authRoutes(db));
        await account.register(keyRoutes({ db, revocations, maxActivePerUser: config.KEYS_MAX_PER_USER }));
        await account.register(brandingRoutes({ db, compute }));
        await account.register(logRoutes({ db, usage }));
        await account.register(usageRoutes({ db, usage }));
        await account.register(accountReportRoutes(db));
        await account.register(accountReportOrderRoutes({ db, compute, service: reports.service }));
        await account.register(footerPreviewRoutes(db));
        await account.register(feedbackStateRoutes({ db, usage }));
        await account.register(billingAccountRoutes({ db, billing: accounts.billing }));
        await account.register(billingSubscriptionRoute({ billing: accounts.billing }));
        await account.register(settingsRoutes({ db, deletions: accounts.deletions }));
        await account.register(oauthDashboardRoutes({ db, settings: oauth.settings, revocations: oauth.revocations }));
        await account.register(analyticsEventRoutes(db));
      },
    }),
  );

  // E-mail links carry their own signature: no other credential.
  const links = verificationLinksOf(config, baseUrl);
  await app.register(verifyEmailRoutes({ db, links }));
  // The operators: their own login and tokens, nothing shared with keys or dashboard tokens.
  await app.register(
    adminRoutes({
      config,
      db,
      redis,
      usage,
      routes: routeTemplates,
      links,
      sendMail: verificationMailSender(accounts.mailer),
      deletions: accounts.deletions,
      onAuthFailure: (reason) => metrics.authFailures.inc({ reason }),
    }),
  );

  return { app, authenticator, metrics, rateLimiter, usage, revocations, stores, accounts, maintenance: dbMaintenance };
}

/**
 * Every admin path: the login (open) and, behind the operator token, logout and the rest. API keys
 * and dashboard tokens never open anything here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import type { Config } from '../../config.ts';
import type { RedisConnections } from '../../db/redis.ts';
import { AdminAuthenticator } from '../../http/admin-auth.ts';
import { AdminCredentials } from './credentials.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { loginRoutes, logoutRoutes } from './admin-login-routes.ts';
import { usersRoutes } from './admin-users-routes.ts';
import { statsRoutes } from './admin-stats-routes.ts';
import { analyticsRoutes } from './admin-analytics-routes.ts';
import { verificationRoutes } from './admin-verification-routes.ts';
import { revenueRoutes } from './admin-revenue-routes.ts';
import { reportCreditsRoutes } from './admin-report-credits-routes.ts';
import type { EmailVerificationLinks } from '../auth/email-verification.ts';
import type { SendMail } from '../../mail/send-mail.ts';
import type { UsageLogWriter } from '../../http/usage-log.ts';
import type { AccountDeletions } from '../settings/account-deletion.ts';

export interface AdminDeps {
  config: Config;
  db: DatabasePool;
  redis?: RedisConnections;
  usage: UsageLogWriter;
  /** Route templates of the whole service (what `endpoint` of the statistics may name). */
  routes: ReadonlySet<string>;
  onAuthFailure?: (reason: string) => void;
  links: EmailVerificationLinks | null;
  sendMail: SendMail | null;
  /** The account deletion job the dashboard's own deletion uses (billing stops first). */
  deletions: AccountDeletions;
}

export const adminRoutes =
  (deps: AdminDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { config } = deps;
    const credentials = new AdminCredentials({ username: config.ADMIN_USERNAME, passwordHash: config.ADMIN_PASSWORD_HASH });
    const throttle = createLoginThrottle(
      {
        windowSeconds: config.ADMIN_LOGIN_WINDOW_SECONDS,
        maxFailuresPerName: config.ADMIN_LOGIN_MAX_FAILURES_PER_NAME,
        maxFailuresPerAddress: config.ADMIN_LOGIN_MAX_FAILURES_PER_ADDRESS,
        maxFailuresTotal: config.ADMIN_LOGIN_MAX_FAILURES_TOTAL,
      },
      deps.redis,
    );
    await app.register(loginRoutes({ db: deps.db, credentials, throttle, sessionTtlSeconds: config.ADMIN_SESSION_TTL_SECONDS, onFailure: deps.onAuthFailure }));

    const authenticator = new AdminAuthenticator(deps.db, { enabled: () => credentials.enabled, onFailure: deps.onAuthFailure });
    await app.register(async (admin) => {
      admin.addHook('onRequest', authenticator.hook());
      admin.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, security: [{ adminBearer: [] }] };
      });
      await admin.register(logoutRoutes(deps.db));
      await admin.register(usersRoutes({ db: deps.db, usage: deps.usage, deletions: deps.deletions }));
      await admin.register(statsRoutes({ db: deps.db, routes: deps.routes }));
      await admin.register(verificationRoutes({ db: deps.db, links: deps.links, sendMail: deps.sendMail }));
      await admin.register(revenueRoutes(deps.db));
      await admin.register(reportCreditsRoutes(deps.db));
      await admin.register(analyticsRoutes({ db: deps.db, cacheMaxEntries: config.ANALYTICS_CACHE_MAX_ENTRIES }));
    });
  };

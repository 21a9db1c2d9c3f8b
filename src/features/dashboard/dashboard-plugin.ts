/**
 * The dashboard as the app mounts it: the cookie parser, the sign-in and session endpoints, the
 * pages, and the authentication of the account endpoints (bearer token or session cookie).
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabasePool } from 'slonik';
import type { RedisConnections } from '../../db/redis.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { DashboardSignIn, SIGN_IN_DEFAULTS } from './dashboard-sign-in-service.ts';
import { SignInThrottle, type SignInLimits } from './dashboard-sign-in-throttle.ts';
import { sessionOrBearer } from './dashboard-session-auth.ts';
import { dashboardSessionRoutes } from './dashboard-session-routes.ts';
import { dashboardStaticRoutes } from './dashboard-static-routes.ts';
import { DashboardOidc, type OidcSettings } from './dashboard-oidc.ts';
import { dashboardOidcRoutes } from './dashboard-oidc-routes.ts';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface DashboardDeps {
  db: DatabasePool;
  redis?: RedisConnections;
  baseUrl: () => string;
  mailer: Mailer;
  isDeleted: (userId: string) => Promise<boolean>;
  limits?: SignInLimits;
  /** The operator's OpenID Connect provider, when one is configured. */
  oidc?: OidcSettings | null;
}

export async function mountDashboard(app: FastifyInstance, deps: DashboardDeps) {
  await app.register(cookie);
  const signIn = new DashboardSignIn(deps.db, {
    ...SIGN_IN_DEFAULTS,
    baseUrl: deps.baseUrl,
    sendMail: (message) => deps.mailer.send(message),
  });
  const throttle = new SignInThrottle(deps.redis, deps.limits);
  await app.register(
    dashboardSessionRoutes({
      signIn,
      throttle,
      challengeTtlSeconds: SIGN_IN_DEFAULTS.challengeTtlSeconds,
      sessionTtlSeconds: SIGN_IN_DEFAULTS.sessionTtlSeconds,
      isDeleted: deps.isDeleted,
    }),
  );
  await app.register(
    dashboardOidcRoutes({
      oidc: deps.oidc ? new DashboardOidc(deps.oidc) : null,
      signIn,
      sessionTtlSeconds: SIGN_IN_DEFAULTS.sessionTtlSeconds,
      log: (error, message) => app.log.warn({ err: error }, message),
    }),
  );
  await app.register(dashboardStaticRoutes());
  return {
    /** The account endpoints' onRequest hook: the bearer token's when one is sent, else the session's. */
    accountAuth: (bearer: Hook) => sessionOrBearer(signIn, bearer, deps.isDeleted),
  };
}

/**
 * The authorization server of the MCP endpoint, as one object: its settings (issuer and resource
 * named after the public base URL), the access tokens MCP requests carry, the token service, the
 * revocation of grants across processes, the throttle of client registrations and the clean-up of
 * expired records.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabasePool } from 'slonik';
import type { Config } from '../../config.ts';
import type { RedisConnections } from '../../db/redis.ts';
import type { AuthFailureThrottle } from '../../http/auth-failure-throttle.ts';
import type { RateLimitStore } from '../../http/rate-limit-store.ts';
import type { PublicBaseUrl } from '../../http/public-base-url.ts';
import { OAuthAccessTokens } from './access-tokens.ts';
import { GrantRevocations } from './grant-revocation.ts';
import { oauthMaintenance } from './maintenance.ts';
import { TokenService } from './oauth-token-service.ts';
import { RegistrationThrottle } from './registration-throttle.ts';
import { oauthSettings } from './settings.ts';

export async function createOAuthRuntime(deps: {
  config: Config;
  db: DatabasePool;
  baseUrl: PublicBaseUrl;
  rateLimits: RateLimitStore;
  redis: RedisConnections | undefined;
  authFailures: AuthFailureThrottle;
  log: FastifyBaseLogger;
}) {
  const { config, db, redis } = deps;
  const settings = oauthSettings(config, deps.baseUrl);
  const revocations = new GrantRevocations(deps.rateLimits, config.KEY_CACHE_TTL_SECONDS + 60, redis);
  await revocations.start((message) => deps.log.warn(message));
  const accessTokens = new OAuthAccessTokens(db, deps.baseUrl, {
    cacheSize: config.KEY_CACHE_SIZE,
    ttlSeconds: config.KEY_CACHE_TTL_SECONDS,
    revocations,
    throttle: deps.authFailures,
  });
  const tokens = new TokenService(db, settings, revocations);
  const maintenance = oauthMaintenance(db, (error) => deps.log.warn({ err: error }, 'OAuth clean-up failed'));
  const registrations = new RegistrationThrottle(
    { perAddress: config.OAUTH_REGISTRATIONS_PER_ADDRESS_PER_HOUR, total: config.OAUTH_REGISTRATIONS_PER_HOUR },
    redis,
  );
  return {
    settings,
    revocations,
    accessTokens,
    tokens,
    registrations,
    async close() {
      maintenance.stop();
      await revocations.close();
    },
  };
}

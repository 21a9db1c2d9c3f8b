/**
 * What the operator is told at start about the dashboard's bearer tokens: none are accepted without
 * a key or secret to check them, and any audience or issuer is, unless those are set.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

export function warnAboutDashboardTokens(config: Config, log: FastifyBaseLogger): void {
  if (!config.AUTH_JWKS_URL && !config.AUTH_JWT_SECRET) {
    log.warn('neither AUTH_JWKS_URL nor AUTH_JWT_SECRET is set: dashboard endpoints refuse every token');
    return;
  }
  // A generated secret is known to this service alone: no other application's tokens can carry it.
  if (config.jwtSecretGenerated || (config.AUTH_JWT_AUDIENCE && config.AUTH_JWT_ISSUER)) return;
  const unset = [
    ['AUTH_JWT_AUDIENCE', config.AUTH_JWT_AUDIENCE, 'audience'],
    ['AUTH_JWT_ISSUER', config.AUTH_JWT_ISSUER, 'issuer'],
  ].filter(([, value]) => !value);
  log.warn(
    `${unset.map(([name]) => name).join(' and ')} not set: dashboard tokens of any ${unset.map(([, , claim]) => claim).join(' and ')} are accepted (tokens the identity provider made for other applications too); set them in production`,
  );
}

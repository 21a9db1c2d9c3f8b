/**
 * Clearing what the authorization server can never use again: requests, codes and tokens a day
 * past their life. Every API process runs it now and then; running twice deletes nothing more.
 */
import type { DatabasePool } from 'slonik';
import { AuthorizationRequestRepository } from '../../db/oauth-requests.ts';
import { OAuthTokenRepository } from '../../db/oauth-tokens.ts';

const EVERY_MS = 10 * 60_000;
const KEPT_AFTER_EXPIRY_SECONDS = 86_400;

export function oauthMaintenance(db: DatabasePool, onError: (error: unknown) => void) {
  const timer = setInterval(() => {
    Promise.all([
      new AuthorizationRequestRepository(db).purgeExpired(KEPT_AFTER_EXPIRY_SECONDS),
      new OAuthTokenRepository(db).purgeExpired(KEPT_AFTER_EXPIRY_SECONDS),
    ]).catch(onError);
  }, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

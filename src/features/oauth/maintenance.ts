/**
 * Clearing what the authorization server can never use again: requests, codes and tokens a day
 * past their life, the sealed successors of refresh tokens rotated longer ago than the longest
 * grace window. Every API process runs it now and then; running twice deletes nothing more.
 */
import type { DatabasePool } from 'slonik';
import { AuthorizationRequestRepository } from '../../db/oauth-requests.ts';
import { OAuthTokenRepository } from '../../db/oauth-tokens.ts';

const EVERY_MS = 10 * 60_000;
const KEPT_AFTER_EXPIRY_SECONDS = 86_400;
/** The largest OAUTH_REFRESH_GRACE_SECONDS allowed: past it no redemption reads a sealed successor. */
const LONGEST_REFRESH_GRACE_SECONDS = 300;

export function oauthMaintenance(db: DatabasePool, onError: (error: unknown) => void) {
  const timer = setInterval(() => {
    Promise.all([
      new AuthorizationRequestRepository(db).purgeExpired(KEPT_AFTER_EXPIRY_SECONDS),
      new OAuthTokenRepository(db).purgeExpired(KEPT_AFTER_EXPIRY_SECONDS),
      new OAuthTokenRepository(db).clearSuccessors(LONGEST_REFRESH_GRACE_SECONDS),
    ]).catch(onError);
  }, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Clearing what the authorization server can never use again: requests, codes and tokens a day
 * past their life, the sealed successors of refresh tokens rotated longer ago than the longest
 * grace window, and clients that never completed an authorization a day after registering
 * (dynamic registration is open to anyone). Every API process runs it now and then; running
 * twice deletes nothing more.
 */
import type { DatabasePool } from 'slonik';
import { OAuthClientRepository } from '../../db/oauth-clients.ts';
import { AuthorizationRequestRepository } from '../../db/oauth-requests.ts';
import { OAuthTokenRepository } from '../../db/oauth-tokens.ts';

const EVERY_MS = 10 * 60_000;
const KEPT_AFTER_EXPIRY_SECONDS = 86_400;
/** The largest OAUTH_REFRESH_GRACE_SECONDS allowed: past it no redemption reads a sealed successor. */
const LONGEST_REFRESH_GRACE_SECONDS = 300;
/** A registered client with no grant after this long is deleted. */
export const UNUSED_CLIENT_LIFETIME_SECONDS = 86_400;

export async function purgeOAuth(db: DatabasePool): Promise<void> {
  const tokens = new OAuthTokenRepository(db);
  await Promise.all([
    new AuthorizationRequestRepository(db).purgeExpired(KEPT_AFTER_EXPIRY_SECONDS),
    tokens.purgeExpired(KEPT_AFTER_EXPIRY_SECONDS),
    tokens.clearSuccessors(LONGEST_REFRESH_GRACE_SECONDS),
    new OAuthClientRepository(db).purgeUnused(UNUSED_CLIENT_LIFETIME_SECONDS),
  ]);
}

export function oauthMaintenance(db: DatabasePool, onError: (error: unknown) => void) {
  const timer = setInterval(() => {
    purgeOAuth(db).catch(onError);
  }, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The authorization server's settings, from the configuration. */
import type { Config } from '../../config.ts';
import type { PublicBaseUrl } from '../../http/public-base-url.ts';

/** An authorization request waits this long for the user's decision. */
export const AUTHORIZATION_REQUEST_TTL_SECONDS = 600;

export interface OAuthSettings {
  /** The issuer, and the base of every endpoint and of the resource `{base}/mcp`. */
  baseUrl: PublicBaseUrl;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshGraceSeconds: number;
  codeTtlSeconds: number;
  /** A separate dashboard's consent page; undefined: the service's own. */
  consentUrl?: string;
}

export const oauthSettings = (config: Config, baseUrl: PublicBaseUrl): OAuthSettings => ({
  baseUrl,
  accessTokenTtlSeconds: config.OAUTH_ACCESS_TOKEN_TTL_SECONDS,
  refreshTokenTtlSeconds: config.OAUTH_REFRESH_TOKEN_TTL_SECONDS,
  refreshGraceSeconds: config.OAUTH_REFRESH_GRACE_SECONDS,
  codeTtlSeconds: config.OAUTH_CODE_TTL_SECONDS,
  consentUrl: config.OAUTH_CONSENT_URL,
});

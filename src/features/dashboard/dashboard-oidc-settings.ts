/** The dashboard's OpenID Connect provider from the configuration: on with an issuer and a client id. */
import type { Config } from '../../config.ts';
import type { OidcSettings } from './dashboard-oidc.ts';

export function oidcSettingsOf(config: Config, baseUrl: () => string): OidcSettings | null {
  if (!config.OIDC_ISSUER_URL || !config.OIDC_CLIENT_ID) return null;
  return {
    issuer: new URL(config.OIDC_ISSUER_URL),
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET ?? '',
    redirectUri: () => config.OIDC_REDIRECT_URL ?? `${baseUrl()}/api/v1/dashboard/oidc/callback`,
    name: config.OIDC_PROVIDER_NAME,
  };
}

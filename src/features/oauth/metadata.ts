/**
 * The discovery documents: the authorization server's metadata (RFC 8414) and the MCP endpoint's
 * protected-resource metadata (RFC 9728), both named after the public base URL. Tokens are issued
 * for one resource, `{base}/mcp`, whatever family path a client connects to.
 */
import { ALL_SCOPES, FAMILIES, scopeOf, type Family } from '../mcp/families.ts';

export const mcpResource = (base: string) => `${base}/mcp`;

export const endpoints = (base: string) => ({
  authorization: `${base}/mcp/oauth/authorize`,
  token: `${base}/mcp/oauth/token`,
  registration: `${base}/mcp/oauth/register`,
  revocation: `${base}/mcp/oauth/revoke`,
});

/** RFC 9728 §3.1: the well-known path inserted between the host and the resource's path. */
export function protectedResourceMetadataUrl(base: string): string {
  const url = new URL(mcpResource(base));
  return `${url.origin}/.well-known/oauth-protected-resource${url.pathname}`;
}

const CLIENT_AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];

export function authorizationServerMetadata(base: string) {
  const e = endpoints(base);
  return {
    issuer: base,
    authorization_endpoint: e.authorization,
    token_endpoint: e.token,
    registration_endpoint: e.registration,
    revocation_endpoint: e.revocation,
    scopes_supported: ALL_SCOPES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/docs`,
  };
}

export function protectedResourceMetadata(base: string, families: readonly Family[] = FAMILIES) {
  return {
    resource: mcpResource(base),
    authorization_servers: [base],
    scopes_supported: families.map(scopeOf),
    bearer_methods_supported: ['header'],
    resource_name: 'Astrology calculation service (MCP)',
    resource_documentation: `${base}/docs`,
  };
}

/** Quoted-string content of a challenge parameter (RFC 9110 §11.2): no quotes or backslashes unescaped. */
const quoted = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** The `WWW-Authenticate` challenge of /mcp: where the metadata is, which scopes the request needs, and what was wrong. */
export function bearerChallenge(base: string, families: readonly Family[], error?: { code: string; description: string }): string {
  const params = [`resource_metadata=${quoted(protectedResourceMetadataUrl(base))}`, `scope=${quoted(families.map(scopeOf).join(' '))}`];
  if (error) params.push(`error=${quoted(error.code)}`, `error_description=${quoted(error.description)}`);
  return `Bearer ${params.join(', ')}`;
}

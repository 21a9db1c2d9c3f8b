/**
 * Dynamic client registration (RFC 7591): any client may register itself; the server keeps what
 * it understands and ignores unknown fields. Redirect URIs must be https or loopback; the pages
 * and logo it names (client_uri, logo_uri, tos_uri, policy_uri) https. Public
 * clients (`token_endpoint_auth_method: none`, the default, as MCP clients are) get no secret;
 * confidential ones get one, shown only in this answer.
 */
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import { OAuthClientRepository, type OAuthClientRow } from '../../db/oauth-clients.ts';
import { withoutNullMembers } from '../mcp/tool-schema.ts';
import { storableText } from '../../requests/storable-text.ts';
import { OAuthProblem } from './oauth-error.ts';
import { MAX_REDIRECT_URI_LENGTH, redirectUriProblem } from './redirect-uris.ts';
import { knownScopes } from './scopes.ts';
import { newSecret, PREFIX, sha256Hex } from './secrets.ts';

const SUPPORTED_GRANT_TYPES = ['authorization_code', 'refresh_token'];
/** Every text field, stored or not: what PostgreSQL cannot store is invalid metadata, not a 500. */
const text = (max: number) => storableText().max(max);

export const registrationRequest = z.object({
  redirect_uris: z.array(text(MAX_REDIRECT_URI_LENGTH)).min(1).max(10),
  client_name: text(200).optional(),
  token_endpoint_auth_method: z.enum(['none', 'client_secret_basic', 'client_secret_post']).default('none'),
  grant_types: z.array(text(100)).max(10).default(SUPPORTED_GRANT_TYPES),
  response_types: z.array(text(100)).max(10).default(['code']),
  scope: text(1000).optional(),
  client_uri: text(2000).optional(),
  logo_uri: text(2000).optional(),
  tos_uri: text(2000).optional(),
  policy_uri: text(2000).optional(),
  contacts: z.array(text(320)).max(10).optional(),
  software_id: text(200).optional(),
  software_version: text(200).optional(),
});

/** The registration as RFC 7591 §3.2.1 answers it: the client id, its secret once, and the metadata kept. */
export function clientInformation(client: OAuthClientRow, secret?: string) {
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(Date.parse(client.created_at) / 1000),
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    redirect_uris: client.redirect_uris,
    token_endpoint_auth_method: client.token_endpoint_auth_method,
    grant_types: client.grant_types,
    response_types: ['code'],
    ...(client.name ? { client_name: client.name } : {}),
    ...(client.scope ? { scope: client.scope } : {}),
    ...client.metadata,
  };
}

/** Pages and images a consent screen may show or link: https only (no http, javascript:, data:...). */
function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** `admit`: runs once the metadata is valid, before the client is stored (the registration throttle). */
export async function registerClient(db: DatabasePool, body: unknown, admit: () => Promise<void> = async () => {}) {
  const parsed = registrationRequest.safeParse(withoutNullMembers(body));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    throw new OAuthProblem(field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata', `${field || 'body'}: ${issue.message}`);
  }
  const r = parsed.data;
  for (const uri of r.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthProblem('invalid_redirect_uri', `${uri.slice(0, 200)}: ${problem}`);
  }
  for (const name of ['client_uri', 'logo_uri', 'tos_uri', 'policy_uri'] as const) {
    const value = r[name];
    if (value !== undefined && !isHttpsUrl(value)) throw new OAuthProblem('invalid_client_metadata', `${name}: must be an https URL`);
  }
  const grantTypes = SUPPORTED_GRANT_TYPES.filter((g) => r.grant_types.includes(g));
  if (!grantTypes.includes('authorization_code'))
    throw new OAuthProblem('invalid_client_metadata', 'grant_types: this server issues tokens for the authorization_code grant (and refresh_token) only');
  if (!r.response_types.includes('code')) throw new OAuthProblem('invalid_client_metadata', 'response_types: only "code" is supported');
  const secret = r.token_endpoint_auth_method === 'none' ? undefined : newSecret(PREFIX.clientSecret);
  const scope = knownScopes(r.scope).join(' ');
  const metadata = Object.fromEntries(
    Object.entries({
      client_uri: r.client_uri,
      logo_uri: r.logo_uri,
      tos_uri: r.tos_uri,
      policy_uri: r.policy_uri,
      contacts: r.contacts,
      software_id: r.software_id,
      software_version: r.software_version,
    }).filter(([, v]) => v !== undefined),
  );
  await admit();
  const client = await new OAuthClientRepository(db).create({
    id: newSecret(PREFIX.client),
    secret_hash: secret ? sha256Hex(secret) : null,
    name: r.client_name ?? null,
    redirect_uris: [...new Set(r.redirect_uris)],
    token_endpoint_auth_method: r.token_endpoint_auth_method,
    grant_types: grantTypes,
    scope: scope || null,
    metadata,
  });
  return clientInformation(client, secret);
}

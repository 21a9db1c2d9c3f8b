/**
 * The authorization endpoint and the user's decision. `authorize` checks a client's request and
 * parks it for ten minutes while the user decides (on the consent page, or a dashboard through the
 * requests API); `decide` turns an approval into a grant and a single-use code, or a denial into
 * `access_denied`. Until the client and its redirect URI are known to be right nothing redirects
 * (an error page says what is wrong); after that every error goes back to the client with its
 * `state` and our `iss` (RFC 9207).
 */
import type { DatabasePool } from 'slonik';
import { OAuthClientRepository, type OAuthClientRow } from '../../db/oauth-clients.ts';
import { AuthorizationRequestRepository, type AuthorizationRequestRow } from '../../db/oauth-requests.ts';
import { GrantRepository } from '../../db/oauth-grants.ts';
import { OAuthTokenRepository } from '../../db/oauth-tokens.ts';
import { AccountDeletionRepository } from '../../db/account-deletions.ts';
import { UserRepository } from '../../db/users.ts';
import { parseFamilyList } from '../mcp/families.ts';
import { mcpResource } from './metadata.ts';
import { matchRedirectUri } from './redirect-uris.ts';
import { requestedScopes } from './scopes.ts';
import { newSecret, PREFIX, S256_CHALLENGE, sha256Hex } from './secrets.ts';
import { isStorable } from './storable.ts';
import { AUTHORIZATION_REQUEST_TTL_SECONDS, type OAuthSettings } from './settings.ts';

export type AuthorizeQuery = Record<string, string | string[] | undefined>;

export type AuthorizeOutcome = { kind: 'error_page'; message: string } | { kind: 'redirect'; location: string };

const MAX_STATE_LENGTH = 2000;

/** `{base}/mcp`, or one of its family paths (`{base}/mcp/western`): tokens are always for `{base}/mcp`. */
export function isOurResource(base: string, resource: string): boolean {
  const root = mcpResource(base);
  const value = resource.replace(/\/+$/, '');
  if (value === root) return true;
  if (!value.startsWith(`${root}/`)) return false;
  const rest = value.slice(root.length + 1);
  if (rest.includes('/') || rest.includes('?') || rest.includes('#')) return false;
  let families: string;
  try {
    families = decodeURIComponent(rest);
  } catch {
    return false; // a malformed escape (%zz) names no family
  }
  return parseFamilyList(families).families !== undefined;
}

/** The client's redirect URI with the response parameters added (its own query kept). */
export function redirectWith(redirectUri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

export function consentLocation(settings: OAuthSettings, requestId: string): string {
  if (!settings.consentUrl) return `${settings.baseUrl()}/mcp/oauth/consent/${requestId}`;
  const url = new URL(settings.consentUrl);
  url.searchParams.set('authorization_id', requestId);
  return url.toString();
}

export async function authorize(db: DatabasePool, settings: OAuthSettings, query: AuthorizeQuery): Promise<AuthorizeOutcome> {
  const single = (name: string): string | undefined => {
    const value = query[name];
    return Array.isArray(value) ? undefined : value;
  };
  for (const name of ['client_id', 'redirect_uri']) {
    if (Array.isArray(query[name])) return { kind: 'error_page', message: `${name} is given more than once.` };
  }
  const clientId = single('client_id');
  if (!clientId) return { kind: 'error_page', message: 'client_id is missing.' };
  const client = clientId.length <= 100 && isStorable(clientId) ? await new OAuthClientRepository(db).find(clientId) : null;
  if (!client) return { kind: 'error_page', message: 'This client is not registered here (unknown client_id).' };
  const given = single('redirect_uri');
  let redirectUri: string | null;
  if (given === undefined) {
    if (client.redirect_uris.length !== 1) return { kind: 'error_page', message: 'redirect_uri is missing, and the client registered more than one.' };
    redirectUri = client.redirect_uris[0]!;
  } else {
    redirectUri = isStorable(given) ? matchRedirectUri(client.redirect_uris, given) : null;
    if (!redirectUri) return { kind: 'error_page', message: 'redirect_uri is not one the client registered.' };
  }

  // From here on, errors go back to the client.
  const base = settings.baseUrl();
  const state = single('state');
  const stateProblem =
    state === undefined
      ? undefined
      : state.length > MAX_STATE_LENGTH
        ? `state is longer than ${MAX_STATE_LENGTH} characters`
        : !isStorable(state)
          ? 'state contains a NUL character or an unpaired surrogate'
          : undefined;
  const fail = (error: string, description: string): AuthorizeOutcome => ({
    kind: 'redirect',
    location: redirectWith(redirectUri, { error, error_description: description, state: stateProblem ? undefined : state, iss: base }),
  });
  const repeated = Object.entries(query).find(([, v]) => Array.isArray(v));
  if (repeated) return fail('invalid_request', `${repeated[0]} is given more than once`);
  if (stateProblem) return fail('invalid_request', stateProblem);
  if (single('request') !== undefined || single('request_uri') !== undefined) return fail('request_not_supported', 'request objects are not supported');
  if (single('response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be "code"');
  if (!client.grant_types.includes('authorization_code')) return fail('unauthorized_client', 'the client did not register the authorization_code grant');
  const challenge = single('code_challenge');
  const method = single('code_challenge_method');
  if (!challenge) return fail('invalid_request', 'code_challenge is required (PKCE with S256)');
  if (method !== 'S256') return fail('invalid_request', `code_challenge_method must be S256${method ? ` (${method} is not supported)` : ''}`);
  if (!S256_CHALLENGE.test(challenge)) return fail('invalid_request', 'code_challenge must be the 43-character base64url SHA-256 of the code verifier');
  const resource = single('resource');
  if (resource !== undefined && !isOurResource(base, resource)) return fail('invalid_target', `this server issues tokens for ${mcpResource(base)} only`);
  if (single('prompt') === 'none') return fail('interaction_required', 'the user must approve the request on the consent page');

  const requests = new AuthorizationRequestRepository(db);
  const request = await requests.create({
    id: newSecret(PREFIX.request),
    clientId: client.id,
    redirectUri,
    redirectUriGiven: given !== undefined,
    state: state ?? null,
    scopes: requestedScopes(client, single('scope')),
    resource: mcpResource(base),
    codeChallenge: challenge,
    ttlSeconds: AUTHORIZATION_REQUEST_TTL_SECONDS,
  });
  return { kind: 'redirect', location: consentLocation(settings, request.id) };
}

/** Why a request can no longer be decided, as the requests API answers it. */
export class RequestNotDecidable extends Error {
  constructor(
    readonly status: 404 | 409 | 410,
    message: string,
  ) {
    super(message);
  }
}

export interface PendingRequest {
  request: AuthorizationRequestRow;
  client: OAuthClientRow;
}

/** A request still waiting for its decision, with its client. */
export async function pendingRequest(db: DatabasePool, id: string): Promise<PendingRequest> {
  const request = id.length <= 100 && isStorable(id) ? await new AuthorizationRequestRepository(db).find(id) : null;
  if (!request) throw new RequestNotDecidable(404, 'Authorization request not found');
  checkDecidable(request);
  const client = await new OAuthClientRepository(db).find(request.client_id);
  if (!client) throw new RequestNotDecidable(404, 'Authorization request not found');
  return { request, client };
}

function checkDecidable(request: AuthorizationRequestRow): void {
  if (request.status !== 'pending') throw new RequestNotDecidable(409, `Authorization request already ${request.status}`);
  if (Date.parse(request.expires_at) <= Date.now()) throw new RequestNotDecidable(410, 'Authorization request expired');
}

/** A decision the user cannot make (scopes outside the request, or no account). */
export class DecisionRefused extends Error {
  constructor(
    readonly status: 404 | 422,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Decides a pending request as `userId`. Approving creates the grant (with the scopes chosen, at
 * most those asked for) and a code; either way the answer is where to send the user's browser.
 */
export async function decide(
  db: DatabasePool,
  settings: OAuthSettings,
  input: { requestId: string; userId: string; approve: boolean; scopes?: string[] },
): Promise<{ redirectTo: string; grantId?: string }> {
  const base = settings.baseUrl();
  return db.transaction(async (tx) => {
    const requests = new AuthorizationRequestRepository(tx);
    const request = input.requestId.length <= 100 && isStorable(input.requestId) ? await requests.findForUpdate(input.requestId) : null;
    if (!request) throw new RequestNotDecidable(404, 'Authorization request not found');
    checkDecidable(request);
    if (!(await new UserRepository(tx).findById(input.userId))) throw new DecisionRefused(404, 'There is no account for this user yet: sign up first');
    // A grant made while the account is being deleted would outlive the revocation of the others.
    if (await new AccountDeletionRepository(tx).isDeletedHoldingUser(input.userId)) throw new DecisionRefused(404, 'This account has been deleted');
    if (!input.approve) {
      await requests.decide(request.id, input.userId, 'denied');
      return {
        redirectTo: redirectWith(request.redirect_uri, {
          error: 'access_denied',
          error_description: 'the user denied the request',
          state: request.state,
          iss: base,
        }),
      };
    }
    const scopes = input.scopes ?? request.scopes;
    const outside = scopes.filter((s) => !request.scopes.includes(s));
    if (outside.length) throw new DecisionRefused(422, `not asked for by the client: ${outside.join(', ')}`);
    if (!scopes.length) throw new DecisionRefused(422, 'approve at least one scope, or deny the request');
    const grant = await new GrantRepository(tx).create({
      userId: input.userId,
      clientId: request.client_id,
      scopes: request.scopes.filter((s) => scopes.includes(s)),
      resource: request.resource,
    });
    const code = newSecret(PREFIX.code);
    await new OAuthTokenRepository(tx).insertCode({
      hash: sha256Hex(code),
      grantId: grant.id,
      clientId: request.client_id,
      redirectUri: request.redirect_uri,
      redirectUriGiven: request.redirect_uri_given,
      codeChallenge: request.code_challenge,
      ttlSeconds: settings.codeTtlSeconds,
    });
    await requests.decide(request.id, input.userId, 'approved');
    return { redirectTo: redirectWith(request.redirect_uri, { code, state: request.state, iss: base }), grantId: grant.id };
  });
}

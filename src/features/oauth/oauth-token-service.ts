/**
 * The token endpoint (authorization code with PKCE S256, refresh token) and revocation (RFC 7009).
 *
 * - A code is redeemed once: any attempt uses it up, and a second redemption is taken for a
 *   stolen code, so the grant it created (with every token issued under it) is revoked.
 * - A refresh token is exchanged once for a new pair. Parallel refreshes of a client (two tabs,
 *   two threads) may present it again within a short grace window and get that same pair (kept
 *   sealed with a key from the presented token, successor-seal.ts), so the grant never forks
 *   into independent chains; later, a second use is a replay and revokes the grant.
 * - Revoking either token of a grant ends the grant: the client has signed out.
 */
import type { DatabasePool } from 'slonik';
import { OAuthClientRepository, type OAuthClientRow } from '../../db/oauth-clients.ts';
import { GrantRepository } from '../../db/oauth-grants.ts';
import { OAuthTokenRepository, type NewToken } from '../../db/oauth-tokens.ts';
import { AccountDeletionRepository } from '../../db/account-deletions.ts';
import type { GrantRevocations } from './grant-revocation.ts';
import { isOurResource } from './authorization.ts';
import { OAuthProblem } from './oauth-error.ts';
import { knownScopes } from './scopes.ts';
import { CODE_VERIFIER, newSecret, PREFIX, sha256Hex, verifiesS256 } from './secrets.ts';
import type { OAuthSettings } from './settings.ts';
import { isStorable } from './storable.ts';
import { openSuccessor, sealSuccessor } from './successor-seal.ts';

export type FormFields = Record<string, string | string[] | undefined>;

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const MAX_FIELD_LENGTH = 2000;

/** One value of a form field: a repeated parameter is an error (RFC 6749 §3.2). */
function field(form: FormFields, name: string): string | undefined {
  const value = form[name];
  if (Array.isArray(value)) throw new OAuthProblem('invalid_request', `${name} is given more than once`);
  if (value !== undefined && value.length > MAX_FIELD_LENGTH) throw new OAuthProblem('invalid_request', `${name} is too long`);
  return value;
}

function required(form: FormFields, name: string): string {
  const value = field(form, name);
  if (!value) throw new OAuthProblem('invalid_request', `${name} is required`);
  return value;
}

const invalidClient = (description: string, basic: boolean) =>
  new OAuthProblem('invalid_client', description, 401, basic ? { 'www-authenticate': 'Basic realm="oauth"' } : {});

/** A client id or secret of Basic credentials, which RFC 6749 §2.3.1 has URL-encoded; null for a malformed escape (%zz). */
function basicDecoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The client of a token or revocation request, authenticated the way it registered: HTTP Basic
 * (client_secret_basic), `client_secret` in the form (client_secret_post), or none (a public
 * client names itself with `client_id`).
 */
export async function authenticateClient(db: DatabasePool, form: FormFields, authorization: string | undefined): Promise<OAuthClientRow> {
  let clientId = field(form, 'client_id');
  let secret = field(form, 'client_secret');
  let method: OAuthClientRow['token_endpoint_auth_method'] = secret ? 'client_secret_post' : 'none';
  const basic = authorization !== undefined && /^Basic /i.test(authorization);
  if (basic) {
    if (secret) throw new OAuthProblem('invalid_request', 'client credentials in more than one place');
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidClient('malformed Basic credentials', true);
    const basicId = basicDecoded(decoded.slice(0, colon));
    const basicSecret = basicDecoded(decoded.slice(colon + 1));
    if (basicId === null || basicSecret === null) throw invalidClient('malformed Basic credentials', true);
    if (clientId && clientId !== basicId) throw invalidClient('client_id differs from the Basic credentials', true);
    clientId = basicId;
    secret = basicSecret;
    method = 'client_secret_basic';
  }
  if (!clientId) throw invalidClient('client authentication failed: no client_id', basic);
  const client = clientId.length <= 100 && isStorable(clientId) ? await new OAuthClientRepository(db).find(clientId) : null;
  if (!client) throw invalidClient('client authentication failed: unknown client', basic);
  if (client.token_endpoint_auth_method !== method)
    throw invalidClient(`client authentication failed: the client registered ${client.token_endpoint_auth_method}`, basic);
  if (method !== 'none' && (!secret || sha256Hex(secret) !== client.secret_hash)) throw invalidClient('client authentication failed: wrong secret', basic);
  return client;
}

/** What a transaction decided; acted on once it has committed (a used-up code must stay used up). */
type Verdict =
  | { kind: 'issued'; tokens: TokenResponse }
  | { kind: 'replay'; grantId: string }
  | { kind: 'refused'; error: 'invalid_grant' | 'invalid_scope'; description: string };

const refused = (description: string, error: 'invalid_grant' | 'invalid_scope' = 'invalid_grant'): Verdict => ({ kind: 'refused', error, description });

export class TokenService {
  private readonly grants: GrantRepository;

  constructor(
    private readonly db: DatabasePool,
    private readonly settings: OAuthSettings,
    private readonly revocations: GrantRevocations,
  ) {
    this.grants = new GrantRepository(db);
  }

  private checkResource(form: FormFields): void {
    const resource = field(form, 'resource');
    if (resource !== undefined && !isOurResource(this.settings.baseUrl(), resource))
      throw new OAuthProblem('invalid_target', 'this server issues tokens for its MCP endpoint only');
  }

  /** A new token pair of a grant, written in the caller's transaction. */
  private async issue(tokens: OAuthTokenRepository, grantId: string, scopes: string[]): Promise<TokenResponse> {
    const access = newSecret(PREFIX.accessToken);
    const refresh = newSecret(PREFIX.refreshToken);
    const rows: NewToken[] = [
      { hash: sha256Hex(access), grantId, kind: 'access', scopes, ttlSeconds: this.settings.accessTokenTtlSeconds },
      { hash: sha256Hex(refresh), grantId, kind: 'refresh', scopes, ttlSeconds: this.settings.refreshTokenTtlSeconds },
    ];
    await tokens.insertTokens(rows);
    return { access_token: access, token_type: 'Bearer', expires_in: this.settings.accessTokenTtlSeconds, refresh_token: refresh, scope: scopes.join(' ') };
  }

  /** Revokes a grant here and on every process; `reason` is kept with it. */
  async revokeGrant(grantId: string, reason: string): Promise<void> {
    await this.grants.revoke(grantId, reason);
    await this.revocations.revoked(grantId);
  }

  async exchange(client: OAuthClientRow, form: FormFields): Promise<TokenResponse> {
    const grantType = required(form, 'grant_type');
    if (!client.grant_types.includes(grantType)) {
      if (grantType === 'authorization_code' || grantType === 'refresh_token')
        throw new OAuthProblem('unauthorized_client', `the client did not register the ${grantType} grant`);
      throw new OAuthProblem('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    }
    this.checkResource(form);
    return grantType === 'authorization_code' ? this.redeemCode(client, form) : this.refresh(client, form);
  }

  private async redeemCode(client: OAuthClientRow, form: FormFields): Promise<TokenResponse> {
    const code = required(form, 'code');
    const verifier = field(form, 'code_verifier');
    const redirectUri = field(form, 'redirect_uri');
    // The code is used up inside the transaction whatever happens next; the verdict is acted on after it commits.
    const verdict = await this.db.transaction(async (tx): Promise<Verdict> => {
      const tokens = new OAuthTokenRepository(tx);
      const row = code.startsWith(PREFIX.code) ? await tokens.claimCode(sha256Hex(code)) : null;
      if (!row) return refused('invalid or unknown code');
      if (row.used_at) return { kind: 'replay', grantId: row.grant_id };
      if (row.expired) return refused('the code expired');
      if (row.client_id !== client.id) return refused('the code was issued to another client');
      // RFC 6749 §4.1.3: required, and identical, when the authorization request named one.
      if (redirectUri === undefined && row.redirect_uri_given) return refused('redirect_uri is required: the authorization request named one');
      if (redirectUri !== undefined && redirectUri !== row.redirect_uri) return refused('redirect_uri differs from the authorization request');
      if (!verifier) return refused('code_verifier is required (PKCE)');
      if (!CODE_VERIFIER.test(verifier) || !verifiesS256(verifier, row.code_challenge)) return refused('code_verifier does not match the code challenge');
      const grant = await new GrantRepository(tx).find(row.grant_id);
      if (!grant || grant.status !== 'active') return refused('the grant was revoked');
      // Deleting the account revokes its grants; this holds should one have been missed.
      if (await new AccountDeletionRepository(tx).isDeleted(grant.user_id)) return refused('the account was deleted');
      return { kind: 'issued', tokens: await this.issue(tokens, grant.id, grant.scopes) };
    });
    if (verdict.kind === 'issued') return verdict.tokens;
    if (verdict.kind === 'replay') {
      await this.revokeGrant(verdict.grantId, 'authorization code used twice');
      throw new OAuthProblem('invalid_grant', 'the code was already used; the tokens issued with it are revoked');
    }
    throw new OAuthProblem(verdict.error, verdict.description);
  }

  private async refresh(client: OAuthClientRow, form: FormFields): Promise<TokenResponse> {
    const presented = required(form, 'refresh_token');
    const scopeField = field(form, 'scope');
    const verdict = await this.db.transaction(async (tx): Promise<Verdict> => {
      const tokens = new OAuthTokenRepository(tx);
      const row = presented.startsWith(PREFIX.refreshToken) ? await tokens.findRefreshTokenForUpdate(sha256Hex(presented)) : null;
      if (!row || row.client_id !== client.id) return refused('invalid or unknown refresh token');
      if (row.revoked_at || row.grant_status !== 'active') return refused('the refresh token was revoked');
      // Deleting the account revokes its grants; this holds should one have been missed.
      if (row.account_deleted) return refused('the account was deleted');
      if (row.expired) return refused('the refresh token expired');
      if (row.rotated_at && (row.seconds_since_rotation ?? Infinity) > this.settings.refreshGraceSeconds) return { kind: 'replay', grantId: row.grant_id };
      if (row.rotated_at) {
        // Within the grace window: the pair the first redemption got (row locked: it is written).
        const pair = row.successor_sealed ? openSuccessor(presented, row.successor_sealed) : null;
        if (!pair) return refused('the refresh token was already used');
        const expiresIn = Math.max(0, Math.ceil((pair.access_expires_at - Date.now()) / 1000));
        return {
          kind: 'issued',
          tokens: { access_token: pair.access_token, token_type: 'Bearer', expires_in: expiresIn, refresh_token: pair.refresh_token, scope: pair.scope },
        };
      }
      let scopes = row.scopes;
      if (scopeField !== undefined) {
        const asked = scopeField.split(' ').filter(Boolean);
        const known = knownScopes(scopeField);
        if (!known.length || asked.length !== known.length || known.some((s) => !row.scopes.includes(s)))
          return refused('scope may only narrow the scopes granted', 'invalid_scope');
        scopes = known;
      }
      const issued = await this.issue(tokens, row.grant_id, scopes);
      await tokens.markRotated(
        row.token_hash,
        sealSuccessor(presented, {
          access_token: issued.access_token,
          refresh_token: issued.refresh_token,
          scope: issued.scope,
          access_expires_at: Date.now() + issued.expires_in * 1000,
        }),
      );
      return { kind: 'issued', tokens: issued };
    });
    if (verdict.kind === 'issued') return verdict.tokens;
    if (verdict.kind === 'replay') {
      await this.revokeGrant(verdict.grantId, 'rotated refresh token used again');
      throw new OAuthProblem('invalid_grant', 'the refresh token was already used; the grant is revoked');
    }
    throw new OAuthProblem(verdict.error, verdict.description);
  }

  /**
   * RFC 7009: the answer is the same whether or not the token was known (nothing to learn from
   * it); a token of another client is left alone.
   */
  async revoke(client: OAuthClientRow, form: FormFields): Promise<void> {
    const token = required(form, 'token');
    field(form, 'token_type_hint');
    if (!token.startsWith(PREFIX.accessToken) && !token.startsWith(PREFIX.refreshToken)) return;
    const owner = await new OAuthTokenRepository(this.db).findGrantOfToken(sha256Hex(token));
    if (owner && owner.client_id === client.id) await this.revokeGrant(owner.grant_id, 'revoked by the client');
  }
}

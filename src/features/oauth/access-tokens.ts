/**
 * OAuth access tokens at /mcp. A token is looked up by its SHA-256 through a bounded cache in
 * front of PostgreSQL, together with its grant and the user's plan, so a request costs no query;
 * expiry is checked on every use, and a revoked grant is refused at once (grant-revocation.ts).
 * The plan is the one the user's API keys work under, judged by the API keys' own rule
 * (`verdictOf`): the same effective plan, past_due within its grace, request packs, limits.
 * A token of an account being deleted is refused, even should its grant have been missed.
 * Tokens are bound to the resource `{base}/mcp`: one issued for another resource is refused.
 * A token that is neither cached nor known counts against the client address's failed lookups
 * (the API keys' throttle): past the limit, unknown tokens get 429 and the address's lookups run
 * one at a time; a token that exists is served whatever its address did.
 */
import type { LRUCache } from 'lru-cache';
import { growingCache } from '../../growing-cache.ts';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { DatabasePool } from 'slonik';
import { GrantRepository } from '../../db/oauth-grants.ts';
import { OAuthTokenRepository, type AccessTokenRow } from '../../db/oauth-tokens.ts';
import { verdictOf } from '../../http/api-key-auth.ts';
import type { AuthFailureThrottle } from '../../http/auth-failure-throttle.ts';
import { HttpError } from '../../http/errors.ts';
import type { PublicBaseUrl } from '../../http/public-base-url.ts';
import { CallerRefusal, type McpCaller } from '../mcp/caller.ts';
import type { Family } from '../mcp/families.ts';
import type { BearerCallers } from '../mcp/mcp-routes.ts';
import { grantMarker, type GrantRevocations } from './grant-revocation.ts';
import { bearerChallenge, mcpResource } from './metadata.ts';
import { familiesOfScopes } from './scopes.ts';
import { PREFIX, sha256Hex } from './secrets.ts';

const MAX_TOKEN_LENGTH = 200;
/** last_used_at of a grant moves at most this often per process. */
const TOUCH_INTERVAL_MS = 60_000;

/** `validUntil`: when what was read changes by itself (the paid period or a request pack ends): read again after it. */
type Entry = { row: AccessTokenRow | null; validUntil: number };

/** The API keys' verdict on the user's plan, with the token standing for the key (its revocation and expiry are checked apart). */
const planVerdict = (row: AccessTokenRow, now = Date.now()) =>
  verdictOf({ ...row, key_id: grantMarker(row.grant_id), key_status: 'active', expires_at: row.expires_at }, now);

export class OAuthAccessTokens implements BearerCallers {
  private readonly cache: LRUCache<string, Entry>;
  private readonly tokens: OAuthTokenRepository;
  private readonly grants: GrantRepository;
  private readonly touched = growingCache<string, number>({ entries: 100_000 });
  private readonly throttle?: AuthFailureThrottle;

  constructor(
    db: DatabasePool,
    private readonly baseUrl: PublicBaseUrl,
    options: { cacheSize: number; ttlSeconds: number; revocations: GrantRevocations; throttle?: AuthFailureThrottle },
  ) {
    this.throttle = options.throttle;
    this.tokens = new OAuthTokenRepository(db);
    this.grants = new GrantRepository(db);
    this.cache = growingCache({ entries: options.cacheSize, ttlMs: options.ttlSeconds * 1000 });
    options.revocations.onRevoked((grantId) => this.forgetGrant(grantId));
  }

  /** Drops every cached token of a grant (it was revoked here or on another process). */
  forgetGrant(grantId: string): void {
    for (const [hash, entry] of this.cache.entries()) if (entry.row?.grant_id === grantId) this.cache.delete(hash);
  }

  challenge(families: readonly Family[], error?: { code: string; description: string }): string {
    return bearerChallenge(this.baseUrl(), families, error);
  }

  private async lookup(hash: string, clientAddress: string): Promise<AccessTokenRow | null> {
    const cached = this.cache.get(hash);
    if (cached && cached.validUntil > Date.now()) return cached.row;
    const find = () => this.tokens.findAccessToken(hash);
    const row = await (this.throttle ? this.throttle.lookup(clientAddress, find) : find());
    const verdict = row ? planVerdict(row) : null;
    this.cache.set(hash, { row, validUntil: verdict?.kind === 'ok' ? verdict.validUntil : Infinity });
    if (row) return row;
    // Only a token that does not exist is refused for its address's failures; a known one passes.
    const wait = this.throttle?.failed(clientAddress) ?? 0;
    if (wait > 0) throw new HttpError(429, 'Too many failed credential lookups from this address; retry later', { 'retry-after': String(wait) });
    return null;
  }

  async caller(token: string, clientAddress: string): Promise<McpCaller> {
    const invalid = (detail: string, reason = 'invalid_token') => new CallerRefusal(401, detail, reason);
    if (token.length > MAX_TOKEN_LENGTH || !token.startsWith(PREFIX.accessToken)) throw invalid('Invalid token');
    const hash = sha256Hex(token);
    const row = await this.lookup(hash, clientAddress);
    if (!row) throw invalid('Invalid token');
    // A deleted account's grants are revoked too: the account is the reason to give, whether this
    // process read the row before or after the revocation.
    if (row.account_deleted) throw invalid('This account has been deleted', 'deleted_account');
    if (row.revoked_at || row.grant_status !== 'active') throw invalid('Token revoked', 'revoked_token');
    const expiresAt = Date.parse(row.expires_at);
    if (expiresAt <= Date.now()) throw invalid('Token expired', 'expired_token');
    if (row.resource !== mcpResource(this.baseUrl())) throw invalid('Token issued for another resource', 'wrong_audience');
    const verdict = planVerdict(row);
    if (verdict.kind === 'invalid') throw invalid('Token expired', 'expired_token');
    if (verdict.kind === 'no_subscription') throw new CallerRefusal(403, 'Subscription required', 'subscription_required');
    const plan = verdict.principal;
    this.touch(row.grant_id);
    const authInfo: AuthInfo = {
      token: `oauth-grant:${row.grant_id}`,
      clientId: row.client_id,
      scopes: row.scopes,
      expiresAt: Math.floor(expiresAt / 1000),
      resource: new URL(row.resource),
    };
    return {
      userId: row.user_id,
      planCode: plan.planCode,
      keyId: null,
      families: familiesOfScopes(row.scopes),
      quota: { userId: row.user_id, keyId: plan.keyId, requestLimit: plan.requestLimit, limitPeriod: plan.limitPeriod, rpsLimit: plan.rpsLimit },
      authInfo,
      forget: () => this.cache.delete(hash),
    };
  }

  private touch(grantId: string): void {
    const last = this.touched.get(grantId);
    if (last !== undefined && Date.now() - last < TOUCH_INTERVAL_MS) return;
    this.touched.set(grantId, Date.now());
    this.grants.touch(grantId).catch(() => this.touched.delete(grantId));
  }
}

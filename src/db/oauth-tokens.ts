/** Authorization codes and access/refresh tokens, by the SHA-256 of their value. */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';
import { accountDeleted } from './account-deletions.ts';
import { planInForce, planInForceRow } from './plan-in-force.ts';

export const codeRow = z.object({
  code_hash: z.string(),
  grant_id: z.string(),
  client_id: z.string(),
  redirect_uri: z.string(),
  redirect_uri_given: z.boolean(),
  code_challenge: z.string(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
  expired: z.boolean(),
});
export type CodeRow = z.infer<typeof codeRow>;

/** What checking an access token needs: the token, its grant, the user, and the plan their API keys have too. */
export const accessTokenRow = z
  .object({
    grant_id: z.string(),
    scopes: z.array(z.string()),
    expires_at: z.string(),
    revoked_at: z.string().nullable(),
    user_id: z.string(),
    email: z.string(),
    account_deleted: z.boolean(),
    client_id: z.string(),
    resource: z.string(),
    grant_status: z.enum(['active', 'revoked']),
  })
  .extend(planInForceRow.shape);
export type AccessTokenRow = z.infer<typeof accessTokenRow>;

export const refreshTokenRow = z.object({
  token_hash: z.string(),
  grant_id: z.string(),
  scopes: z.array(z.string()),
  expires_at: z.string(),
  rotated_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  client_id: z.string(),
  resource: z.string(),
  grant_status: z.enum(['active', 'revoked']),
  account_deleted: z.boolean(),
  expired: z.boolean(),
  seconds_since_rotation: z.number().nullable(),
  /** The pair it was rotated into, sealed with a key from the token itself (successor-seal.ts); null once the grace is over. */
  successor_sealed: z.instanceof(Buffer).nullable(),
});
export type RefreshTokenRow = z.infer<typeof refreshTokenRow>;

export interface NewToken {
  hash: string;
  grantId: string;
  kind: 'access' | 'refresh';
  scopes: string[];
  ttlSeconds: number;
}

export class OAuthTokenRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async insertCode(input: {
    hash: string;
    grantId: string;
    clientId: string;
    redirectUri: string;
    redirectUriGiven: boolean;
    codeChallenge: string;
    ttlSeconds: number;
  }): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into oauth_codes (code_hash, grant_id, client_id, redirect_uri, redirect_uri_given, code_challenge, expires_at)
      values (${input.hash}, ${input.grantId}, ${input.clientId}, ${input.redirectUri}, ${input.redirectUriGiven}, ${input.codeChallenge}, now() + make_interval(secs => ${input.ttlSeconds}))`);
  }

  /**
   * Marks a code used and returns it as it was before: `used_at` set means it had been redeemed
   * already (a replay). Concurrent redemptions of one code are serialised by the row lock, so
   * exactly one of them sees it unused.
   */
  async claimCode(hash: string): Promise<CodeRow | null> {
    const code = await this.db.maybeOne(sql.type(codeRow)`
      select code_hash, grant_id, client_id, redirect_uri, redirect_uri_given, code_challenge, expires_at, used_at, expires_at <= now() as expired
      from oauth_codes where code_hash = ${hash} for update`);
    if (code && !code.used_at) await this.db.query(sql.unsafe`update oauth_codes set used_at = now() where code_hash = ${hash}`);
    return code;
  }

  async insertTokens(tokens: readonly NewToken[]): Promise<void> {
    await this.db.query(sql.unsafe`
      insert into oauth_tokens (token_hash, grant_id, kind, scopes, expires_at)
      select t.hash, t.grant_id::uuid, t.kind, array(select json_array_elements_text(t.scopes)), now() + make_interval(secs => t.ttl)
      from json_to_recordset(${JSON.stringify(tokens.map((t) => ({ hash: t.hash, grant_id: t.grantId, kind: t.kind, scopes: t.scopes, ttl: t.ttlSeconds })))}::json)
        as t(hash text, grant_id text, kind text, scopes json, ttl int)`);
  }

  async findAccessToken(hash: string): Promise<AccessTokenRow | null> {
    const user = sql.identifier(['g', 'user_id']);
    const plan = planInForce(user);
    return this.db.maybeOne(sql.type(accessTokenRow)`
      select t.grant_id, t.scopes, t.expires_at, t.revoked_at, g.user_id, u.email, ${accountDeleted(user)} as account_deleted,
             g.client_id, g.resource, g.status as grant_status, ${plan.columns}
      from oauth_tokens t
      join oauth_grants g on g.id = t.grant_id
      join users u on u.id = g.user_id
      ${plan.joins}
      where t.token_hash = ${hash} and t.kind = 'access'`);
  }

  /** A refresh token locked for its rotation (inside a transaction). */
  async findRefreshTokenForUpdate(hash: string): Promise<RefreshTokenRow | null> {
    return this.db.maybeOne(sql.type(refreshTokenRow)`
      select t.token_hash, t.grant_id, t.scopes, t.expires_at, t.rotated_at, t.revoked_at, g.client_id, g.resource, g.status as grant_status,
             ${accountDeleted(sql.identifier(['g', 'user_id']))} as account_deleted, t.expires_at <= now() as expired, extract(epoch from now() - t.rotated_at)::float8 as seconds_since_rotation,
             t.successor_sealed
      from oauth_tokens t join oauth_grants g on g.id = t.grant_id
      where t.token_hash = ${hash} and t.kind = 'refresh'
      for update of t`);
  }

  /** The token is rotated (now), into the sealed pair every redemption in the grace window gets. */
  async markRotated(hash: string, successorSealed: Buffer): Promise<void> {
    await this.db.query(sql.unsafe`
      update oauth_tokens set rotated_at = coalesce(rotated_at, now()), successor_sealed = ${sql.binary(successorSealed)} where token_hash = ${hash}`);
  }

  /** The grant and client of a token of either kind (for revocation). */
  async findGrantOfToken(hash: string): Promise<{ grant_id: string; client_id: string } | null> {
    return this.db.maybeOne(sql.type(z.object({ grant_id: z.string(), client_id: z.string() }))`
      select t.grant_id, g.client_id from oauth_tokens t join oauth_grants g on g.id = t.grant_id where t.token_hash = ${hash}`);
  }

  /** Codes and tokens past their life (by a margin): they can never be used again. */
  /** Sealed successors of tokens rotated longer ago than any grace window: no redemption may open them any more. */
  async clearSuccessors(rotatedBeforeSecondsAgo: number): Promise<void> {
    await this.db.query(sql.unsafe`
      update oauth_tokens set successor_sealed = null
      where successor_sealed is not null and rotated_at < now() - make_interval(secs => ${rotatedBeforeSecondsAgo})`);
  }

  async purgeExpired(olderThanSeconds: number): Promise<void> {
    await this.db.query(sql.unsafe`delete from oauth_codes where expires_at < now() - make_interval(secs => ${olderThanSeconds})`);
    await this.db.query(sql.unsafe`delete from oauth_tokens where expires_at < now() - make_interval(secs => ${olderThanSeconds})`);
  }
}

/** OAuth grants: what a user allowed a client, until the user (or a detected replay) revokes it. */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export const grantRow = z.object({
  id: z.string(),
  user_id: z.string(),
  client_id: z.string(),
  scopes: z.array(z.string()),
  resource: z.string(),
  status: z.enum(['active', 'revoked']),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type GrantRow = z.infer<typeof grantRow>;

export const grantListRow = grantRow.extend({ client_name: z.string().nullable(), redirect_uris: z.array(z.string()) });
export type GrantListRow = z.infer<typeof grantListRow>;

const columns = sql.fragment`g.id, g.user_id, g.client_id, g.scopes, g.resource, g.status, g.created_at, g.last_used_at, g.revoked_at`;

export class GrantRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async create(input: { userId: string; clientId: string; scopes: string[]; resource: string }): Promise<GrantRow> {
    return this.db.one(sql.type(grantRow)`
      insert into oauth_grants as g (user_id, client_id, scopes, resource)
      values (${input.userId}, ${input.clientId}, ${sql.array(input.scopes, 'text')}, ${input.resource})
      returning ${columns}`);
  }

  async find(grantId: string): Promise<GrantRow | null> {
    return this.db.maybeOne(sql.type(grantRow)`select ${columns} from oauth_grants g where g.id = ${grantId}`);
  }

  async listActive(userId: string): Promise<readonly GrantListRow[]> {
    return this.db.any(sql.type(grantListRow)`
      select ${columns}, c.name as client_name, c.redirect_uris
      from oauth_grants g join oauth_clients c on c.id = g.client_id
      where g.user_id = ${userId} and g.status = 'active'
      order by g.created_at desc, g.id`);
  }

  /**
   * Revokes a grant and every token issued under it. `userId` limits it to the user's own grants
   * (the dashboard); null when there is no such grant (of theirs).
   */
  async revoke(grantId: string, reason: string, userId?: string): Promise<GrantRow | null> {
    const grant = await this.db.maybeOne(sql.type(grantRow)`
      update oauth_grants g set status = 'revoked', revoked_at = coalesce(revoked_at, now()), revoked_reason = coalesce(revoked_reason, ${reason})
      where g.id = ${grantId} ${userId === undefined ? sql.fragment`` : sql.fragment`and g.user_id = ${userId}`}
      returning ${columns}`);
    if (grant) await this.db.query(sql.unsafe`update oauth_tokens set revoked_at = coalesce(revoked_at, now()) where grant_id = ${grantId}`);
    return grant;
  }

  /**
   * Revokes every active grant of a user and every token issued under their grants (the account
   * is being deleted); returns the ids of all the user's grants, for the revocation markers.
   */
  async revokeAllOfUser(userId: string, reason: string): Promise<string[]> {
    await this.db.query(sql.unsafe`
      update oauth_grants set status = 'revoked', revoked_at = coalesce(revoked_at, now()), revoked_reason = coalesce(revoked_reason, ${reason})
      where user_id = ${userId} and status = 'active'`);
    await this.db.query(sql.unsafe`
      update oauth_tokens t set revoked_at = now()
      from oauth_grants g where g.id = t.grant_id and g.user_id = ${userId} and t.revoked_at is null`);
    return [...(await this.db.anyFirst(sql.type(z.object({ id: z.string() }))`select id from oauth_grants where user_id = ${userId}`))];
  }

  /** Moves last_used_at forward (the access-token check calls it at most once a minute per grant). */
  async touch(grantId: string): Promise<void> {
    await this.db.query(sql.unsafe`update oauth_grants set last_used_at = now() where id = ${grantId} and (last_used_at is null or last_used_at < now())`);
  }
}

/** Registered OAuth clients (RFC 7591 dynamic registration). */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export const oauthClientRow = z.object({
  id: z.string(),
  secret_hash: z.string().nullable(),
  name: z.string().nullable(),
  redirect_uris: z.array(z.string()),
  token_endpoint_auth_method: z.enum(['none', 'client_secret_basic', 'client_secret_post']),
  grant_types: z.array(z.string()),
  scope: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type OAuthClientRow = z.infer<typeof oauthClientRow>;

const columns = sql.fragment`id, secret_hash, name, redirect_uris, token_endpoint_auth_method, grant_types, scope, metadata, created_at`;

export class OAuthClientRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async create(input: Omit<OAuthClientRow, 'created_at'>): Promise<OAuthClientRow> {
    return this.db.one(sql.type(oauthClientRow)`
      insert into oauth_clients (id, secret_hash, name, redirect_uris, token_endpoint_auth_method, grant_types, scope, metadata)
      values (${input.id}, ${input.secret_hash}, ${input.name}, ${sql.array(input.redirect_uris, 'text')}, ${input.token_endpoint_auth_method},
              ${sql.array(input.grant_types, 'text')}, ${input.scope}, ${sql.jsonb(input.metadata as never)})
      returning ${columns}`);
  }

  /**
   * Clients registered longer ago than `olderThanSeconds` that never completed an authorization
   * (no grant): registration is open to anyone, so what was never used does not stay. Their
   * pending requests go with them.
   */
  async purgeUnused(olderThanSeconds: number): Promise<number> {
    const result = await this.db.query(sql.unsafe`
      delete from oauth_clients c
      where c.created_at < now() - make_interval(secs => ${olderThanSeconds})
        and not exists (select 1 from oauth_grants g where g.client_id = c.id)`);
    return result.rowCount;
  }

  async find(id: string): Promise<OAuthClientRow | null> {
    return this.db.maybeOne(sql.type(oauthClientRow)`select ${columns} from oauth_clients where id = ${id}`);
  }
}

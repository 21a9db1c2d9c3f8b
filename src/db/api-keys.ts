/** API keys, stored by the SHA-256 of their secret, and the lookup the auth layer needs. */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';
import { planInForce, planInForceRow } from './plan-in-force.ts';

export const apiKeyRow = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  prefix: z.string(),
  status: z.enum(['active', 'revoked']),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;

/** What authenticating a request needs to know about a key, its owner and their plan. */
export const keyPrincipalRow = z
  .object({
    key_id: z.string(),
    user_id: z.string(),
    email: z.string(),
    key_status: z.enum(['active', 'revoked']),
    expires_at: z.string().nullable(),
  })
  .extend(planInForceRow.shape);
export type KeyPrincipalRow = z.infer<typeof keyPrincipalRow>;

const columns = sql.fragment`id, user_id, name, prefix, status, created_at, last_used_at, revoked_at, expires_at`;

export class ApiKeyRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async create(input: { userId: string; name: string; prefix: string; keyHash: string; expiresAt?: string | null }): Promise<ApiKeyRow> {
    return this.db.one(sql.type(apiKeyRow)`
      insert into api_keys (user_id, name, prefix, key_hash, expires_at)
      values (${input.userId}, ${input.name}, ${input.prefix}, ${input.keyHash}, ${input.expiresAt ?? null})
      returning ${columns}`);
  }

  async findPrincipalByHash(keyHash: string): Promise<KeyPrincipalRow | null> {
    const plan = planInForce(sql.identifier(['k', 'user_id']));
    return this.db.maybeOne(sql.type(keyPrincipalRow)`
      select k.id as key_id, k.user_id, u.email, k.status as key_status, k.expires_at, ${plan.columns}
      from api_keys k
      join users u on u.id = k.user_id
      ${plan.joins}
      where k.key_hash = ${keyHash}`);
  }

  /** The hashes of every key of a user: each process's key cache is keyed by them. */
  async hashesOfUser(userId: string): Promise<string[]> {
    return [...(await this.db.anyFirst(sql.type(z.object({ key_hash: z.string() }))`select key_hash from api_keys where user_id = ${userId}`))];
  }

  async listForUser(userId: string): Promise<readonly ApiKeyRow[]> {
    return this.db.any(sql.type(apiKeyRow)`select ${columns} from api_keys where user_id = ${userId} order by created_at desc`);
  }

  async countActive(userId: string): Promise<number> {
    return this.db.oneFirst(
      sql.type(
        z.object({ n: z.number() }),
      )`select count(*)::int as n from api_keys where user_id = ${userId} and status = 'active' and (expires_at is null or expires_at > now())`,
    );
  }

  /**
   * Revokes the key only when it belongs to the user; null when there is no such key of theirs.
   * Returns the hash too: the caches of every API process are keyed by it.
   */
  async revoke(userId: string, keyId: string): Promise<(ApiKeyRow & { key_hash: string }) | null> {
    return this.db.maybeOne(sql.type(apiKeyRow.extend({ key_hash: z.string() }))`
      update api_keys set status = 'revoked', revoked_at = coalesce(revoked_at, now())
      where id = ${keyId} and user_id = ${userId}
      returning ${columns}, key_hash`);
  }

  /** Moves last_used_at forward for a batch of keys (the usage writer calls it once per flush). */
  async touchLastUsed(uses: ReadonlyMap<string, string>): Promise<void> {
    if (!uses.size) return;
    await this.db.query(sql.unsafe`
      update api_keys k set last_used_at = u.used_at
      from ${sql.unnest([...uses], ['uuid', 'timestamptz'])} as u(id, used_at)
      where k.id = u.id and (k.last_used_at is null or k.last_used_at < u.used_at)`);
  }
}

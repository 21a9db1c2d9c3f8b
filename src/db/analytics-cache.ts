/**
 * The admin dashboard's analytics cache: a key → JSON store with an optional expiry, bounded in
 * entries (the least recently written go first, expired ones before them) and in value size
 * (checked by the route).
 */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export const cacheEntryRow = z.object({ cache_key: z.string(), value: z.unknown(), expires_at: z.string().nullable(), updated_at: z.string() });
export type CacheEntryRow = z.infer<typeof cacheEntryRow>;

export class AnalyticsCacheRepository {
  constructor(
    private readonly db: CommonQueryMethods,
    private readonly maxEntries: number,
  ) {}

  /** The live entry; null when absent or expired. */
  async get(key: string): Promise<CacheEntryRow | null> {
    return this.db.maybeOne(sql.type(cacheEntryRow)`
      select cache_key, value, expires_at, updated_at from analytics_cache
      where cache_key = ${key} and (expires_at is null or expires_at > now())`);
  }

  async set(key: string, valueJson: string, ttlSeconds: number | null): Promise<Omit<CacheEntryRow, 'value'>> {
    const row = await this.db.one(sql.type(cacheEntryRow.omit({ value: true }))`
      insert into analytics_cache (cache_key, value, expires_at, updated_at)
      values (${key}, ${valueJson}::jsonb, case when ${ttlSeconds}::int is null then null else now() + make_interval(secs => ${ttlSeconds}) end, clock_timestamp())
      on conflict (cache_key) do update set value = excluded.value, expires_at = excluded.expires_at, updated_at = excluded.updated_at
      returning cache_key, expires_at, updated_at`);
    await this.db.query(sql.unsafe`
      delete from analytics_cache where cache_key in (
        select cache_key from analytics_cache
        order by (expires_at is not null and expires_at <= now()) desc, updated_at asc
        limit greatest(0, (select count(*) from analytics_cache) - ${this.maxEntries}))`);
    return row;
  }
}

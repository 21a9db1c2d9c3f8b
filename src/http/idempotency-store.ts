/**
 * Idempotency records: Redis (shared by every API process) or, embedded, this process's memory.
 *
 * A record is either a claim — "P" + owner token + request fingerprint, living IDEMPOTENCY_LOCK
 * seconds so that a crashed process cannot block the key for long — or a completed response —
 * "D" + JSON {f: fingerprint, r: response}, living IDEMPOTENCY_TTL (24 h). Claiming is one atomic
 * step (a Lua script), so of two concurrent requests with one key exactly one runs. Completing
 * and releasing only touch the record while it is still the caller's own claim.
 *
 * What one owner (user) keeps is bounded: the bytes of the records stored in each clock hour are
 * counted per owner, and a record that would take the owner's total over the records' lifetime
 * past `maxBytesPerOwner` is not stored (its claim is released: a retry runs again).
 */
import { LRUCache } from 'lru-cache';
import { growingCache } from '../growing-cache.ts';
import type { Redis } from 'ioredis';
import { defineScript, deleteKeysWithPrefix, slotTag } from '../db/redis.ts';

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
  /** `deflate`: the body is raw-deflate compressed (large bodies); absent: as sent. */
  encoding?: 'deflate';
  /**
   * `recompute`: the answer itself is not kept (a route whose results must not be stored); a
   * replay runs the request again with `context`, and `status`, `headers` and `body` are empty.
   */
  replay?: 'recompute';
  /** What the route needs to compute the same answer again (an instant, a trace id): never subject data. */
  context?: Record<string, string | number>;
}

export type Claim =
  { kind: 'acquired'; token: string } | { kind: 'replay'; response: StoredResponse } | { kind: 'mismatch' } | { kind: 'in_progress'; retryAfterMs: number };

/** `over_budget`: not stored, the owner keeps too much already (the claim is released). */
export type Completion = 'stored' | 'over_budget' | 'not_ours';

export interface IdempotencyStore {
  claim(key: string, fingerprint: string, token: string, lockMs: number): Promise<Claim>;
  complete(owner: string, key: string, token: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<Completion>;
  release(key: string, token: string): Promise<void>;
  /** Drops every record of a user (their account is being erased; records are keyed `<userId>:…`). */
  forgetUser(userId: string): Promise<void>;
}

const HOUR_MS = 3_600_000;
const claimValue = (token: string, fingerprint: string) => `P${token}${fingerprint}`;
const doneValue = (fingerprint: string, response: StoredResponse) => `D${JSON.stringify({ f: fingerprint, r: response })}`;
/** The hours whose stored bytes still count at `now`: the records' lifetime, and the current hour. */
const countedHours = (now: number, ttlMs: number) => {
  const current = Math.floor(now / HOUR_MS);
  return Array.from({ length: Math.ceil(ttlMs / HOUR_MS) + 1 }, (_, i) => current - i);
};

/** What an existing record means for a request with this fingerprint. */
export function readRecord(value: string, fingerprint: string, ttlMs: number, tokenLength: number): Claim {
  if (value.startsWith('P')) {
    if (value.slice(1 + tokenLength) !== fingerprint) return { kind: 'mismatch' };
    // The first request is still running: retry in a second, or when the claim lapses if sooner.
    return { kind: 'in_progress', retryAfterMs: Math.max(1, Math.min(1000, ttlMs)) };
  }
  const record = JSON.parse(value.slice(1)) as { f: string; r: StoredResponse };
  return record.f === fingerprint ? { kind: 'replay', response: record.r } : { kind: 'mismatch' };
}

const CLAIM_LUA = `
local v = redis.call('GET', KEYS[1])
if v then return {0, v, redis.call('PTTL', KEYS[1])} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return {1}
`;
// Store only over our own claim, or where the claim lapsed and nobody took the key since; and
// only within the owner's budget: KEYS[2..] are the owner's byte counters of the counted hours,
// the current hour's first. Reply 1 stored, 0 not ours, 2 over budget (our claim released).
const COMPLETE_LUA = `
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, 1, string.len(ARGV[1])) ~= ARGV[1] then return 0 end
local size = string.len(ARGV[2])
local kept = 0
for _, n in ipairs(redis.call('MGET', unpack(KEYS, 2))) do kept = kept + (tonumber(n) or 0) end
if kept + size > tonumber(ARGV[4]) then
  if v then redis.call('DEL', KEYS[1]) end
  return 2
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('INCRBY', KEYS[2], size)
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return 1
`;
const RELEASE_LUA = `
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, 1, string.len(ARGV[1])) == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end
return 0
`;

const COMPLETIONS: Record<number, Completion> = { 0: 'not_ours', 1: 'stored', 2: 'over_budget' };

export class RedisIdempotencyStore implements IdempotencyStore {
  private readonly claimScript;
  private readonly completeScript;
  private readonly releaseScript;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly maxBytesPerOwner: number,
  ) {
    this.claimScript = defineScript<[number, string?, number?]>(redis, CLAIM_LUA);
    this.completeScript = defineScript<number>(redis, COMPLETE_LUA);
    this.releaseScript = defineScript<number>(redis, RELEASE_LUA);
  }

  /**
   * Record keys are `<user id>:<hash>`: the user id becomes a hash tag, shared with the user's byte
   * counters, so that the completing script's keys are in one Redis Cluster slot.
   */
  private redisKey(key: string) {
    const colon = key.indexOf(':');
    return colon < 0 ? `${this.prefix}idem:${slotTag(key)}` : `${this.prefix}idem:${slotTag(key.slice(0, colon))}${key.slice(colon)}`;
  }

  async claim(key: string, fingerprint: string, token: string, lockMs: number): Promise<Claim> {
    const [acquired, value, ttl] = await this.claimScript([this.redisKey(key)], [claimValue(token, fingerprint), lockMs]);
    if (acquired === 1) return { kind: 'acquired', token };
    return readRecord(value!, fingerprint, ttl ?? lockMs, token.length);
  }

  async complete(owner: string, key: string, token: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<Completion> {
    const counters = countedHours(Date.now(), ttlMs).map((hour) => `${this.prefix}idem-bytes:${slotTag(owner)}:${hour}`);
    const reply = await this.completeScript(
      [this.redisKey(key), ...counters],
      [`P${token}`, doneValue(fingerprint, response), ttlMs, this.maxBytesPerOwner, ttlMs + HOUR_MS],
    );
    return COMPLETIONS[reply] ?? 'not_ours';
  }

  async release(key: string, token: string): Promise<void> {
    await this.releaseScript([this.redisKey(key)], [`P${token}`]);
  }

  async forgetUser(userId: string): Promise<void> {
    await deleteKeysWithPrefix(this.redis, this.redisKey(`${userId}:`));
  }
}

/** The embedded stand-in: the same records in a bounded in-process cache with per-entry TTLs. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly records = new LRUCache<string, string>({ max: 50_000, maxSize: 512 * 1024 * 1024, sizeCalculation: (v) => v.length + 64 });
  /** `owner hour` → bytes stored in that hour. */
  private readonly stored = growingCache<string, { bytes: number }>({ entries: 500_000, ttlMs: 8 * 24 * HOUR_MS });

  constructor(private readonly maxBytesPerOwner: number) {}

  async claim(key: string, fingerprint: string, token: string, lockMs: number): Promise<Claim> {
    const value = this.records.get(key);
    if (value !== undefined) return readRecord(value, fingerprint, this.records.getRemainingTTL(key), token.length);
    this.records.set(key, claimValue(token, fingerprint), { ttl: lockMs });
    return { kind: 'acquired', token };
  }

  async complete(owner: string, key: string, token: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<Completion> {
    const value = this.records.get(key);
    if (value !== undefined && !value.startsWith(`P${token}`)) return 'not_ours';
    const record = doneValue(fingerprint, response);
    const hours = countedHours(Date.now(), ttlMs);
    const kept = hours.reduce((sum, hour) => sum + (this.stored.get(`${owner} ${hour}`)?.bytes ?? 0), 0);
    if (kept + record.length > this.maxBytesPerOwner) {
      if (value !== undefined) this.records.delete(key);
      return 'over_budget';
    }
    this.records.set(key, record, { ttl: ttlMs });
    const counter = `${owner} ${hours[0]}`;
    const current = this.stored.get(counter);
    if (current) current.bytes += record.length;
    else this.stored.set(counter, { bytes: record.length }, { ttl: ttlMs + HOUR_MS });
    return 'stored';
  }

  async forgetUser(userId: string): Promise<void> {
    for (const key of [...this.records.keys()]) if (key.startsWith(`${userId}:`)) this.records.delete(key);
  }

  async release(key: string, token: string): Promise<void> {
    if (this.records.get(key)?.startsWith(`P${token}`)) this.records.delete(key);
  }

  /** Every record kept, as stored (for inspection: what this process holds). */
  entries(): [string, string][] {
    return [...this.records.entries()];
  }
}

/**
 * Idempotency records: Redis (shared by every API process) or, embedded, this process's memory.
 *
 * A record is either a claim — "P" + owner token + request fingerprint, living IDEMPOTENCY_LOCK
 * seconds so that a crashed process cannot block the key for long — or a completed response —
 * "D" + JSON {f: fingerprint, r: response}, living IDEMPOTENCY_TTL (24 h). Claiming is one atomic
 * step (a Lua script), so of two concurrent requests with one key exactly one runs. Completing
 * and releasing only touch the record while it is still the caller's own claim.
 */
import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';
import { defineScript } from '../db/redis.ts';

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

export type Claim =
  | { kind: 'acquired'; token: string }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch' }
  | { kind: 'in_progress'; retryAfterMs: number };

export interface IdempotencyStore {
  claim(key: string, fingerprint: string, token: string, lockMs: number): Promise<Claim>;
  complete(key: string, token: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void>;
  release(key: string, token: string): Promise<void>;
}

const claimValue = (token: string, fingerprint: string) => `P${token}${fingerprint}`;
const doneValue = (fingerprint: string, response: StoredResponse) => `D${JSON.stringify({ f: fingerprint, r: response })}`;

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
// Store only over our own claim, or where the claim lapsed and nobody took the key since.
const COMPLETE_LUA = `
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, 1, string.len(ARGV[1])) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`;
const RELEASE_LUA = `
local v = redis.call('GET', KEYS[1])
if v and string.sub(v, 1, string.len(ARGV[1])) == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end
return 0
`;

export class RedisIdempotencyStore implements IdempotencyStore {
  private readonly claimScript;
  private readonly completeScript;
  private readonly releaseScript;

  constructor(redis: Redis, private readonly prefix: string) {
    this.claimScript = defineScript<[number, string?, number?]>(redis, CLAIM_LUA);
    this.completeScript = defineScript<number>(redis, COMPLETE_LUA);
    this.releaseScript = defineScript<number>(redis, RELEASE_LUA);
  }

  private redisKey(key: string) {
    return `${this.prefix}idem:${key}`;
  }

  async claim(key: string, fingerprint: string, token: string, lockMs: number): Promise<Claim> {
    const [acquired, value, ttl] = await this.claimScript([this.redisKey(key)], [claimValue(token, fingerprint), lockMs]);
    if (acquired === 1) return { kind: 'acquired', token };
    return readRecord(value!, fingerprint, ttl ?? lockMs, token.length);
  }

  async complete(key: string, token: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void> {
    await this.completeScript([this.redisKey(key)], [`P${token}`, doneValue(fingerprint, response), ttlMs]);
  }

  async release(key: string, token: string): Promise<void> {
    await this.releaseScript([this.redisKey(key)], [`P${token}`]);
  }
}

/** The embedded stand-in: the same records in a bounded in-process cache with per-entry TTLs. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly records = new LRUCache<string, string>({ max: 50_000, maxSize: 512 * 1024 * 1024, sizeCalculation: (v) => v.length + 64 });

  async claim(key: string, fingerprint: string, token: string, lockMs: number): Promise<Claim> {
    const value = this.records.get(key);
    if (value !== undefined) return readRecord(value, fingerprint, this.records.getRemainingTTL(key), token.length);
    this.records.set(key, claimValue(token, fingerprint), { ttl: lockMs });
    return { kind: 'acquired', token };
  }

  async complete(key: string, token: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void> {
    const value = this.records.get(key);
    if (value !== undefined && !value.startsWith(`P${token}`)) return;
    this.records.set(key, doneValue(fingerprint, response), { ttl: ttlMs });
  }

  async release(key: string, token: string): Promise<void> {
    if (this.records.get(key)?.startsWith(`P${token}`)) this.records.delete(key);
  }
}

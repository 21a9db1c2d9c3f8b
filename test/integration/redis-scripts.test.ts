/**
 * Lua scripts (rate limits, idempotency): the calls of one event-loop turn travel as one
 * pipeline of EVALSHA, a script the server does not know yet is sent again as EVAL, and each
 * call gets its own answer or its own error.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { defineScript, deleteKeysWithPrefix, openRedis, type RedisConnections } from '../../src/db/redis.ts';

const url = process.env.REDIS_URL;
let redis: RedisConnections;
let monitor: Redis;
const seen: string[][] = [];
const prefix = `test:scripts:${randomBytes(6).toString('hex')}:`;

beforeAll(async () => {
  if (!url) return;
  redis = openRedis(url, prefix);
  monitor = await redis.client.duplicate().monitor();
  monitor.on('monitor', (_time: string, args: string[]) => {
    if (args.some((a) => a.includes(prefix))) seen.push(args);
  });
});
afterAll(async () => {
  if (!url) return;
  monitor.disconnect();
  await deleteKeysWithPrefix(redis.client, prefix);
  await redis.close();
});

const settle = () => new Promise((r) => setTimeout(r, 200)); // MONITOR delivers a little later

describe.skipIf(!url)('defineScript', () => {
  it('loads an unknown script with EVAL once, then sends only its hash; concurrent calls each get their answer', async () => {
    // A script this server has never seen: the comment makes it unique.
    const incr = defineScript<number>(redis.client, `-- ${prefix}\nreturn redis.call('INCRBY', KEYS[1], ARGV[1])`);
    const key = `${prefix}counter`;
    expect(await incr([key], [1])).toBe(1);
    const results = await Promise.all(Array.from({ length: 50 }, () => incr([key], [2])));
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => 3 + 2 * i));
    await settle();
    const commands = seen.map((args) => args[0]!.toLowerCase());
    expect(commands.slice(0, 2)).toEqual(['evalsha', 'eval']); // NOSCRIPT, then the script itself
    expect(commands.filter((c) => c === 'eval')).toHaveLength(1);
    expect(commands.filter((c) => c === 'evalsha')).toHaveLength(1 + 50);
  });

  it('rejects only the call whose script fails, not the others of its batch', async () => {
    const check = defineScript<number>(redis.client, `-- ${prefix} check\nif ARGV[1] == 'bad' then return redis.error_reply('ERR refused') end return 7`);
    const outcomes = await Promise.allSettled([check([`${prefix}a`], ['good']), check([`${prefix}b`], ['bad']), check([`${prefix}c`], ['good'])]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toMatch(/refused/);
    expect((outcomes[0] as PromiseFulfilledResult<number>).value).toBe(7);
  });
});

/**
 * Lua scripts (rate limits, idempotency): the calls of one event-loop turn travel as one
 * pipeline of EVALSHA, a script the server does not know yet is sent again as EVAL, and each
 * call gets its own answer or its own error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineScript } from '../../src/db/redis.ts';
import { watchRedis, type WatchedRedis } from '../helpers/redis-monitor.ts';

const url = process.env.REDIS_URL;
let watched: WatchedRedis;

beforeAll(async () => {
  if (url) watched = await watchRedis(url, 'scripts');
});
afterAll(async () => {
  await watched?.close();
});

describe.skipIf(!url)('defineScript', () => {
  it('loads an unknown script with EVAL once, then sends only its hash; concurrent calls each get their answer', async () => {
    const { redis, prefix } = watched;
    // A script this server has never seen: the comment makes it unique.
    const incr = defineScript<number>(redis.client, `-- ${prefix}\nreturn redis.call('INCRBY', KEYS[1], ARGV[1])`);
    const key = `${prefix}counter`;
    expect(await incr([key], [1])).toBe(1);
    const results = await Promise.all(Array.from({ length: 50 }, () => incr([key], [2])));
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => 3 + 2 * i));
    await watched.settle();
    const commands = watched.commands.map((args) => args[0]!.toLowerCase());
    expect(commands.slice(0, 2)).toEqual(['evalsha', 'eval']); // NOSCRIPT, then the script itself
    expect(commands.filter((c) => c === 'eval')).toHaveLength(1);
    expect(commands.filter((c) => c === 'evalsha')).toHaveLength(1 + 50);
  });

  it('rejects only the call whose script fails, not the others of its batch', async () => {
    const { redis, prefix } = watched;
    const check = defineScript<number>(redis.client, `-- ${prefix} check\nif ARGV[1] == 'bad' then return redis.error_reply('ERR refused') end return 7`);
    const outcomes = await Promise.allSettled([check([`${prefix}a`], ['good']), check([`${prefix}b`], ['bad']), check([`${prefix}c`], ['good'])]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toMatch(/refused/);
    expect((outcomes[0] as PromiseFulfilledResult<number>).value).toBe(7);
  });
});

/**
 * Tests of what several API processes share through Redis (counters, revocations, sessions) need a
 * Redis server. Without REDIS_URL they are skipped, with the reason in their name, so that `npm
 * test` on a fresh clone passes and says what it did not run; CI sets REDIS_URL and runs them.
 */
import { describe } from 'vitest';

const redisConfigured = Boolean(process.env.REDIS_URL);
const REASON = ' (skipped: needs REDIS_URL)';

export const describeWithRedis = (
  redisConfigured
    ? describe
    : (name: string, ...rest: Parameters<typeof describe.skip> extends [unknown, ...infer R] ? R : never) => describe.skip(name + REASON, ...rest)
) as typeof describe;

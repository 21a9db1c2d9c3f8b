/**
 * The connections to Redis: one for commands (rate limits, idempotency records, revocation
 * markers) and one for pub/sub, which Redis requires to be dedicated. Every key and channel is
 * namespaced by REDIS_KEY_PREFIX so that deployments (and parallel test files) sharing one Redis
 * never see each other's counters.
 */
import { Redis } from 'ioredis';

export interface RedisConnections {
  client: Redis;
  subscriber: Redis;
  /** Prefix of every key and channel, e.g. `astro:`. */
  prefix: string;
  close(): Promise<void>;
}

export function openRedis(url: string, prefix: string): RedisConnections {
  // Fail a command after a short wait rather than holding requests while Redis is away: the
  // caller answers 503 and the client retries.
  const options = { maxRetriesPerRequest: 2, commandTimeout: 2000, connectTimeout: 5000 };
  // Auto-pipelining sends the commands of concurrent requests in one write: fewer syscalls under load.
  const client = new Redis(url, { ...options, connectionName: 'astro-api', enableAutoPipelining: true });
  const subscriber = new Redis(url, { ...options, connectionName: 'astro-api-sub' });
  // ioredis reconnects by itself; without a listener an 'error' event would crash the process.
  client.on('error', () => {});
  subscriber.on('error', () => {});
  return {
    client, subscriber, prefix,
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}

type ScriptArg = string | number;

/**
 * A Lua script run atomically on the server with EVALSHA (ioredis falls back to EVAL and
 * caches the script when the server does not know it yet).
 */
export function defineScript<R>(client: Redis, name: string, numberOfKeys: number, lua: string): (keys: string[], args: ScriptArg[]) => Promise<R> {
  if (!(name in client)) client.defineCommand(name, { lua, numberOfKeys });
  const command = (client as unknown as Record<string, (...a: ScriptArg[]) => Promise<R>>)[name]!.bind(client);
  return (keys, args) => command(...keys, ...args);
}

/** Deletes every key under a prefix (tests clean up after themselves with it). */
export async function deleteKeysWithPrefix(client: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await client.unlink(...keys);
  } while (cursor !== '0');
}

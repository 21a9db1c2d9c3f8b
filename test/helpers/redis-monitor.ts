/**
 * Redis connections under a key prefix of their own, with every command that names the prefix
 * recorded through MONITOR: for tests that check what actually reaches the server.
 */
import { randomBytes } from 'node:crypto';
import { deleteKeysWithPrefix, openRedis, type RedisConnections } from '../../src/db/redis.ts';

export interface WatchedRedis {
  redis: RedisConnections;
  prefix: string;
  /** The arguments of each command naming the prefix, in the order the server ran them. */
  commands: string[][];
  /** Waits until MONITOR has delivered what was sent so far (it delivers a little later). */
  settle(): Promise<void>;
  /** Stops watching, deletes every key under the prefix and closes the connections. */
  close(): Promise<void>;
}

export async function watchRedis(url: string, name: string): Promise<WatchedRedis> {
  const prefix = `test:${name}:${randomBytes(6).toString('hex')}:`;
  const redis = openRedis(url, prefix);
  const monitor = await redis.client.duplicate().monitor();
  const commands: string[][] = [];
  monitor.on('monitor', (_time: string, args: string[]) => {
    if (args.some((a) => a.includes(prefix))) commands.push(args);
  });
  return {
    redis, prefix, commands,
    settle: () => new Promise((r) => setTimeout(r, 200)),
    async close() {
      monitor.disconnect();
      await deleteKeysWithPrefix(redis.client, prefix);
      await redis.close();
    },
  };
}

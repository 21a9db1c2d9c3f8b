/**
 * The connections to Redis: one for commands (rate limits, idempotency records, revocation
 * markers) and one for pub/sub, which Redis requires to be dedicated. Every key and channel is
 * namespaced by REDIS_KEY_PREFIX so that deployments (and parallel test files) sharing one Redis
 * never see each other's counters.
 */
import { createHash } from 'node:crypto';
import { Cluster, Redis, type RedisOptions } from 'ioredis';

export interface RedisConnections {
  /**
   * Commands. With a Redis Cluster this is an ioredis Cluster, typed as a Redis: the two answer
   * the same commands, and the code that differs (script pipelines, key scans) asks isCluster().
   */
  client: Redis;
  subscriber: Redis;
  /** Prefix of every key and channel, e.g. `astro:`. */
  prefix: string;
  close(): Promise<void>;
}

/** Whether a connection is to a Redis Cluster (an ioredis Cluster). */
export const isCluster = (client: Redis): boolean => (client as { isCluster?: boolean }).isCluster === true;

/**
 * A connection to `url`, or with `cluster` to the Redis Cluster that `url` names one node of
 * (any node: the client learns the others and the slots from it, and follows failovers). The
 * URL's user name, password and `rediss:` apply to every node.
 */
export function connectRedis(url: string, options: RedisOptions & { enableAutoPipelining?: boolean }, cluster = false): Redis {
  if (!cluster) return new Redis(url, options);
  const { hostname, port, username, password, protocol } = new URL(url);
  // No auto-pipelining on a cluster: a pipeline that meets a failover fails with MOVED as a whole
  // instead of following the redirection as a lone command does.
  const { enableAutoPipelining: _notOnACluster, ...redisOptions } = options;
  const node: RedisOptions = {
    ...redisOptions,
    ...(username ? { username: decodeURIComponent(username) } : {}),
    ...(password ? { password: decodeURIComponent(password) } : {}),
    ...(protocol === 'rediss:' ? { tls: {} } : {}),
  };
  const connection = new Cluster([{ host: hostname, port: Number(port || 6379) }], {
    redisOptions: node,
    // A command that meets a failover waits for the new slot map rather than failing at once.
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 300,
    maxRedirections: 16,
  });
  return connection as unknown as Redis;
}

export function openRedis(url: string, prefix: string, cluster = false): RedisConnections {
  // Fail a command after a short wait rather than holding requests while Redis is away: the
  // caller answers 503 and the client retries.
  const options = { maxRetriesPerRequest: 2, commandTimeout: 2000, connectTimeout: 5000 };
  // Auto-pipelining sends the commands of concurrent requests in one write: fewer syscalls under load.
  const client = connectRedis(url, { ...options, connectionName: 'astro-api', enableAutoPipelining: true }, cluster);
  const subscriber = connectRedis(url, { ...options, connectionName: 'astro-api-sub' }, cluster);
  // ioredis reconnects by itself; without a listener an 'error' event would crash the process.
  client.on('error', () => {});
  subscriber.on('error', () => {});
  return {
    client,
    subscriber,
    prefix,
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}

type ScriptArg = string | number;

interface ScriptCall {
  keys: string[];
  args: ScriptArg[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Sends one turn's calls of a script as one pipeline of EVALSHA (its hash); a call answered
 * NOSCRIPT (the server restarted or flushed its scripts) is sent again as EVAL with the script,
 * which also caches it. Each call gets its own answer or its own error.
 */
function runScriptCalls(client: Redis, lua: string, sha: string, calls: ScriptCall[]): void {
  // A cluster pipeline must stay within one node's slots: each call goes on its own there, and
  // the client's auto-pipelining still groups the calls bound for one node into one write.
  if (isCluster(client)) {
    for (const c of calls) {
      client.evalsha(sha, c.keys.length, ...c.keys, ...c.args).then(c.resolve, (error: unknown) => {
        if (error instanceof Error && error.message.startsWith('NOSCRIPT')) client.eval(lua, c.keys.length, ...c.keys, ...c.args).then(c.resolve, c.reject);
        else c.reject(error);
      });
    }
    return;
  }
  const pipeline = client.pipeline();
  for (const c of calls) pipeline.evalsha(sha, c.keys.length, ...c.keys, ...c.args);
  pipeline.exec().then(
    (results) => {
      calls.forEach((c, i) => {
        const [error, value] = results?.[i] ?? [new Error('no reply from Redis'), undefined];
        if (!error) c.resolve(value);
        else if (error.message.startsWith('NOSCRIPT')) client.eval(lua, c.keys.length, ...c.keys, ...c.args).then(c.resolve, c.reject);
        else c.reject(error);
      });
    },
    (error: unknown) => calls.forEach((c) => c.reject(error)),
  );
}

const sha1 = (lua: string) => createHash('sha1').update(lua).digest('hex');

/**
 * A Lua script run atomically on the server. The calls made during one turn of the event loop
 * travel together in one pipeline, one socket write: auto-pipelining flushes after every
 * callback, so under load each request paid its own write and woke Redis once more (with 32
 * connections a turn now carries about 6 calls; natal full/bare A/B: +2 to +7 %).
 */
export function defineScript<R>(client: Redis, lua: string): (keys: string[], args: ScriptArg[]) => Promise<R> {
  const sha = sha1(lua);
  let queued: ScriptCall[] = [];
  const flush = () => {
    const calls = queued;
    queued = [];
    runScriptCalls(client, lua, sha, calls);
  };
  return (keys, args) =>
    new Promise<R>((resolve, reject) => {
      if (queued.push({ keys, args, resolve: resolve as (value: unknown) => void, reject }) === 1) setImmediate(flush);
    });
}

/** How a coalescing script merges the requests of one group into one call, and splits its answer. */
export interface CoalescingPlan<Q, R> {
  /** Requests with equal group keys in one turn become one script call. */
  group(request: Q): string;
  /** The one call for a group's requests (in arrival order). */
  call(requests: readonly Q[]): { keys: string[]; args: ScriptArg[] };
  /** The answer of each request, in the same order, from the call's reply. */
  split(reply: unknown, requests: readonly Q[]): R[];
}

/**
 * A script whose equal requests of one event-loop turn run as one call: a busy client's burst
 * costs Redis one script run (about 9 µs each on the benchmark machine) instead of one per
 * request. The script must answer the group exactly as it would have answered its requests one
 * after another, in order; the calls of all groups still travel in one pipeline.
 */
export function defineCoalescingScript<Q, R>(client: Redis, lua: string, plan: CoalescingPlan<Q, R>): (request: Q) => Promise<R> {
  const sha = sha1(lua);
  type Waiter = { resolve: (value: R) => void; reject: (error: unknown) => void };
  let groups = new Map<string, { requests: Q[]; waiters: Waiter[] }>();
  const flush = () => {
    const due = groups;
    groups = new Map();
    const calls: ScriptCall[] = [];
    for (const { requests, waiters } of due.values()) {
      const { keys, args } = plan.call(requests);
      calls.push({
        keys,
        args,
        // Methods, not arrow functions: the TypeScript loader names each arrow function it
        // creates (a runtime call of about 0.4 µs), and these are made for every request.
        resolve(reply) {
          let answers: R[];
          try {
            answers = plan.split(reply, requests);
          } catch (error) {
            for (const w of waiters) w.reject(error);
            return;
          }
          waiters.forEach((w, i) => w.resolve(answers[i]!));
        },
        reject(error) {
          for (const w of waiters) w.reject(error);
        },
      });
    }
    runScriptCalls(client, lua, sha, calls);
  };
  return (request) =>
    new Promise<R>((resolve, reject) => {
      const key = plan.group(request);
      let group = groups.get(key);
      if (!group) {
        if (groups.size === 0) setImmediate(flush);
        group = { requests: [], waiters: [] };
        groups.set(key, group);
      }
      group.requests.push(request);
      group.waiters.push({ resolve, reject });
    });
}

/**
 * A tag that puts every key containing it in one Redis Cluster slot (only the part in braces is
 * hashed): the keys one script touches together must share a slot. On a single Redis it is just
 * part of the name.
 */
export const slotTag = (name: string) => `{${name}}`;

/** Deletes every key under a prefix (tests clean up after themselves with it; also a user's records). */
export async function deleteKeysWithPrefix(client: Redis, prefix: string): Promise<void> {
  // A cluster's keys are spread over its masters: each is scanned, and each key deleted on its own
  // (one UNLINK may name keys of one slot only).
  const nodes = isCluster(client) ? (client as unknown as Cluster).nodes('master') : [client];
  const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (!keys.length) continue;
      if (node === client) await client.unlink(...keys);
      else await Promise.all(keys.map((key) => client.unlink(key)));
    } while (cursor !== '0');
  }
}

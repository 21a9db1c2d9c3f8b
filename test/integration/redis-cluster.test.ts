/**
 * On a Redis Cluster (six redis-server nodes on loopback, three masters with a replica each,
 * started here): the rate limits, idempotency records, key revocations and the BullMQ report
 * queue of two "processes" (two sets of connections) work as on one Redis, their keys spread
 * over the masters by hash tag; a failover of the master holding the report queue, under load,
 * loses no queued report and runs none twice.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeysWithPrefix, openRedis, type RedisConnections } from '../../src/db/redis.ts';
import { redisClusterBase } from '../helpers/child-server.ts';
import { RedisIdempotencyStore } from '../../src/http/idempotency-store.ts';
import { RedisRateLimitStore, type CounterRequest } from '../../src/http/rate-limit-store.ts';
import { BullmqTransport, REPORT_QUEUE_NAME } from '../../src/reports/queue/bullmq-transport.ts';
import { waitFor } from '../helpers/wait-for.ts';

const hasRedisServer = spawnSync('sh', ['-c', 'command -v redis-server && command -v redis-cli']).status === 0;
const repo = path.resolve(import.meta.dirname, '../..');

const cli = (port: number, ...args: string[]) => spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' }).stdout.trim();

describe.runIf(hasRedisServer)('on a Redis Cluster of three masters and three replicas', () => {
  let dir: string;
  let base: number;
  let ports: number[];
  let url: string;
  const prefix = `cl${randomBytes(3).toString('hex')}:`;
  let a: RedisConnections;
  let b: RedisConnections;

  beforeAll(async () => {
    // Six ports and their bus ports, below the kernel's ephemeral range and free (child-server.ts).
    base = await redisClusterBase();
    ports = [0, 1, 2, 3, 4, 5].map((i) => base + i);
    url = `redis://127.0.0.1:${base}`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-redis-cluster-'));
    const started = spawnSync('bash', [path.join(repo, 'test/infra/start-redis-cluster.sh'), dir, String(base)], { encoding: 'utf8' });
    expect(started.status, started.stderr).toBe(0);
    a = openRedis(url, prefix, true);
    b = openRedis(url, prefix, true);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    const pids: string[] = [];
    for (const port of ports) {
      const pidFile = path.join(dir, `redis-${port}.pid`);
      if (fs.existsSync(pidFile)) pids.push(fs.readFileSync(pidFile, 'utf8').trim());
    }
    for (const pid of pids) spawnSync('kill', [pid]);
    // A stopping node still writes its files (its snapshot, nodes.conf): removing the folder before every node has exited
    // raced them ("directory not empty").
    await waitFor(() => pids.every((pid) => spawnSync('kill', ['-0', pid]).status !== 0), 'the cluster nodes to exit', 20_000, 50);
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  /** The master serving a key's slot now. */
  const masterOf = (key: string): number => {
    const slot = Number(cli(base, 'cluster', 'keyslot', key));
    for (const port of ports) {
      const nodes = cli(port, 'cluster', 'nodes');
      if (!nodes) continue;
      for (const line of nodes.split('\n')) {
        const [, address, flags, , , , , state, ...ranges] = line.split(' ');
        if (!flags!.includes('master') || flags!.includes('fail') || state !== 'connected') continue;
        for (const range of ranges) {
          const [from, to = from] = range.split('-').map(Number);
          if (slot >= from! && slot <= to!) return Number(address!.split('@')[0]!.split(':')[1]);
        }
      }
      return NaN;
    }
    return NaN;
  };

  it("holds one user's quota exactly across two processes, with each user's counters in one slot and users spread over the masters", async () => {
    const users = Array.from({ length: 12 }, () => randomUUID());
    const period = { key: '2026-11', start: 0, end: Math.floor(Date.now() / 1000) + 86_400 };
    const stores = [new RedisRateLimitStore(a.client, prefix), new RedisRateLimitStore(b.client, prefix)];
    const request = (userId: string): CounterRequest => ({ userId, keyId: `k-${userId}`, quota: 40, rps: null, period, cost: 1 });
    const replies = await Promise.all(
      users.flatMap((u) => Array.from({ length: 60 }, (_, i) => stores[i % 2]!.take(request(u)).then((r) => [u, r.outcome] as const))),
    );
    for (const u of users) expect(replies.filter(([user, outcome]) => user === u && outcome === 'allowed')).toHaveLength(40);
    expect(await stores[1]!.used(users[0]!, period)).toBe(40);
    const masters = new Set(users.map((u) => masterOf(`${prefix}rl:q:{${u}}:${period.key}`)));
    expect(masters.size).toBeGreaterThan(1);
  });

  it('refuses a revoked key from the other process at once', async () => {
    const userId = randomUUID();
    const period = { key: '2026-11', start: 0, end: Math.floor(Date.now() / 1000) + 86_400 };
    const take = (store: RedisRateLimitStore) => store.take({ userId, keyId: 'key-r', quota: 100, rps: 10, period, cost: 1 });
    expect((await take(new RedisRateLimitStore(b.client, prefix))).outcome).toBe('allowed');
    await new RedisRateLimitStore(a.client, prefix).markRevoked('key-r', 60);
    expect((await take(new RedisRateLimitStore(b.client, prefix))).outcome).toBe('revoked');
  });

  it('claims, completes, replays and forgets idempotency records across the two processes', async () => {
    const userId = randomUUID();
    const first = new RedisIdempotencyStore(a.client, prefix, 1_000_000);
    const second = new RedisIdempotencyStore(b.client, prefix, 1_000_000);
    const key = `${userId}:${randomBytes(8).toString('hex')}`;
    expect((await first.claim(key, 'fp', 'token-1', 5000)).kind).toBe('acquired');
    expect((await second.claim(key, 'fp', 'token-2', 5000)).kind).toBe('in_progress');
    const response = { status: 201, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' };
    expect(await first.complete(userId, key, 'token-1', 'fp', response, 60_000)).toBe('stored');
    const replay = await second.claim(key, 'fp', 'token-3', 5000);
    expect(replay.kind).toBe('replay');
    expect((await second.claim(key, 'other', 'token-4', 5000)).kind).toBe('mismatch');
    await second.forgetUser(userId);
    expect((await first.claim(key, 'fp', 'token-5', 5000)).kind).toBe('acquired');
  });

  it("queues reports through BullMQ, and a failover of the queue's master under load loses none and runs none twice", async () => {
    const transport = new BullmqTransport({ redisUrl: url, cluster: true, keyPrefix: prefix, lockMs: 10_000 });
    const runs = new Map<string, number>();
    transport.consume(async (jobId) => {
      runs.set(jobId, (runs.get(jobId) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 20));
    }, 4);
    const queued: string[] = [];
    const enqueue = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const id = randomUUID();
        // A refused enqueue is the caller's to retry (the API answers 503, the sweeper queues again).
        for (;;) {
          try {
            await transport.enqueue(id);
            break;
          } catch {
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        queued.push(id);
      }
    };
    await enqueue(40);
    const queueKey = `${prefix}bull:${REPORT_QUEUE_NAME}:wait`;
    const oldMaster = masterOf(queueKey);
    const replica = ports.find((p) => cli(p, 'info', 'replication').includes(`master_port:${oldMaster}`))!;
    expect(replica).toBeDefined();
    // Under load: jobs are being enqueued and handled while the replica takes over.
    const load = enqueue(120);
    await new Promise((r) => setTimeout(r, 150));
    expect(cli(replica, 'cluster', 'failover')).toBe('OK');
    await load;
    await waitFor(() => masterOf(queueKey) === replica, 'the replica to take over the queue', 20_000);
    await waitFor(() => queued.every((id) => runs.has(id)), 'every queued report to run', 60_000);
    expect(queued).toHaveLength(160);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(await transport.depth()).toBe(0);
    await transport.close();
    await deleteKeysWithPrefix(a.client, prefix);
    const left = ports.map((p) => cli(p, '--scan', '--pattern', `${prefix}*`));
    expect(left.join('')).toBe('');
  });
});

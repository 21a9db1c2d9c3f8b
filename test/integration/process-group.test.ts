/**
 * SERVICE_PROCESSES=2 against the real PostgreSQL and Redis: two API processes share the port and
 * both answer; /metrics is the same merged count whichever process is asked, and answers while a
 * replacement starts; a process that dies is replaced while the other goes on serving, after a growing delay when replacements keep dying
 * young; SIGTERM (also while the processes are starting) and a terminal's Ctrl-C stop the group
 * with exit code 0; a process stopped while it starts is replaced; processes whose parent was killed stop; and
 * a group whose processes cannot start ends with exit code 1 instead of starting them forever.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built } from '../helpers/built.ts';
import { deleteKeysWithPrefix } from '../../src/db/redis.ts';
import { createDatabasePool } from '../../src/db/pool.ts';
import { createKeyForEmail } from '../../src/features/keys/keys-service.ts';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';
import { createServerDatabase, serverUrl, type TestDatabase } from '../helpers/database.ts';

const ROOT = path.resolve(new URL('../../', import.meta.url).pathname);
const redisUrl = process.env.REDIS_URL;

interface LogLine {
  pid: number;
  msg: string;
  time: number;
  res?: { statusCode: number };
  restartInMs?: number;
}

/** A POST on a connection of its own, so that the parent hands it to the next process in turn. */
function postOnNewConnection(port: number, pathname: string, key: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'x-api-key': key, 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const metricsText = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
const natalCount = (metrics: string) =>
  Number(/^http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/natal\/calculate",status_code="200"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !condition();) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!serverUrl || !redisUrl)('a group of API processes (SERVICE_PROCESSES)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-group-'));
  const prefix = `astro-group-test:${randomBytes(4).toString('hex')}:`;
  let database: TestDatabase;
  let group: Group;
  let key = '';
  const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    DATA_DIR: dataDir,
    AUTH_JWT_SECRET: 'a-secret-for-the-process-group-test-0123456789',
    HOST: '127.0.0.1',
    SERVICE_PROCESSES: '2',
    // One thread in each lane: the group, not the pool, is what is tested (each thread loads the service's modules, about 2 CPU s).
    COMPUTE_THREADS: '1',
    COMPUTE_HEAVY_THREADS: '1',
    LOG_LEVEL: 'info',
    ...extra,
  });
  const birth = (i: number) => ({
    year: 1960 + (i % 50),
    month: 1 + (i % 12),
    day: 1 + (i % 28),
    hour: i % 24,
    minute: 7,
    lat: 48.85,
    lng: 2.35,
    tz_str: 'AUTO',
  });

  type Group = Awaited<ReturnType<typeof startGroup>>;

  /** A group on a port of its own, its JSON log lines collected; `detached`: its own process group, as a terminal's job. */
  async function startGroup(options: { detached?: boolean } = {}) {
    const port = await freePort();
    const job = spawn(process.execPath, [built('src/main.ts')], {
      cwd: ROOT,
      env: env({ PORT: String(port) }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.detached ?? false,
    });
    const lines: LogLine[] = [];
    let output = '';
    let pending = '';
    job.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop()!;
      for (const line of complete) {
        try {
          lines.push(JSON.parse(line) as LogLine);
        } catch {
          // Not a log line.
        }
      }
    });
    job.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => job.once('exit', (code) => resolve(code)));
    const linesWith = (message: string) => lines.filter((l) => l.msg === message);
    const pidsOf = (message: string) => linesWith(message).map((l) => l.pid);
    return {
      port,
      job,
      exited,
      linesWith,
      pidsOf,
      output: () => output,
      /** The processes that answered a request with 200. */
      servingPids: () =>
        new Set(
          linesWith('request completed')
            .filter((l) => l.res?.statusCode === 200)
            .map((l) => l.pid),
        ),
      ready: async () => {
        expect(await waitUntilReady(port), output.slice(-4000)).toBe(true);
        await until(() => linesWith('service ready').length === 2, 'both processes to be ready');
      },
      end: async () => {
        if (job.exitCode === null && job.signalCode === null) {
          process.kill(options.detached ? -job.pid! : job.pid!, 'SIGKILL');
          await exited;
        }
        for (const pid of new Set(lines.map((l) => l.pid))) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      },
    };
  }

  /** `work` on a group of its own, which ends (SIGKILL for whatever is left) however `work` does. */
  async function withGroup(options: { detached?: boolean }, work: (other: Group) => Promise<void>): Promise<void> {
    const other = await startGroup(options);
    try {
      await work(other);
    } finally {
      await other.end();
    }
  }

  beforeAll(async () => {
    database = await createServerDatabase(serverUrl!);
    group = await startGroup();
    await group.ready();
    // The key straight into the group's database: the command line has tests of its own.
    const pool = await createDatabasePool(database.url, 1);
    try {
      key = (await createKeyForEmail(pool, { email: 'group@example.com', plan: 'unlimited' })).key;
    } finally {
      await pool.end();
    }
  }, 150_000);

  afterAll(async () => {
    await group?.end();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(redisUrl!);
    await deleteKeysWithPrefix(redis, prefix);
    redis.disconnect();
  }, 120_000);

  it('serves from both processes, and every scrape counts the requests of both', async () => {
    for (let i = 0; i < 12; i++) {
      const response = await postOnNewConnection(group.port, '/api/v1/natal/calculate', key, birth(i));
      expect(response.status, response.body).toBe(200);
      expect(JSON.parse(response.body).planets).toHaveLength(13);
    }
    await until(() => group.linesWith('request completed').filter((l) => l.res?.statusCode === 200).length >= 12, 'the request logs');
    expect(group.servingPids().size).toBe(2);
    expect(group.servingPids().has(group.job.pid!)).toBe(false);
    // Scrapes on new connections land on one process or the other: each says 12.
    for (let i = 0; i < 4; i++) expect(natalCount(await metricsText(group.port))).toBe(12);
  }, 60_000);

  it('replaces a process that dies while the other goes on serving', async () => {
    const [victim, survivor] = [...group.servingPids()];
    process.kill(victim!, 'SIGKILL');
    await until(() => !isAlive(victim!), 'the process to end');
    for (let i = 0; i < 4; i++) expect((await postOnNewConnection(group.port, '/api/v1/natal/calculate', key, birth(100 + i))).status).toBe(200);
    await until(() => group.linesWith('an API process ended; starting another').length > 0, 'the parent to notice');
    // While the replacement starts, and cannot answer the parent yet, a scrape is still answered
    // at once, with the serving process's counts (it waited 5 s for the newcomer and failed).
    const scrapedAt = Date.now();
    const scrape = await fetch(`http://127.0.0.1:${group.port}/metrics`);
    expect(scrape.status).toBe(200);
    expect(Date.now() - scrapedAt).toBeLessThan(4_000);
    await until(() => group.linesWith('service ready').length === 3, 'the replacement to be ready');
    const replacement = group.pidsOf('service ready').at(-1)!;
    expect([victim, survivor, group.job.pid]).not.toContain(replacement);
    // New connections go to the replacement too (the parent hands them out in turn).
    for (let i = 0; i < 8 && !group.servingPids().has(replacement); i++) {
      expect((await postOnNewConnection(group.port, '/api/v1/natal/calculate', key, birth(200 + i))).status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(group.servingPids().has(replacement)).toBe(true);
  }, 120_000);

  it('waits longer before each replacement of a process that ended soon after it started', async () => {
    const ended = () => group.linesWith('an API process ended; starting another');
    const before = ended().length;
    const readyBefore = group.linesWith('service ready').length;
    // The replacement of the previous test has lived seconds: its end is a short life.
    const young = group.pidsOf('service ready').at(-1)!;
    process.kill(young, 'SIGKILL');
    await until(() => ended().length === before + 1, 'the parent to notice');
    const previous = ended()[before - 1]!;
    const now = ended()[before]!;
    expect(now.restartInMs).toBe(previous.restartInMs ? 2 * previous.restartInMs : 1000);
    await until(() => group.linesWith('service ready').length === readyBefore + 1, 'the delayed replacement to be ready');
    // Not started before its delay: its own start-up comes on top.
    expect(group.linesWith('service ready').at(-1)!.time - now.time).toBeGreaterThanOrEqual(now.restartInMs!);
  }, 120_000);

  it('stops every process on SIGTERM and exits with 0', async () => {
    const pids = [...new Set(group.pidsOf('service ready'))].filter(isAlive);
    expect(pids).toHaveLength(2);
    group.job.kill('SIGTERM');
    expect(await group.exited, group.output().slice(-4000)).toBe(0);
    expect(group.pidsOf('stopped').sort()).toEqual(pids.sort());
    expect(pids.filter(isAlive)).toEqual([]);
  }, 90_000);

  it('stops gracefully on a Ctrl-C, which reaches the parent and every process at once', async () => {
    await withGroup({ detached: true }, async (other) => {
      await other.ready();
      process.kill(-other.job.pid!, 'SIGINT');
      expect(await other.exited, other.output().slice(-4000)).toBe(0);
      expect(other.linesWith('stopped')).toHaveLength(2);
      expect(other.output()).not.toMatch(/stopping at once/);
    });
  }, 120_000);

  it('stops cleanly when SIGTERM comes while its processes are still starting', async () => {
    await withGroup({}, async (other) => {
      // The parent has forked its processes; they are loading and cannot have listened yet.
      await until(() => other.linesWith('starting the API processes').length === 1, 'the parent to fork');
      other.job.kill('SIGTERM');
      // Well before the parent's last resort (SHUTDOWN_TIMEOUT_MS + 20 s), which would exit 1.
      expect(await other.exited, other.output().slice(-4000)).toBe(0);
      expect(other.linesWith('service ready')).toHaveLength(0);
    });
  }, 60_000);

  it('replaces a process stopped while it starts, and leaves no process behind when its parent is killed', async () => {
    await withGroup({}, async (other) => {
      // Stopped from outside before it served: not a failed start that would stop the group.
      await until(() => other.pidsOf('started an API process').length > 0, 'the first process to start');
      const stoppedYoung = other.pidsOf('started an API process')[0]!;
      process.kill(stoppedYoung, 'SIGTERM');
      await other.ready();
      expect(other.pidsOf('service ready')).not.toContain(stoppedYoung);
      expect(other.linesWith('an API process ended; starting another')).toHaveLength(1);
      const pids = other.pidsOf('service ready');
      expect(pids).toHaveLength(2);
      other.job.kill('SIGKILL');
      // node:cluster ends a process whose parent is gone.
      await until(() => pids.every((pid) => !isAlive(pid)), 'the orphaned processes to end', 60_000);
    });
  }, 120_000);

  it('ends with exit code 1 when its processes cannot start (the port is taken)', async () => {
    const taken = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    try {
      const busyPort = (taken.address() as net.AddressInfo).port;
      const failed = spawnSync(process.execPath, [built('src/main.ts')], {
        cwd: ROOT,
        env: env({ PORT: String(busyPort) }),
        encoding: 'utf8',
        timeout: 90_000,
      });
      expect(failed.status, failed.stdout + failed.stderr).toBe(1);
      expect(failed.stdout).toMatch(/is in use by another program/);
      expect(failed.stdout).toMatch(/an API process ended before it served/);
    } finally {
      taken.close();
    }
  }, 120_000);
});

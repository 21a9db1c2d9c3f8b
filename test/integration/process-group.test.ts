/**
 * SERVICE_PROCESSES=2 against the real PostgreSQL and Redis: two API processes share the port and
 * both answer; /metrics is the same merged count whichever process is asked; a process that dies
 * is replaced while the other goes on serving; SIGTERM (also while the processes are starting) and
 * a terminal's Ctrl-C stop the group with exit code 0; processes whose parent was killed stop; and
 * a group whose processes cannot start ends with exit code 1 instead of starting them forever.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeysWithPrefix } from '../../src/db/redis.ts';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';
import { createServerDatabase, serverUrl, type TestDatabase } from '../helpers/database.ts';

const ROOT = path.resolve(new URL('../../', import.meta.url).pathname);
const redisUrl = process.env.REDIS_URL;

interface LogLine { pid: number; msg: string; res?: { statusCode: number } }

/** A POST on a connection of its own, so that the parent hands it to the next process in turn. */
function postOnNewConnection(port: number, pathname: string, key: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request({ host: '127.0.0.1', port, path: pathname, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'x-api-key': key, 'content-length': Buffer.byteLength(payload) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const metricsText = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
const natalCount = (metrics: string) => Number(/^http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/natal\/calculate",status_code="200"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);

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
  let port = 0;
  let group: ChildProcess;
  let key = '';
  const lines: LogLine[] = [];
  let output = '';
  const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH, HOME: process.env.HOME,
    DATABASE_URL: database.url, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, DATA_DIR: dataDir,
    AUTH_JWT_SECRET: 'a-secret-for-the-process-group-test-0123456789', HOST: '127.0.0.1', PORT: String(port),
    SERVICE_PROCESSES: '2', COMPUTE_THREADS: '1', LOG_LEVEL: 'info', ...extra,
  });
  const servingPids = () => new Set(lines.filter((l) => l.msg === 'request completed' && l.res?.statusCode === 200).map((l) => l.pid));
  const birth = (i: number) => ({ year: 1960 + (i % 50), month: 1 + (i % 12), day: 1 + (i % 28), hour: i % 24, minute: 7, lat: 48.85, lng: 2.35, tz_str: 'AUTO' });

  beforeAll(async () => {
    database = await createServerDatabase(serverUrl!);
    port = await freePort();
    group = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let pending = '';
    group.stdout!.on('data', (chunk: Buffer) => {
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
    group.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    expect(await waitUntilReady(port), output.slice(-4000)).toBe(true);
    await until(() => lines.filter((l) => l.msg === 'service ready').length === 2, 'both processes to be ready');
    const created = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'keys', 'create', '--email', 'group@example.com', '--plan', 'unlimited', '--json'], { cwd: ROOT, env: env(), encoding: 'utf8', timeout: 60_000 });
    expect(created.status, created.stderr).toBe(0);
    key = (JSON.parse(created.stdout.trim().split('\n').at(-1)!) as { key: string }).key;
  }, 150_000);

  afterAll(async () => {
    if (group && group.exitCode === null && group.signalCode === null) {
      const exited = new Promise((resolve) => group.once('exit', resolve));
      group.kill('SIGKILL');
      await exited;
    }
    for (const pid of new Set(lines.map((l) => l.pid))) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(redisUrl!);
    await deleteKeysWithPrefix(redis, prefix);
    redis.disconnect();
  }, 120_000);

  it('serves from both processes, and every scrape counts the requests of both', async () => {
    for (let i = 0; i < 12; i++) {
      const response = await postOnNewConnection(port, '/api/v1/natal/calculate', key, birth(i));
      expect(response.status, response.body).toBe(200);
      expect(JSON.parse(response.body).planets).toHaveLength(13);
    }
    await until(() => lines.filter((l) => l.msg === 'request completed' && l.res?.statusCode === 200).length >= 12, 'the request logs');
    expect(servingPids().size).toBe(2);
    expect(servingPids().has(group.pid!)).toBe(false);
    // Scrapes on new connections land on one process or the other: each says 12.
    for (let i = 0; i < 4; i++) expect(natalCount(await metricsText(port))).toBe(12);
  }, 60_000);

  it('replaces a process that dies while the other goes on serving', async () => {
    const [victim, survivor] = [...servingPids()];
    process.kill(victim!, 'SIGKILL');
    await until(() => !isAlive(victim!), 'the process to end');
    for (let i = 0; i < 4; i++) expect((await postOnNewConnection(port, '/api/v1/natal/calculate', key, birth(100 + i))).status).toBe(200);
    await until(() => lines.some((l) => l.msg === 'an API process ended; starting another'), 'the parent to notice');
    await until(() => lines.filter((l) => l.msg === 'service ready').length === 3, 'the replacement to be ready');
    const replacement = lines.filter((l) => l.msg === 'service ready').at(-1)!.pid;
    expect([victim, survivor, group.pid]).not.toContain(replacement);
    // New connections go to the replacement too (the parent hands them out in turn).
    for (let i = 0; i < 8 && !servingPids().has(replacement); i++) {
      expect((await postOnNewConnection(port, '/api/v1/natal/calculate', key, birth(200 + i))).status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(servingPids().has(replacement)).toBe(true);
  }, 120_000);

  it('stops every process on SIGTERM and exits with 0', async () => {
    const pids = [...new Set(lines.filter((l) => l.msg === 'service ready').map((l) => l.pid))].filter(isAlive);
    expect(pids).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) => group.once('exit', (code) => resolve(code)));
    group.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(lines.filter((l) => l.msg === 'stopped').map((l) => l.pid).sort()).toEqual(pids.sort());
    expect(pids.filter(isAlive)).toEqual([]);
  }, 90_000);

  /** Another group on a port of its own, its log collected; `detached`: its own process group, as a terminal's job. */
  async function startGroup(options: { detached?: boolean } = {}) {
    const groupPort = await freePort();
    const job = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env: env({ PORT: String(groupPort) }), stdio: ['ignore', 'pipe', 'pipe'], detached: options.detached ?? false });
    let log = '';
    job.stdout!.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    job.stderr!.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    const exited = new Promise<number | null>((resolve) => job.once('exit', (code) => resolve(code)));
    const count = (message: string) => (log.match(new RegExp(`"msg":"${message}"`, 'g')) ?? []).length;
    const pidsOf = (message: string) => [...log.matchAll(new RegExp(`"pid":(\\d+)[^\\n]*"msg":"${message}"`, 'g'))].map((m) => Number(m[1]));
    return {
      job, exited, count, pidsOf, log: () => log,
      ready: async () => {
        expect(await waitUntilReady(groupPort), log.slice(-4000)).toBe(true);
        await until(() => count('service ready') === 2, 'both processes to be ready');
      },
      end: () => {
        if (job.exitCode === null && job.signalCode === null) process.kill(options.detached ? -job.pid! : job.pid!, 'SIGKILL');
        for (const pid of pidsOf('service ready')) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      },
    };
  }

  it('stops gracefully on a Ctrl-C, which reaches the parent and every process at once', async () => {
    const other = await startGroup({ detached: true });
    try {
      await other.ready();
      process.kill(-other.job.pid!, 'SIGINT');
      expect(await other.exited, other.log().slice(-4000)).toBe(0);
      expect(other.count('stopped')).toBe(2);
      expect(other.log()).not.toMatch(/stopping at once/);
    } finally {
      other.end();
    }
  }, 120_000);

  it('stops cleanly when SIGTERM comes while its processes are still starting', async () => {
    const other = await startGroup();
    try {
      // The parent has forked its processes; they are loading and cannot have listened yet.
      await until(() => other.count('starting the API processes') === 1, 'the parent to fork');
      other.job.kill('SIGTERM');
      // Well before the parent's last resort (SHUTDOWN_TIMEOUT_MS + 20 s), which would exit 1.
      expect(await other.exited, other.log().slice(-4000)).toBe(0);
      expect(other.count('service ready')).toBe(0);
    } finally {
      other.end();
    }
  }, 60_000);

  it('leaves no process behind when its parent is killed', async () => {
    const other = await startGroup();
    try {
      await other.ready();
      const pids = other.pidsOf('service ready');
      expect(pids).toHaveLength(2);
      other.job.kill('SIGKILL');
      // node:cluster ends a process whose parent is gone.
      await until(() => pids.every((pid) => !isAlive(pid)), 'the orphaned processes to end', 60_000);
    } finally {
      other.end();
    }
  }, 120_000);

  it('ends with exit code 1 when its processes cannot start (the port is taken)', async () => {
    const taken = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    try {
      const busyPort = (taken.address() as net.AddressInfo).port;
      const failed = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env: env({ PORT: String(busyPort) }), encoding: 'utf8', timeout: 90_000 });
      expect(failed.status, failed.stdout + failed.stderr).toBe(1);
      expect(failed.stdout).toMatch(/is in use by another program/);
      expect(failed.stdout).toMatch(/an API process ended before it served/);
    } finally {
      taken.close();
    }
  }, 120_000);
});

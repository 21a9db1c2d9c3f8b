/** A `cli worker reports` child process of a test server's deployment (same database, same Redis prefix). */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod/v4';
import { afterAll, beforeAll } from 'vitest';
import { built } from './built.ts';
import { sql } from '../../src/db/sql.ts';
import { startTestServer, type TestServer } from './app.ts';

export interface WorkerProcess {
  child: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
}

/** `until`: the log line that counts as started (by default the worker's "ready", said once its Chromium printed a probe page). */
export async function startWorkerProcess(
  server: TestServer,
  env: Record<string, string> = {},
  args: string[] = [],
  options: { until?: string } = {},
): Promise<WorkerProcess> {
  const until = options.until ?? 'report worker ready';
  const child = spawn(process.execPath, [built('src/cli.ts'), 'worker', 'reports', ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      DATABASE_URL: server.config.DATABASE_URL!,
      REDIS_KEY_PREFIX: server.config.REDIS_KEY_PREFIX,
      ...(server.config.REDIS_URL ? { REDIS_URL: server.config.REDIS_URL } : {}),
      LOG_LEVEL: 'info',
      REPORT_LEASE_SECONDS: '3',
      REPORT_SWEEP_INTERVAL_SECONDS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => {
    ready = resolve;
  });
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (line.includes(until)) ready();
      }
    });
  }
  const outcome = await Promise.race([
    readyPromise.then(() => 'ready'),
    exited.then(() => 'exited'),
    new Promise<string>((r) => setTimeout(() => r('timeout'), 60_000)),
  ]);
  if (outcome !== 'ready') {
    child.kill('SIGKILL');
    throw new Error(`worker did not start (${outcome}):\n${lines.join('\n')}`);
  }
  // The worker says "ready" before its announcement row is written, and the API caches its answer
  // of whether a worker runs for two seconds: an order placed right after the line could be
  // refused as if no worker ran. Started means announced, and seen so by the API.
  if (!options.until) {
    const deadline = Date.now() + 60_000;
    while (!(await announcedAndSeen(server, child.pid!))) {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`worker said ready but was not seen as announced:\n${lines.join('\n')}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { child, lines, exited };
}

async function announcedAndSeen(server: TestServer, pid: number): Promise<boolean> {
  const announced = await server.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int as n from report_workers where pid = ${pid}`);
  return announced > 0 && (await server.get('/readyz')).body.checks?.reports === 'ok';
}

/**
 * A Chromium that takes `seconds` to start: a worker using it is surely still in the middle of
 * its first job when a test stops or kills it.
 */
export function slowChromium(seconds: number): { path: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slow-chromium-'));
  const file = path.join(dir, 'chromium');
  fs.writeFileSync(file, `#!/bin/sh\nsleep ${seconds}\nexec /usr/bin/chromium "$@"\n`, { mode: 0o755 });
  return { path: file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A Chromium that starts once: the first start runs the real one (its pid written down), every
 * later start fails at once. `killFirst` ends that first one as a crash would, so that a worker
 * whose probe passed then finds its browser gone for good.
 */
export function chromiumThatStartsOnce(): { path: string; killFirst(): void; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'once-chromium-'));
  const file = path.join(dir, 'chromium');
  const pidFile = path.join(dir, 'first.pid');
  fs.writeFileSync(file, `#!/bin/sh\nif [ -e "${pidFile}" ]; then exit 1; fi\necho $$ > "${pidFile}"\nexec /usr/bin/chromium "$@"\n`, { mode: 0o755 });
  return {
    path: file,
    killFirst: () => process.kill(Number(fs.readFileSync(pidFile, 'utf8').trim()), 'SIGKILL'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Holds every report job in the middle, right after its claim, until `release`: a job reads its
 * account's branding first, and the table is locked meanwhile. A worker's Chromium is started
 * (and probed) before it takes jobs, so a slow-starting one no longer keeps a job running.
 */
export async function holdJobsAfterClaim(server: TestServer): Promise<{ release(): Promise<void> }> {
  const lock = new pg.Client({ connectionString: server.config.DATABASE_URL });
  await lock.connect();
  await lock.query('begin');
  await lock.query('lock table report_branding in access exclusive mode');
  return {
    async release() {
      await lock.query('rollback').catch(() => {});
      await lock.end();
    },
  };
}

export interface ExternalWorkerDeployment {
  /** An API process whose reports are made by worker processes (none runs until a test starts one). */
  server: TestServer;
  /** The workers a test started: killed at the end. */
  workers: WorkerProcess[];
  /** A Chromium that takes 6 s to start (see slowChromium). */
  slowChromiumPath: string;
}

/** Registers the file's hooks: the deployment before its tests, everything stopped and removed after. */
export function externalWorkerDeployment(): ExternalWorkerDeployment {
  const world = { workers: [] as WorkerProcess[] } as ExternalWorkerDeployment;
  let chromium: ReturnType<typeof slowChromium> | undefined;
  beforeAll(async () => {
    world.server = await startTestServer({ env: { REPORT_WORKER: 'external' } });
    chromium = slowChromium(6);
    world.slowChromiumPath = chromium.path;
  });
  afterAll(async () => {
    for (const w of world.workers) w.child.kill('SIGKILL');
    await world.server?.close();
    chromium?.remove();
  });
  return world;
}

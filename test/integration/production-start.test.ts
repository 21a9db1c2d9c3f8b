/**
 * The production image's recipe, without Docker: the files the Dockerfile copies, installed as it
 * installs them (`npm ci`, then `npm prune --omit=dev`: native modules compiled, the sources
 * compiled into dist/, gazetteer and time-zone transitions indexed, no dev dependency left), started with the Dockerfile's own CMD against the real PostgreSQL and Redis, then
 * checked from outside: /healthz, /readyz, an API key made with the copy's command line, an
 * authenticated natal request, and a clean exit on SIGTERM.
 *
 * The install compiles the Swiss Ephemeris, which costs about a minute of CPU; packages come from
 * npm's local cache (`--prefer-offline`), filled by the `npm ci` that set up this checkout.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeysWithPrefix } from '../../src/db/redis.ts';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';

const ROOT = path.resolve(new URL('../../', import.meta.url).pathname);
const databaseServer = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/** The build stage's `COPY <sources> <destination>` lines (not `COPY --from`), and the final CMD. */
function readDockerfile() {
  const text = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const lines = text.split('\n').map((l) => l.trim());
  const copied = lines
    .filter((l) => /^COPY\s/i.test(l) && !/--from/i.test(l))
    .flatMap((l) => l.split(/\s+/).slice(1, -1))
    .map((source) => source.replace(/\/$/, ''));
  const cmd = lines.filter((l) => /^CMD\s/i.test(l)).at(-1);
  const install = lines.find((l) => /^RUN\s.*npm ci/i.test(l));
  return { copied, command: cmd ? (JSON.parse(cmd.slice(3).trim()) as string[]) : [], install: install ?? '' };
}

/**
 * This process's environment without what `npm test` adds (npm_config_local_prefix and the like
 * name this checkout): the install must see only the copy.
 */
function outsideNpm(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'));
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }) {
  const result = spawnSync(command, args, { ...options, timeout: options.timeoutMs, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}`, error: result.error };
}

describe.skipIf(!databaseServer || !redisUrl)('the production image recipe, run without Docker', () => {
  const dockerfile = readDockerfile();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-production-'));
  const databaseName = `astro_prod_${randomBytes(6).toString('hex')}`;
  const prefix = `astro-prod-test:${randomBytes(4).toString('hex')}:`;
  let databaseUrl = '';
  let server: ChildProcess | undefined;
  let port = 0;
  const logs: string[] = [];
  const env = (): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(dir, 'data'),
    COMPUTE_THREADS: '1',
    COMPUTE_HEAVY_THREADS: '1',
    LOG_LEVEL: 'info',
  });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseServer });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(databaseServer!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    port = await freePort();
  });

  // The copy holds a whole production install (tens of thousands of files) and PostgreSQL 15's
  // DROP DATABASE waits for a checkpoint: both take a few seconds on a quiet box, but CI ran this
  // while two other files loaded both cores and the disk, and the hook outlived the 60 s default.
  // Clean-up may be slow; it must not fail the suite, and it must not block the event loop.
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
    }
    await fs.promises.rm(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: databaseServer });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    const redis = new Redis(redisUrl!);
    await deleteKeysWithPrefix(redis, prefix);
    redis.disconnect();
  }, 300_000);

  it('installs the copied files and keeps no dev dependency', () => {
    expect(dockerfile.install).toMatch(/npm ci\b.*&& npm prune --omit=dev/);
    expect(dockerfile.copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'tsconfig.build.json', 'src', 'workers', 'sql', 'ephe']));
    for (const source of dockerfile.copied) fs.cpSync(path.join(ROOT, source), path.join(dir, source), { recursive: true });
    // `JOBS=max`: node-gyp compiles on every core. The install compiles the Swiss Ephemeris and the
    // TypeScript sources: minutes of CPU when other files load both cores.
    const installEnv = { ...outsideNpm(), JOBS: 'max' };
    const installed = run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, env: installEnv, timeoutMs: 720_000 });
    expect(installed.error).toBeUndefined();
    expect(installed.status, installed.output.slice(-4000)).toBe(0);
    const pruned = run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir, env: installEnv, timeoutMs: 120_000 });
    expect(pruned.status, pruned.output.slice(-4000)).toBe(0);
    // Every package the lockfile marks as needed only in development is absent: the TypeScript
    // compiler and loader among them.
    const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
    const devOnly = Object.entries(lock.packages)
      .filter(([where, meta]) => where && meta.dev)
      .map(([where]) => where);
    expect(devOnly).toEqual(expect.arrayContaining(['node_modules/vitest', 'node_modules/typescript', 'node_modules/tsx']));
    expect(devOnly.filter((where) => fs.existsSync(path.join(dir, where)))).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'dist/src/main.js'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'dist/workers/compute.js'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'build/Release/swe_calc.node'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'build/gazetteer/manifest.json'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'build/zone-transitions.json'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'build/zone-tiles.bin'))).toBe(true);
  }, 840_000);

  it("starts with the image's command, migrates, and is live and ready", async () => {
    expect(dockerfile.command[0]).toBe('node');
    server = spawn(dockerfile.command[0]!, dockerfile.command.slice(1), { cwd: dir, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    expect(await waitUntilReady(port), logs.join('').slice(-4000)).toBe(true);
    const live = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(live.status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    // No report worker runs here: reports say so, and the API stays ready (it serves everything else).
    const body = await ready.json();
    expect(body, JSON.stringify(body)).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'ok', compute_pool: 'ok', reports: 'unavailable' },
      errors: { reports: expect.stringMatching(/npm run cli -- worker reports/) },
    });
  }, 120_000);

  it('answers an authenticated natal request with a key made by its command line', async () => {
    const created = run('node', ['dist/src/cli.js', 'keys', 'create', '--email', 'operator@example.com', '--plan', 'unlimited', '--json'], {
      cwd: dir,
      env: env(),
      timeoutMs: 60_000,
    });
    expect(created.status, created.output).toBe(0);
    const { key } = JSON.parse(created.output.trim().split('\n').at(-1)!) as { key: string };
    const url = `http://127.0.0.1:${port}/api/v1/natal/calculate`;
    const body = JSON.stringify({ year: 1981, month: 1, day: 1, hour: 23, minute: 30, city: 'München' });
    const refused = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(refused.status).toBe(401);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body });
    expect(res.status).toBe(200);
    const natal = (await res.json()) as { subject: { location: unknown }; planets: unknown[] };
    expect(natal.subject.location).toMatchObject({ city: 'Munich', country: 'DE', timezone: 'Europe/Berlin' });
    expect(natal.planets).toHaveLength(13);
  }, 90_000);

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    server!.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The natal request above looked its zone up: from the tiles the install decoded, since a
    // process that cannot use them says so once (the answers are the same, each tile slower).
    expect(logs.join('')).not.toContain('TimeZoneTilesWarning');
  }, 60_000);
});

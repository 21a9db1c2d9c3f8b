/**
 * Several machines on one database must sign and recognise the same things. With DATABASE_URL and
 * no configured secret the service refuses to start and names the variable; with one secret, two
 * processes that keep their files in two data directories (two machines) accept each other's
 * dashboard tokens and replay each other's idempotent answers.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withJwtSecret } from '../../src/features/auth/jwt-secret.ts';
import { loadConfig } from '../../src/config.ts';
import { deleteKeysWithPrefix } from '../../src/db/redis.ts';
import { Redis } from 'ioredis';
import { createServerDatabase, serverUrl, type TestDatabase } from '../helpers/database.ts';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const redisUrl = process.env.REDIS_URL;

describe('the signing secret with a shared database', () => {
  it('refuses DATABASE_URL without a secret, naming it; JWKS needs IDEMPOTENCY_SECRET; the development flag accepts a generated one', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-secret-'));
    try {
      const base = { DATABASE_URL: 'postgres://db.example/astro', DATA_DIR: dataDir };
      expect(() => withJwtSecret(loadConfig(base))).toThrow(/AUTH_JWT_SECRET: required with DATABASE_URL/);
      expect(() => withJwtSecret(loadConfig({ ...base, AUTH_JWKS_URL: 'https://id.example/jwks' }))).toThrow(/IDEMPOTENCY_SECRET: required/);
      expect(
        withJwtSecret(loadConfig({ ...base, AUTH_JWKS_URL: 'https://id.example/jwks', IDEMPOTENCY_SECRET: 'i'.repeat(32) })).AUTH_JWT_SECRET,
      ).toBeUndefined();
      const generated = withJwtSecret(loadConfig({ ...base, ALLOW_GENERATED_SECRET: 'true' }));
      expect(generated.jwtSecretGenerated).toBe(true);
      expect(generated.AUTH_JWT_SECRET!.length).toBeGreaterThanOrEqual(32);
      // Embedded (no DATABASE_URL), the secret is made up in DATA_DIR as before.
      expect(withJwtSecret(loadConfig({ DATA_DIR: dataDir })).AUTH_JWT_SECRET).toBe(generated.AUTH_JWT_SECRET);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe.skipIf(!serverUrl || !redisUrl)('two machines', () => {
    const prefix = `astro-secret-test:${randomBytes(4).toString('hex')}:`;
    const dirs: string[] = [];
    const children: ChildProcess[] = [];
    let database: TestDatabase;
    const env = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      HOST: '127.0.0.1',
      COMPUTE_MODE: 'inline',
      LOG_LEVEL: 'warn',
      ...extra,
    });
    const dataDir = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-machine-'));
      dirs.push(dir);
      return dir;
    };

    beforeAll(async () => {
      database = await createServerDatabase(serverUrl!);
    });
    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
      await database?.close();
      const redis = new Redis(redisUrl!);
      await deleteKeysWithPrefix(redis, prefix);
      redis.disconnect();
    });

    it('a start without a secret is refused with the variable named', () => {
      const started = (() => {
        try {
          execFileSync(process.execPath, ['dist/src/main.js'], {
            cwd: root,
            env: env({ DATA_DIR: dataDir(), PORT: '0' }),
            encoding: 'utf8',
            stdio: 'pipe',
            timeout: 120_000,
          });
          return { status: 0, stderr: '' };
        } catch (error) {
          return error as { status: number; stderr: string };
        }
      })();
      expect(started.status).toBe(1);
      expect(started.stderr).toMatch(/AUTH_JWT_SECRET: required with DATABASE_URL/);
    }, 180_000);

    it("with one secret, each machine accepts the other's tokens and replays the other's idempotent answers", async () => {
      const secret = randomBytes(32).toString('hex');
      const machines = await Promise.all(
        [0, 1].map(async () => {
          const port = await freePort();
          const child = spawn(process.execPath, ['dist/src/main.js'], {
            cwd: root,
            env: env({ DATA_DIR: dataDir(), PORT: String(port), AUTH_JWT_SECRET: secret }),
            stdio: 'ignore',
          });
          children.push(child);
          return { port, url: `http://127.0.0.1:${port}` };
        }),
      );
      for (const machine of machines) expect(await waitUntilReady(machine.port)).toBe(true);
      const [a, b] = machines as [(typeof machines)[0], (typeof machines)[0]];

      // A dashboard token minted with the first machine's files is accepted by the second.
      const token = execFileSync(process.execPath, ['dist/src/cli.js', 'token', '--user', 'shared-user', '--email', 'shared@example.com'], {
        cwd: root,
        env: env({ DATA_DIR: dirs[1]!, AUTH_JWT_SECRET: secret }),
        encoding: 'utf8',
      }).trim();
      const sync = await fetch(`${a.url}/api/v1/auth/sync`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: 'shared-user', email: 'shared@example.com' }),
      });
      expect(sync.status).toBe(200);
      const me = await fetch(`${b.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: 'shared@example.com' });

      // An idempotent request answered by one machine is replayed by the other.
      const key = JSON.parse(
        execFileSync(process.execPath, ['dist/src/cli.js', 'keys', 'create', '--email', 'shared-key@example.com', '--plan', 'unlimited', '--json'], {
          cwd: root,
          env: env({ DATA_DIR: dirs[1]!, AUTH_JWT_SECRET: secret }),
          encoding: 'utf8',
        })
          .trim()
          .split('\n')
          .at(-1)!,
      ).key as string;
      const natal = (url: string) =>
        fetch(`${url}/api/v1/natal/calculate`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json', 'idempotency-key': 'shared-retry-1' },
          body: JSON.stringify({ year: 1981, month: 1, day: 1, hour: 23, minute: 30, lat: 37.98, lng: 23.73, tz_str: 'Europe/Athens' }),
        });
      const first = await natal(a.url);
      expect(first.status).toBe(200);
      const firstBody = await first.text();
      const retry = await natal(b.url);
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotency-replayed')).toBe('true');
      expect(await retry.text()).toBe(firstBody);
    }, 360_000);
  });
});

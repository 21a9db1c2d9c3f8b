/**
 * The command line in both modes: against a PostgreSQL server, and embedded — alone, several at
 * once, and while the server holds the embedded database.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, serverUrl, type TestDatabase } from '../helpers/database.ts';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL'].includes(k)));

async function cli(args: string[], env: Record<string, string>) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: root, env: { ...cleanEnv, LOG_LEVEL: 'silent', ...env } });
  return stdout;
}

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-cli-'));
  dirs.push(d);
  return d;
};
afterAll(() => { for (const d of dirs) fs.rmSync(d, { recursive: true, force: true }); });

describe('keys create', () => {
  it('prints a JSON object whose key field is the new key (embedded, several processes at once)', async () => {
    const DATA_DIR = tempDir();
    const outputs = await Promise.all([1, 2, 3].map((i) => cli(['keys', 'create', '--email', `user${i}@example.com`, '--plan', 'entry', '--json'], { DATA_DIR })));
    const keys = outputs.map((o) => JSON.parse(o.trim()));
    for (const k of keys) {
      expect(k.key).toMatch(/^ask_[A-Za-z0-9_-]{43}$/);
      expect(k.plan).toBe('entry');
    }
    expect(new Set(keys.map((k) => k.key)).size).toBe(3);
    // The database is intact and holds all three.
    const again = JSON.parse((await cli(['keys', 'create', '--email', 'user1@example.com', '--json'], { DATA_DIR })).trim());
    expect(again.user_id).toBe(keys[0].user_id);
    expect(again.plan).toBe('entry');
  }, 120_000);

  it('works while the server runs on the same embedded database, and the key is accepted at once', async () => {
    const DATA_DIR = tempDir();
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: root, env: { ...cleanEnv, DATA_DIR, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', COMPUTE_MODE: 'inline' }, stdio: 'ignore' });
    try {
      expect(await waitUntilReady(port)).toBe(true);
      const created = JSON.parse((await cli(['keys', 'create', '--email', 'live@example.com', '--json'], { DATA_DIR })).trim());
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/natal/calculate`, {
        method: 'POST', headers: { 'x-api-key': created.key, 'content-type': 'application/json' },
        body: JSON.stringify({ year: 2000, month: 1, day: 1, hour: 12, minute: 0, lat: 0, lng: 0 }),
      });
      expect(res.status).toBe(200);
      expect(await cli(['migrate'], { DATA_DIR })).toMatch(/up to date/);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }, 120_000);

  it.runIf(serverUrl)('works against a PostgreSQL server, and refuses an unknown plan', async () => {
    let db: TestDatabase | undefined;
    try {
      db = await createTestDatabase();
      const created = JSON.parse((await cli(['keys', 'create', '--email', 'pg@example.com', '--plan', 'unlimited', '--json'], { DATABASE_URL: db.url })).trim());
      expect(created.plan).toBe('unlimited');
      await expect(cli(['keys', 'create', '--email', 'pg@example.com', '--plan', 'platinum'], { DATABASE_URL: db.url })).rejects.toThrow(/unknown plan/);
      await expect(cli(['keys', 'create', '--email', 'not-an-email'], { DATABASE_URL: db.url })).rejects.toThrow(/e-mail/);
    } finally {
      await db?.close();
    }
  }, 60_000);
});

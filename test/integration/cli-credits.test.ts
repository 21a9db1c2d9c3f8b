/**
 * Report credits from the command line: `keys create --credits` and `credits grant`, embedded
 * while the server holds DATA_DIR (the server runs them) and with no server (the command opens
 * DATA_DIR, migrated beforehand: the first start is other tests' business), and against a
 * PostgreSQL server.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { built } from '../helpers/built.ts';
import { sql } from '../../src/db/sql.ts';
import { z } from 'zod/v4';
import { createTestDatabase, serverUrl, type TestDatabase } from '../helpers/database.ts';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';
import { cleanEnv, cli, cliInProcess, ROOT } from '../helpers/cli.ts';
import { migratedDataDir } from '../helpers/migrated-data-dir.ts';
import { createDatabasePool } from '../../src/db/pool.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('credits from the command line', () => {
  it('embedded: through the running server, then with the server stopped', async () => {
    const DATA_DIR = await migratedDataDir('astro-credits-');
    dirs.push(DATA_DIR);
    const port = await freePort();
    const server = spawn(process.execPath, [built('src/main.ts')], {
      cwd: ROOT,
      env: { ...cleanEnv, DATA_DIR, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', COMPUTE_MODE: 'inline' },
      stdio: 'ignore',
    });
    const balance = async (key: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/natal/report-credits`, { headers: { 'x-api-key': key } });
      return ((await res.json()) as { remaining: number }).remaining;
    };
    let key: string;
    try {
      expect(await waitUntilReady(port)).toBe(true);
      // The quick start's key: the operator plan, with credits to try a report.
      const created = JSON.parse(
        (await cliInProcess(['keys', 'create', '--email', 'you@example.com', '--plan', 'unlimited', '--credits', '3', '--json'], { DATA_DIR })).trim(),
      );
      expect(created).toMatchObject({ plan: 'unlimited', report_credits: 3 });
      key = created.key;
      expect(await balance(key)).toBe(3);
      expect(await cliInProcess(['keys', 'create', '--email', 'you@example.com', '--credits', '1'], { DATA_DIR })).toMatch(
        /you@example\.com has 4 report credits\./,
      );

      expect(await cliInProcess(['credits', 'grant', '--email', 'you@example.com', '--count', '2', '--reason', 'to try the report'], { DATA_DIR })).toBe(
        'granted 2 report credits to you@example.com; 6 to spend now\n',
      );
      expect(await balance(key)).toBe(6);
      await expect(cliInProcess(['credits', 'grant', '--email', 'nobody@example.com', '--count', '2'], { DATA_DIR })).rejects.toThrow(
        /no user with the address nobody@example\.com/,
      );
      for (const count of ['0', '1.5']) {
        await expect(cliInProcess(['credits', 'grant', '--email', 'you@example.com', '--count', count], { DATA_DIR })).rejects.toThrow(
          /--count must be a whole number/,
        );
      }
      await expect(cliInProcess(['credits', 'grant', '--email', 'you@example.com'], { DATA_DIR })).rejects.toThrow(/--count/);
      expect(await balance(key)).toBe(6);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    // No server: the command opens DATA_DIR itself (a child process, as a user runs it; the other
    // commands here run their operations in this process).
    const granted = JSON.parse((await cli(['credits', 'grant', '--email', 'you@example.com', '--count', '1', '--json'], { DATA_DIR })).trim());
    expect(granted).toMatchObject({ email: 'you@example.com', granted: 1, remaining: 7 });
  }, 240_000);

  it.runIf(serverUrl)(
    'against a PostgreSQL server, with a ledger row per grant and its reason',
    async () => {
      let db: TestDatabase | undefined;
      try {
        db = await createTestDatabase();
        const created = JSON.parse(
          (
            await cliInProcess(['keys', 'create', '--email', 'pg-credits@example.com', '--plan', 'unlimited', '--credits', '2', '--json'], {
              DATABASE_URL: db.url,
            })
          ).trim(),
        );
        expect(created.report_credits).toBe(2);
        const granted = JSON.parse(
          (
            await cliInProcess(['credits', 'grant', '--email', 'PG-Credits@example.com', '--count', '5', '--reason', 'beta tester', '--json'], {
              DATABASE_URL: db.url,
            })
          ).trim(),
        );
        expect(granted).toEqual({ user_id: created.user_id, email: 'pg-credits@example.com', granted: 5, remaining: 7 });
        const pool = await createDatabasePool(db.url, 1);
        try {
          const rows = await pool.any(sql.type(z.object({ reason: z.string(), delta: z.number(), note: z.string().nullable() }))`
          select reason, delta, note from report_credit_ledger where user_id = ${created.user_id} order by id`);
          expect(rows).toEqual([
            { reason: 'admin_adjustment', delta: 2, note: `granted with the API key ${created.prefix}` },
            { reason: 'admin_adjustment', delta: 5, note: 'beta tester' },
          ]);
        } finally {
          await pool.end();
        }
      } finally {
        await db?.close();
      }
    },
    240_000,
  );
});

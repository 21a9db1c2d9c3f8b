/**
 * The command line in both modes: against a PostgreSQL server, and embedded — alone, several at
 * once, and while the server holds the embedded database. One server (on a migrated DATA_DIR of its
 * own) serves the tests that need one running; the last of them stops it. Commands run as child
 * processes where processes are the point (several at once, and one of each kind here or in
 * another file); the others run their operations in this process (runCli).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { built } from '../helpers/built.ts';
import { createTestDatabase, serverUrl, type TestDatabase } from '../helpers/database.ts';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';
import { cleanEnv, cli, cliInProcess, ROOT } from '../helpers/cli.ts';
import { migratedDataDir } from '../helpers/migrated-data-dir.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-cli-'));
  dirs.push(d);
  return d;
};

/**
 * The server that holds an embedded database, for the tests that need one running: started by the
 * first of them. Only it knows an SMTP server (nothing listens there: nothing is held, nothing is
 * sent).
 */
const running = { DATA_DIR: '', port: 0, server: undefined as ChildProcess | undefined, exited: undefined as Promise<unknown> | undefined };
async function runningServer(): Promise<typeof running> {
  if (running.server) return running;
  running.DATA_DIR = await migratedDataDir('astro-cli-');
  dirs.push(running.DATA_DIR);
  running.port = await freePort();
  running.server = spawn(process.execPath, [built('src/main.ts')], {
    cwd: ROOT,
    env: {
      ...cleanEnv,
      DATA_DIR: running.DATA_DIR,
      PORT: String(running.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      COMPUTE_MODE: 'inline',
      SMTP_URL: 'smtp://127.0.0.1:9',
    },
    stdio: 'ignore',
  });
  running.exited = new Promise((r) => running.server!.once('exit', r));
  return running;
}

afterAll(async () => {
  if (running.server && running.server.exitCode === null && running.server.signalCode === null) {
    running.server.kill('SIGTERM');
    await running.exited;
  }
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('keys create', () => {
  it('prints a JSON object whose key field is the new key (embedded, several processes at once)', async () => {
    const DATA_DIR = tempDir();
    const outputs = await Promise.all(
      [1, 2, 3].map((i) => cli(['keys', 'create', '--email', `user${i}@example.com`, '--plan', 'entry', '--json'], { DATA_DIR })),
    );
    const keys = outputs.map((o) => JSON.parse(o.trim()));
    for (const k of keys) {
      expect(k.key).toMatch(/^ask_[A-Za-z0-9_-]{43}$/);
      expect(k.plan).toBe('entry');
    }
    expect(new Set(keys.map((k) => k.key)).size).toBe(3);
    // The database is intact and holds all three.
    const again = JSON.parse((await cliInProcess(['keys', 'create', '--email', 'user1@example.com', '--json'], { DATA_DIR })).trim());
    expect(again.user_id).toBe(keys[0].user_id);
    expect(again.plan).toBe('entry');
  }, 120_000);

  it('works while the server runs on the same embedded database, and the key is accepted at once', async () => {
    const { DATA_DIR, port } = await runningServer();
    expect(await waitUntilReady(port)).toBe(true);
    const created = JSON.parse((await cliInProcess(['keys', 'create', '--email', 'live@example.com', '--json'], { DATA_DIR })).trim());
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/natal/calculate`, {
      method: 'POST',
      headers: { 'x-api-key': created.key, 'content-type': 'application/json' },
      body: JSON.stringify({ year: 2000, month: 1, day: 1, hour: 12, minute: 0, lat: 0, lng: 0 }),
    });
    expect(res.status).toBe(200);
    expect(await cliInProcess(['migrate'], { DATA_DIR })).toMatch(/up to date/);
  }, 120_000);

  it.runIf(serverUrl)(
    'works against a PostgreSQL server, and refuses an unknown plan',
    async () => {
      let db: TestDatabase | undefined;
      try {
        db = await createTestDatabase();
        const created = JSON.parse(
          (await cliInProcess(['keys', 'create', '--email', 'pg@example.com', '--plan', 'unlimited', '--json'], { DATABASE_URL: db.url })).trim(),
        );
        expect(created.plan).toBe('unlimited');
        expect(created.limits).toEqual({ requests: null, period: 'month', per_second: null });
        expect((await cliInProcess(['keys', 'create', '--email', 'pg@example.com', '--quiet'], { DATABASE_URL: db.url })).trim()).toMatch(
          /^ask_[A-Za-z0-9_-]{43}$/,
        );
        const human = await cliInProcess(['keys', 'create', '--email', 'pg-free@example.com'], { DATABASE_URL: db.url });
        expect(human).toMatch(/plan free: 80 requests a day, at most 1 a second\):\n {2}ask_/);
        expect(human).toMatch(/--plan unlimited lifts the limits/);
        await expect(cliInProcess(['keys', 'create', '--email', 'pg@example.com', '--plan', 'platinum'], { DATABASE_URL: db.url })).rejects.toThrow(
          /unknown plan/,
        );
        await expect(cliInProcess(['keys', 'create', '--email', 'not-an-email'], { DATABASE_URL: db.url })).rejects.toThrow(/e-mail/);
      } finally {
        await db?.close();
      }
    },
    240_000,
  );
});

describe('mail and billing commands', () => {
  it("run through the server that holds the embedded database, with the server's settings", async () => {
    const { DATA_DIR, port, server } = await runningServer();
    try {
      expect(await waitUntilReady(port)).toBe(true);
      const created = JSON.parse((await cliInProcess(['keys', 'create', '--email', 'pack@example.com', '--json'], { DATA_DIR })).trim());

      const offer = JSON.parse(
        (
          await cliInProcess(
            ['billing', 'offer', '--email', 'pack@example.com', '--requests', '5000', '--price-cents', '900', '--note', 'for the launch', '--json'],
            {
              DATA_DIR,
            },
          )
        ).trim(),
      );
      expect(offer).toMatchObject({ requests: 5000, price_cents: 900, currency: 'usd', status: 'open', note: 'for the launch', email: 'pack@example.com' });
      // The user sees it in the dashboard at once.
      const token = (await cliInProcess(['token', '--user', created.user_id, '--email', 'pack@example.com'], { DATA_DIR })).trim();
      const seen = await fetch(`http://127.0.0.1:${port}/api/v1/billing/request-pack`, { headers: { authorization: `Bearer ${token}` } });
      expect(seen.status).toBe(200);
      expect(await seen.json()).toMatchObject({ id: offer.id, requests: 5000 });
      expect(await cliInProcess(['billing', 'offer', '--email', 'pack@example.com', '--requests', '100', '--price-cents', '100'], { DATA_DIR })).toMatch(
        /^offer [0-9a-f-]+: 100 requests for 1\.00 USD to pack@example\.com/,
      );
      await expect(cliInProcess(['billing', 'offer', '--email', 'nobody@example.com', '--requests', '1', '--price-cents', '1'], { DATA_DIR })).rejects.toThrow(
        /no user with the address nobody@example\.com/,
      );

      // A child process, as a user runs it (the other commands run in this process: cli.ts's operations).
      expect(await cli(['mail', 'outbox'], { DATA_DIR })).toMatch(/the outbox is empty/);
      expect(await cliInProcess(['mail', 'outbox', '--json', '--status', 'held'], { DATA_DIR })).toBe('');
      // This process has no SMTP settings; the server has, and it is the server that sends.
      expect(await cliInProcess(['mail', 'send-held'], { DATA_DIR })).toMatch(/sent 0, failed 0/);
    } finally {
      server!.kill('SIGTERM');
      await running.exited;
    }
    // With the server stopped, the commands open DATA_DIR themselves.
    expect(await cliInProcess(['mail', 'outbox'], { DATA_DIR })).toMatch(/the outbox is empty/);
    await expect(cliInProcess(['mail', 'send-held'], { DATA_DIR })).rejects.toThrow(/no SMTP configured/);
    expect(
      JSON.parse(
        (await cliInProcess(['billing', 'offer', '--email', 'pack@example.com', '--requests', '7', '--price-cents', '70', '--json'], { DATA_DIR })).trim(),
      ),
    ).toMatchObject({ requests: 7 });
  }, 240_000);
});

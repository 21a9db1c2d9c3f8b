/**
 * `npm start` as the README runs it: the compiled service under node, with npm in between. One
 * Ctrl-C (SIGINT to the whole process group: npm gets it too and passes it on a moment later) and
 * a SIGTERM to npm alone each stop the service gracefully: a streamed export in flight ends with
 * its last row, the processes exit, and the port and DATA_DIR's lock are free again.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentOwner } from '../../src/db/embedded/directory-lock.ts';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';
import { migratedDataDir } from '../helpers/migrated-data-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL', 'PORT', 'HOST', 'DATA_DIR'].includes(k) && !/^npm_/i.test(k)),
);
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Reads a whole streamed answer; resolves with its text once the server ends it. */
function streamedExport(port: number, key: string, onFirstBytes: () => void): Promise<{ status: number; text: string }> {
  // Daily rows of 200 years: the signal lands while rows are still being computed and sent.
  const url = `http://127.0.0.1:${port}/api/v1/ephemeris?start=1900-01-01&end=2099-12-31&step=1d&bodies=Sun,Moon&format=csv&tz_str=UTC`;
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'x-api-key': key } }, (res) => {
        const chunks: Buffer[] = [];
        let told = false;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (!told) {
            told = true;
            onFirstBytes();
          }
        });
        res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('npm start and signals', () => {
  for (const [name, send] of [
    ['one Ctrl-C: SIGINT to the process group', (pid: number) => process.kill(-pid, 'SIGINT')],
    ['SIGTERM to npm alone', (pid: number) => process.kill(pid, 'SIGTERM')],
  ] as const) {
    it(`${name}: the export in flight finishes, the service exits, the port and the lock are free`, async () => {
      // Migrated beforehand: a first start is other tests' business (the README's among them).
      const DATA_DIR = await migratedDataDir('astro-signals-');
      dirs.push(DATA_DIR);
      const port = await freePort();
      const env = { ...cleanEnv, DATA_DIR, PORT: String(port), LOG_LEVEL: 'info' };
      const server = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      let log = '';
      server.stdout.on('data', (chunk: Buffer) => {
        log += chunk.toString();
      });
      server.stderr.on('data', (chunk: Buffer) => {
        log += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      try {
        expect(await waitUntilReady(port), log).toBe(true);
        const key = execFileSync('npm', ['run', '-s', 'cli', '--', 'keys', 'create', '--email', 'signals@example.com', '--plan', 'unlimited', '--quiet'], {
          cwd: root,
          env,
          encoding: 'utf8',
        }).trim();
        const answer = await streamedExport(port, key, () => send(server.pid!));
        expect(answer.status).toBe(200);
        const rows = answer.text.trimEnd().split('\n');
        // A header line and one row a day of 1900-2099 (49 leap years: 1900 is none): nothing cut.
        expect(rows.length, log.slice(-2000)).toBe(1 + 200 * 365 + 49);
        expect(rows.at(-1)).toMatch(/^2099-12-31/);
        expect(await exited, log.slice(-2000)).toBe(0);
        expect(log).not.toMatch(/stopping at once/);
        expect(log).toMatch(/"msg":"stopped"/);
        expect(await portIsFree(port)).toBe(true);
        expect(currentOwner(DATA_DIR)).toBeUndefined();
      } finally {
        if (server.exitCode === null) {
          process.kill(-server.pid!, 'SIGKILL');
          await exited;
        }
      }
    }, 240_000);
  }
});

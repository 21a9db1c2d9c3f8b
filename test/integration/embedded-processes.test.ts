/**
 * Stress of the embedded mode with several processes on one DATA_DIR: in each of two rounds a server
 * starts while four `keys create` commands run at the same moment, then the server is stopped
 * (Ctrl-C, or killed) while two more commands run. Every command succeeds, every key ever made
 * works, the server stops cleanly, and a second server is refused with a message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { built } from '../helpers/built.ts';
import { freePort, waitUntilReady } from '../helpers/child-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'TEST_DATABASE_URL'].includes(k)));
const KEY = /^ask_[A-Za-z0-9_-]{43}$/;

interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function launch(script: string, args: string[], env: Record<string, string>): { child: ChildProcess; done: Promise<Finished>; output: () => string } {
  const child = spawn(process.execPath, [built(script), ...args], { cwd: root, env: { ...cleanEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const done = new Promise<Finished>((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done, output: () => stdout + stderr };
}

const servers: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const s of servers) if (s.exitCode === null && s.signalCode === null) s.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('embedded mode, several processes on one DATA_DIR', () => {
  it('concurrent commands and servers: every command succeeds, every key works, stops are clean', async () => {
    const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-stress-'));
    dirs.push(DATA_DIR);
    const port = await freePort();
    const serverEnv = { DATA_DIR, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', COMPUTE_MODE: 'inline' };
    const startServer = () => {
      const server = launch('src/main.ts', [], serverEnv);
      servers.push(server.child);
      return server;
    };
    const createKey = (email: string) => launch('src/cli.ts', ['keys', 'create', '--email', email, '--plan', 'entry', '--quiet'], { DATA_DIR });
    const keyOf = (finished: Finished) => {
      expect(finished.code, finished.stderr).toBe(0);
      const key = finished.stdout.trim();
      expect(key).toMatch(KEY);
      return key;
    };
    const natal = (key: string) =>
      fetch(`http://127.0.0.1:${port}/api/v1/natal/calculate`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ year: 1990, month: 6, day: 15, hour: 8, minute: 30, lat: 48.2, lng: 16.37 }),
      }).then((r) => r.status);

    const keys: string[] = [];
    // Two rounds: one stopped with Ctrl-C, one killed outright (a third repeated the first at about 20 CPU s).
    for (let round = 1; round <= 2; round++) {
      // A server and four commands, all at once: whoever takes DATA_DIR first, the others wait or hand over.
      const server = startServer();
      const commands = [1, 2, 3, 4].map((i) => createKey(`r${round}-${i}@example.com`));
      for (const c of commands) keys.push(keyOf(await c.done));
      expect(await waitUntilReady(port), server.output()).toBe(true);
      for (const key of keys) expect(await natal(key)).toBe(200);

      if (round % 2 === 1) {
        // Ctrl-C while two commands run: they are served before the server closes, or take DATA_DIR over after.
        server.child.kill('SIGINT');
        const late = [1, 2].map((i) => createKey(`r${round}-late${i}@example.com`));
        const stopped = await server.done;
        expect(stopped.code, stopped.stdout + stopped.stderr).toBe(0);
        expect(stopped.stdout + stopped.stderr).not.toMatch(/"level":(50|60)/);
        for (const c of late) keys.push(keyOf(await c.done));
      } else {
        // Killed outright: the lock goes with the process, the next command takes over at once and says so.
        server.child.kill('SIGKILL');
        await server.done;
        const late = await Promise.all([1, 2].map((i) => createKey(`r${round}-late${i}@example.com`).done));
        for (const c of late) keys.push(keyOf(c));
        expect(late.map((c) => c.stderr).join('')).toMatch(/ended without closing the database/);
      }
    }

    const server = startServer();
    expect(await waitUntilReady(port), server.output()).toBe(true);
    expect(new Set(keys).size).toBe(2 * 6);
    for (const key of keys) expect(await natal(key)).toBe(200);
    // A second server on the same DATA_DIR is refused with one line that says why.
    const second = await launch('src/main.ts', [], { ...serverEnv, PORT: String(await freePort()) }).done;
    expect(second.code).toBe(1);
    expect(second.stdout).toMatch(/held by another server \(pid \d+\)/);
    expect(second.stdout.trim().split('\n')).toHaveLength(1);
    const migrateRun = await launch('src/cli.ts', ['migrate'], { DATA_DIR }).done;
    expect(migrateRun.stdout).toMatch(/up to date/);
    server.child.kill('SIGTERM');
    expect((await server.done).code).toBe(0);
  }, 900_000);

  it('a port in use stops the server with one line, and DATA_DIR is free again', async () => {
    const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-port-'));
    dirs.push(DATA_DIR);
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const server = await launch('src/main.ts', [], { DATA_DIR, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', COMPUTE_MODE: 'inline' }).done;
      expect(server.code).toBe(1);
      expect(server.stderr).toBe('');
      expect(server.stdout.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(server.stdout).msg).toBe(`port ${port} on 127.0.0.1 is in use by another program; stop it or set PORT`);
      expect(fs.existsSync(path.join(DATA_DIR, 'owner.json'))).toBe(false);
    } finally {
      taken.close();
    }
  }, 120_000);
});

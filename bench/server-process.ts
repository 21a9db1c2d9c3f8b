/** Starts the real service as a child process for benchmarks, and an API key for it. */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

export interface BenchServer {
  url: string;
  key: string;
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export async function startBenchServer(env: Record<string, string>, nodeArgs: string[] = [], entry = 'src/main.ts'): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-bench-'));
  const fullEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env };
  const root = path.resolve(import.meta.dirname, '..');
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], { cwd: root, env: fullEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  // The bare reference server takes no key; the real one gets an operator key from the CLI.
  if (!entry.endsWith('src/main.ts')) return { url, key: '', pid: child.pid!, stop: () => stopChild(child, dataDir) };
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'keys', 'create', '--email', `bench-${port}@example.com`, '--plan', 'unlimited', '--json'], { cwd: root, env: fullEnv, encoding: 'utf8' });
  const key = JSON.parse(out.trim().split('\n').pop()!).key as string;
  return {
    url, key, pid: child.pid!,
    stop: () => stopChild(child, dataDir),
  };
}

async function stopChild(child: ChildProcess, dataDir: string): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU seconds (user + system, all threads) a process has used so far (Linux /proc). */
export function cpuSeconds(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** USER_HZ: 100 on every Linux the service supports. */
const CLOCK_TICKS_PER_SECOND = 100;

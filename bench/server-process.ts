/** Starts the real service as a child process for benchmarks, and an API key for it. */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitUntilReady } from '../test/helpers/child-server.ts';

/** The compiled service, as `npm start` runs it. */
export const SERVICE_ENTRY = 'dist/src/main.js';

export interface BenchServer {
  url: string;
  key: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * `entry` is the service's own (`npm start` runs the compiled dist/src/main.js, and so does the
 * bench: it measures what users run; `npm run build` first after changing the sources) or a
 * reference server's TypeScript file, run through tsx.
 */
export async function startBenchServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  entry = SERVICE_ENTRY,
  options: {
    reportCredits?: number;
    /** Another checkout of the project, built (`npm run build`), whose service to start: an earlier design measured in the same run. */
    root?: string;
    /** How long the server may take to become ready (90 s by default; longer on a loaded machine). */
    readyTimeoutMs?: number;
  } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-bench-'));
  const fullEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env };
  const root = options.root ?? path.resolve(import.meta.dirname, '..');
  // With the V8 flag the service is started with (package.json, Dockerfile), every server alike.
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--max-semi-space-size=64', ...loader, entry], {
    cwd: root,
    env: fullEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A service that gave up starting (a start-up hook that outran Fastify's limit on a loaded box) is not waited for.
  const exited = new Promise<false>((resolve) => child.once('exit', () => resolve(false)));
  if (!(await Promise.race([waitUntilReady(port, options.readyTimeoutMs), exited]))) {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${entry} did not become ready on port ${port}`);
  }
  // The bare reference server takes no key; the real one gets an operator key from the CLI.
  if (entry !== SERVICE_ENTRY) return { url, key: '', pid: child.pid!, stop: () => stopChild(child, dataDir) };
  const credits = options.reportCredits ? ['--credits', String(options.reportCredits)] : [];
  const out = execFileSync(
    process.execPath,
    ['dist/src/cli.js', 'keys', 'create', '--email', `bench-${port}@example.com`, '--plan', 'unlimited', ...credits, '--json'],
    {
      cwd: root,
      env: fullEnv,
      encoding: 'utf8',
    },
  );
  const key = JSON.parse(out.trim().split('\n').pop()!).key as string;
  return {
    url,
    key,
    pid: child.pid!,
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

/** CPU seconds of one thread of a process (Linux /proc): the main thread's thread id is the process id. */
export function threadCpuSeconds(pid: number, tid = pid): number {
  const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** CPU seconds of a process and the processes it started (a process group's API processes), as cpuSeconds. */
export function cpuSecondsOfGroup(pid: number): number {
  return [pid, ...descendantsOf(pid)].reduce((sum, p) => sum + cpuSecondsIfAlive(p), 0);
}

/** Every process below `pid`, from one reading of each process's parent. */
function descendantsOf(pid: number): number[] {
  const childrenByParent = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4, after the parenthesised command name: the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      childrenByParent.set(parent, [...(childrenByParent.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  const found: number[] = [];
  for (let next = [pid]; next.length;) {
    next = next.flatMap((p) => childrenByParent.get(p) ?? []);
    found.push(...next);
  }
  return found;
}

function cpuSecondsIfAlive(pid: number): number {
  try {
    return cpuSeconds(pid);
  } catch {
    return 0;
  }
}

/** USER_HZ: 100 on every Linux the service supports. */
const CLOCK_TICKS_PER_SECOND = 100;

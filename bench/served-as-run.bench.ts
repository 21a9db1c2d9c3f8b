/**
 * `npm run bench:served`: served natal as a user runs and measures it, against a bare Fastify
 * route answering the same bytes, in one run.
 *
 * The service is started as `npm start` starts it (the compiled dist/src/main.js under node with
 * `--max-semi-space-size=64`), on embedded defaults: a fresh temporary DATA_DIR, no DATABASE_URL,
 * no REDIS_URL, no other variable of the service's configuration but PORT (so the default log
 * level, info, and one process with a pool of one thread per core); its output goes to a file in
 * the temporary directory, as `npm start > service.log` would. Its API key is made the way the
 * README makes one while the server runs (`npm run -s cli -- keys create ... --plan unlimited`).
 * The reference is bench/bare-bytes-server.mjs: bare Fastify under node, its one POST route
 * answering the bytes of one natal answer the service gave, recorded before the runs.
 *
 * Both are loaded by the same client (autocannon in this process, 32 connections), with the
 * same bodies: a new random birth per request (bench/births.ts: date 1900-2049, time, latitude
 * and longitude) from one generator, in 4 s runs alternating between the servers (served, bare,
 * served, ...), after warm-up runs that are discarded. On a 2-core box the client competes with
 * the server for the cores: it does the same work for both (the same bodies, answers of the same
 * size), and its CPU per request is printed for each so that this can be checked.
 *
 * SERVED_VARIANTS adds other servers to the same alternation, each a difference between this
 * measure and `npm run bench`'s natal section (see docs/performance.md):
 *   quiet-log    the service as above with LOG_LEVEL=warn (no request log lines)
 *   no-platform  the compiled service without its platform layers (no key, limits, idempotency,
 *                usage log, request metrics)
 *   tsx          the TypeScript sources through tsx instead of dist/
 *   mixed        COMPUTE_MODE=mixed: the natal task on the event loop, not in the pool
 *   postgres     DATABASE_URL (a new database on that server, dropped after) and REDIS_URL
 *   processes    as postgres, with SERVICE_PROCESSES=2 (one API process per core)
 *   as-bench     as processes, with LOG_LEVEL=warn: how `npm run bench` serves its natal headline
 *   object-bare  bench/same-answer-server.ts through tsx: bare Fastify answering the answer as
 *                an object serialised per request (`npm run bench`'s same-answer reference)
 *   fixed-birth  the service as the first target, every request the same birth
 *   checkout     `npm start` in another checkout (SERVED_CHECKOUT, installed and built): the
 *                code before a change, measured in the same run as the code after it
 * Other variables: SERVED_SECONDS (4), SERVED_ROUNDS (5), SERVED_WARMUP_ROUNDS (3),
 * SERVED_CONNECTIONS (32). The figures go to bench/results/served-<UTC date and time>.json.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { configSchema } from '../src/config.ts';
import { freePort, waitUntilReady } from '../test/helpers/child-server.ts';
import { randomBirth } from './births.ts';
import { runLoad, type LoadResult } from './load.ts';
import { machineDescription } from './machine.ts';
import { median } from './median.ts';
import { cpuSecondsOfGroup, threadCpuSeconds } from './server-process.ts';
import { createBenchDatabase, type BenchDatabase } from './bench-database.ts';
import { alternatingRounds } from './alternating-rounds.ts';

const ROUTE = '/api/v1/natal/calculate';
const seconds = Number(process.env.SERVED_SECONDS ?? 4);
const rounds = Number(process.env.SERVED_ROUNDS ?? 5);
const warmupRounds = Number(process.env.SERVED_WARMUP_ROUNDS ?? 3);
const connections = Number(process.env.SERVED_CONNECTIONS ?? 32);
const variants = (process.env.SERVED_VARIANTS ?? '')
  .split(',')
  .map((v) => v.trim())
  .filter(Boolean);
const root = path.resolve(import.meta.dirname, '..');

/** A server under load: where it listens, its key, the process whose CPU is read, how to stop it. */
interface Running {
  url: string;
  key: string;
  /** The process holding the main thread (the API process; the parent of a process group). */
  pid: number;
  /** The process whose tree's CPU counts (npm, the service's parent). */
  treePid: number;
  logFile?: string;
  stop(): Promise<void>;
}

interface Target {
  name: string;
  what: string;
  start(): Promise<Running>;
  /** The request body of each request; a new random birth by default. */
  body?: () => string;
}

/** The environment without any variable of the service's configuration: what a user's shell has. */
function userEnvironment(): NodeJS.ProcessEnv {
  const configured = new Set(Object.keys(configSchema.shape));
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !configured.has(name) && !name.startsWith('npm_')));
}

/** Every process below `pid` (a scan of /proc). */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone while read.
    }
  }
  const found: number[] = [];
  for (let next = [pid]; next.length;) {
    next = [...parentOf].filter(([, parent]) => next.includes(parent)).map(([child]) => child);
    found.push(...next);
  }
  return found;
}

function stopProcess(child: ChildProcess, pid: number, dir: string): () => Promise<void> {
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * `npm start` (or another command) in a fresh DATA_DIR, output to a file there; once ready, a key
 * made by the command line, as the README makes it.
 */
async function startService(name: string, command: string[], env: NodeJS.ProcessEnv = {}, cwd = root): Promise<Running> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-served-'));
  const logFile = path.join(dir, 'service.log');
  const out = fs.openSync(logFile, 'a');
  const fullEnv = { ...userEnvironment(), PORT: String(port), DATA_DIR: path.join(dir, 'data'), ...env };
  const child = spawn(command[0]!, command.slice(1), { cwd, env: fullEnv, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  if (!(await waitUntilReady(port))) {
    child.kill('SIGKILL');
    throw new Error(`${name} did not become ready on port ${port}; its output: ${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
  }
  // npm → node (the shell of the script execs node); a direct node command is the process itself.
  const pid =
    command[0] === 'npm' ? descendants(child.pid!).find((p) => fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('dist/src/main.js'))! : child.pid!;
  const keyOut = execFileSync('npm', ['run', '-s', 'cli', '--', 'keys', 'create', '--email', `bench-${port}@example.com`, '--plan', 'unlimited', '--quiet'], {
    cwd,
    env: fullEnv,
    encoding: 'utf8',
  });
  const key = keyOut.trim().split('\n').pop()!.trim();
  return { url: `http://127.0.0.1:${port}`, key, pid, treePid: child.pid!, logFile, stop: stopProcess(child, pid, dir) };
}

/** A reference server: no key, no data directory of its own but a scratch one. */
async function startReference(command: string[], env: NodeJS.ProcessEnv): Promise<Running> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-served-ref-'));
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...userEnvironment(), PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (!(await waitUntilReady(port))) {
    child.kill('SIGKILL');
    throw new Error(`${command.join(' ')} did not become ready on port ${port}`);
  }
  return { url: `http://127.0.0.1:${port}`, key: '', pid: child.pid!, treePid: child.pid!, stop: stopProcess(child, child.pid!, dir) };
}

const NODE = [process.execPath, '--max-semi-space-size=64'];
const npmStart = (env: NodeJS.ProcessEnv = {}) => startService('npm start', ['npm', 'start'], env);

let answerFile = '';
let database: BenchDatabase | undefined;
/** PostgreSQL and Redis for the variants that need them: a new database, one key prefix per run. */
async function sharedServers(): Promise<NodeJS.ProcessEnv> {
  const serverUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!serverUrl || !redisUrl) throw new Error('the postgres and processes variants need DATABASE_URL and REDIS_URL');
  database ??= await createBenchDatabase(serverUrl, 'astro_served');
  return {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `astro-served-${randomBytes(4).toString('hex')}:`,
    AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
  };
}

const VARIANTS: Record<string, Target> = {
  'quiet-log': { name: 'served, LOG_LEVEL=warn', what: 'npm start with LOG_LEVEL=warn', start: () => npmStart({ LOG_LEVEL: 'warn' }) },
  'no-platform': {
    name: 'served, no platform layers',
    what: 'dist/src/main.js serve({ platformLayers: false })',
    start: () =>
      startService('no-platform', [
        ...NODE,
        '--input-type=module',
        '-e',
        "const { serve } = await import('./dist/src/main.js'); await serve({ platformLayers: false });",
      ]),
  },
  tsx: {
    name: 'served from sources (tsx)',
    what: 'node --import tsx src/main.ts',
    start: () => startService('tsx', [...NODE, '--import', 'tsx', 'src/main.ts']),
  },
  mixed: { name: 'served, COMPUTE_MODE=mixed', what: 'npm start with COMPUTE_MODE=mixed', start: () => npmStart({ COMPUTE_MODE: 'mixed' }) },
  postgres: { name: 'served, PostgreSQL + Redis', what: 'npm start with DATABASE_URL and REDIS_URL', start: async () => npmStart(await sharedServers()) },
  'as-bench': {
    name: 'served as npm run bench serves it',
    what: "npm start with SERVICE_PROCESSES=2, DATABASE_URL, REDIS_URL and LOG_LEVEL=warn: the natal section's headline",
    start: async () => npmStart({ ...(await sharedServers()), SERVICE_PROCESSES: '2', LOG_LEVEL: 'warn' }),
  },
  processes: {
    name: 'served, 2 processes, PG + Redis',
    what: 'npm start with SERVICE_PROCESSES=2, DATABASE_URL, REDIS_URL',
    start: async () => npmStart({ ...(await sharedServers()), SERVICE_PROCESSES: '2' }),
  },
  'object-bare': {
    name: 'bare, answer object (tsx)',
    what: 'bench/same-answer-server.ts: the answer as an object, serialised per request',
    start: () => startReference([...NODE, '--import', 'tsx', 'bench/same-answer-server.ts'], { ANSWER_FILE: answerFile, ROUTE_PATH: ROUTE }),
  },
  checkout: {
    name: 'served, other checkout',
    what: `npm start in SERVED_CHECKOUT (${process.env.SERVED_CHECKOUT ?? 'unset'}), built there`,
    start: () => {
      if (!process.env.SERVED_CHECKOUT) throw new Error('the checkout variant needs SERVED_CHECKOUT: another checkout of the project, installed and built');
      return startService('checkout', ['npm', 'start'], {}, path.resolve(process.env.SERVED_CHECKOUT));
    },
  },
  'fixed-birth': {
    name: 'served, one birth repeated',
    what: 'npm start; every request the same body',
    start: () => npmStart(),
    body: (() => {
      const body = JSON.stringify(randomBirth());
      return () => body;
    })(),
  },
};
for (const v of variants) if (!VARIANTS[v]) throw new Error(`SERVED_VARIANTS: unknown variant ${v}; known: ${Object.keys(VARIANTS).join(', ')}`);

const targets: Target[] = [
  { name: 'served (npm start)', what: 'npm start, embedded defaults', start: () => npmStart() },
  {
    name: 'bare Fastify, same bytes',
    what: 'bench/bare-bytes-server.mjs under node',
    start: () => startReference([...NODE, 'bench/bare-bytes-server.mjs'], { ANSWER_FILE: answerFile, ROUTE_PATH: ROUTE }),
  },
  ...variants.map((v) => VARIANTS[v]!),
];

interface Run extends LoadResult {
  /** CPU per request, µs: the server's processes (all threads), its main thread, the client (this process). */
  serverCpuMicros: number;
  mainThreadCpuMicros: number;
  clientCpuMicros: number;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

async function measure(target: Target, server: Running, label: string): Promise<Run> {
  const before = { tree: cpuSecondsOfGroup(server.treePid), main: threadCpuSeconds(server.pid), client: process.cpuUsage() };
  const result = await runLoad(label, {
    url: `${server.url}${ROUTE}`,
    method: 'POST',
    connections,
    durationSeconds: seconds,
    headers: { ...(server.key ? { 'x-api-key': server.key } : {}), 'content-type': 'application/json' },
    body: target.body ?? (() => JSON.stringify(randomBirth())),
  });
  const client = process.cpuUsage(before.client);
  const perRequest = (cpuSecondsUsed: number) => (cpuSecondsUsed * 1e6) / Math.max(1, result.requests);
  await settle();
  return {
    ...result,
    serverCpuMicros: perRequest(cpuSecondsOfGroup(server.treePid) - before.tree),
    mainThreadCpuMicros: perRequest(threadCpuSeconds(server.pid) - before.main),
    clientCpuMicros: (client.user + client.system) / Math.max(1, result.requests),
  };
}

const started: Running[] = [];
const record: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: machineDescription(),
  seconds,
  rounds,
  warmupRounds,
  connections,
  loadavg: os.loadavg(),
};
try {
  // The service first: the bare server answers the bytes of one of its answers.
  const served = await targets[0]!.start();
  started.push(served);
  const recorded = await fetch(`${served.url}${ROUTE}`, {
    method: 'POST',
    headers: { 'x-api-key': served.key, 'content-type': 'application/json' },
    body: JSON.stringify(randomBirth()),
  });
  if (recorded.status !== 200) throw new Error(`recording a natal answer: ${recorded.status} ${await recorded.text()}`);
  answerFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'astro-served-answer-')), 'answer.json');
  fs.writeFileSync(answerFile, Buffer.from(await recorded.arrayBuffer()));
  for (const target of targets.slice(1)) started.push(await target.start());

  console.log(
    `served natal as run (${connections} connections, ${seconds} s runs alternating, ${warmupRounds} warm-up rounds discarded, ${rounds} measured; a new random birth per request; answer ${fs.statSync(answerFile).size} bytes)`,
  );
  let servedRequests = 0;
  const runs: Run[][] = await alternatingRounds(
    targets,
    async (target, i) => {
      const run = await measure(target, started[i]!, target.name);
      if (run.non2xx || run.errors) throw new Error(`${target.name}: ${run.non2xx} non-2xx answers and ${run.errors} errors`);
      if (i === 0) servedRequests += run.requests;
      return run;
    },
    {
      rounds,
      warmUpRounds: warmupRounds,
      order: 'fixed',
      afterRound: (results, round) =>
        console.log(`  ${round.warmUp ? 'warm-up' : 'round  '} ${round.number}: ${results.map((run) => run.requestsPerSecond.toFixed(0)).join(' / ')} req/s`),
    },
  );

  const bareRuns = runs[1]!;
  const bareRate = median(bareRuns.map((r) => r.requestsPerSecond));
  const rows = targets.map((target, i) => {
    const own = runs[i]!;
    const rate = median(own.map((r) => r.requestsPerSecond));
    // The ratio of each round's pair (the drift of the box weighs on both alike), and their median.
    const roundRatios = own.map((r, k) => r.requestsPerSecond / bareRuns[k]!.requestsPerSecond);
    return {
      name: target.name,
      what: target.what,
      requestsPerSecond: rate,
      ratioToBare: rate / bareRate,
      medianRoundRatio: median(roundRatios),
      roundRatios,
      rounds: own.map((r) => r.requestsPerSecond),
      p50Ms: median(own.map((r) => r.p50Ms)),
      p99Ms: median(own.map((r) => r.p99Ms)),
      serverCpuMicros: median(own.map((r) => r.serverCpuMicros)),
      mainThreadCpuMicros: median(own.map((r) => r.mainThreadCpuMicros)),
      clientCpuMicros: median(own.map((r) => r.clientCpuMicros)),
    };
  });
  const logFile = started[0]!.logFile;
  const logBytes = logFile ? fs.statSync(logFile).size : 0;
  const pad = (s: string, n: number) => s.padStart(n);
  console.log(
    `\n${'server'.padEnd(34)} ${pad('req/s', 8)} ${pad('/bare', 6)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('srv µs', 7)} ${pad('main µs', 8)} ${pad('client µs', 9)}   rounds (ratio per round)`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(34)} ${pad(r.requestsPerSecond.toFixed(0), 8)} ${pad(r.ratioToBare.toFixed(2), 6)} ${pad(r.p50Ms.toFixed(1), 7)} ${pad(r.p99Ms.toFixed(1), 7)} ${pad(r.serverCpuMicros.toFixed(0), 7)} ${pad(r.mainThreadCpuMicros < 1 ? '-' : r.mainThreadCpuMicros.toFixed(0), 8)} ${pad(r.clientCpuMicros.toFixed(0), 9)}   ${r.rounds.map((x) => x.toFixed(0)).join('/')} (${r.roundRatios.map((x) => x.toFixed(2)).join('/')})`,
    );
  }
  console.log(
    `served/bare ${rows[0]!.ratioToBare.toFixed(2)} (medians of ${rounds} rounds; median of the rounds' own ratios ${rows[0]!.medianRoundRatio.toFixed(2)})`,
  );
  console.log(
    "srv µs: CPU of the server's processes, all threads, per request; main µs: its main thread's (- for a process group, whose parent serves nothing); client µs: this process's (autocannon), the same work for every server",
  );
  console.log(
    `the served process wrote ${(logBytes / 1e6).toFixed(1)} MB of log to its output: ${(logBytes / Math.max(1, servedRequests)).toFixed(0)} bytes a request`,
  );
  Object.assign(record, { rows, logBytes, answerBytes: fs.statSync(answerFile).size });
} finally {
  await Promise.all(started.map((s) => s.stop()));
  await database?.drop();
  if (answerFile) fs.rmSync(path.dirname(answerFile), { recursive: true, force: true });
}

const file = path.join(import.meta.dirname, 'results', `served-${String(record.date).slice(0, 19).replace(/:/g, '-')}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
console.log(`recorded in ${path.relative(process.cwd(), file)}`);

/** autocannon runs with a fixed shape, so that every figure of one table is comparable. */
import autocannon from 'autocannon';
import { cpuSeconds, threadCpuSeconds } from './server-process.ts';
import { alternatingRounds } from './alternating-rounds.ts';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  /** Requests answered in the run. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A new body for every request (so that no cache can stand in for the work). */
  body?: () => string;
  /** A new path (with query) for every request. */
  path?: () => string;
  durationSeconds: number;
  connections: number;
}

export async function runLoad(name: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    connections: options.connections,
    duration: options.durationSeconds,
    requests:
      options.body || options.path
        ? [{ setupRequest: (req) => ({ ...req, ...(options.body ? { body: options.body() } : {}), ...(options.path ? { path: options.path() } : {}) }) }]
        : undefined,
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** CPU per request of one run, µs: the server's process (all threads), its main thread, and the client (this process). */
export interface CpuPerRequest {
  serverMicros: number;
  mainThreadMicros: number;
  clientMicros: number;
}

export interface MeasuredRound {
  requestsPerSecond: number;
  /** Present when the server's pid was given. */
  cpu?: CpuPerRequest;
}

/**
 * Each load in rounds: a warm-up run of each first, then `rounds` rounds running every load
 * once, the order rotated by one each round so that no load always follows the same one (with
 * two loads, every other round is reversed; alternating-rounds.ts). With `serverPid`, each run also measures the CPU a
 * request costs the server (all threads and its main thread, from /proc, less what they spend
 * idle) and the client. A run with a non-2xx answer or an error stops the bench: a ratio over
 * failures would mean nothing.
 */
export async function measuredAlternatingLoads<Name extends string>(
  loads: Record<Name, Omit<LoadOptions, 'durationSeconds' | 'connections'>>,
  options: { rounds: number; seconds: number; warmUpSeconds: number; connections: number; serverPid?: number },
): Promise<Record<Name, MeasuredRound[]>> {
  const names = Object.keys(loads) as Name[];
  for (const name of names) await runLoad('warm-up', { ...loads[name], durationSeconds: options.warmUpSeconds, connections: options.connections });
  const pid = options.serverPid;
  // What the server's threads spend with no request at all (timers, flushes, the collector): taken
  // off each run's CPU, so that an endpoint served at a low rate is not charged for it.
  const idle = pid === undefined ? undefined : await idleCpuPerSecond(pid);
  const measured = await alternatingRounds(
    names,
    async (name) => {
      const before = pid === undefined ? undefined : { server: cpuSeconds(pid), main: threadCpuSeconds(pid), client: process.cpuUsage() };
      const result = await runLoad(name, { ...loads[name], durationSeconds: options.seconds, connections: options.connections });
      if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      const round: MeasuredRound = { requestsPerSecond: result.requestsPerSecond };
      if (pid !== undefined && before) {
        const client = process.cpuUsage(before.client);
        const perRequest = (seconds: number, idlePerSecond: number) =>
          (Math.max(0, seconds - idlePerSecond * options.seconds) * 1e6) / Math.max(1, result.requests);
        round.cpu = {
          serverMicros: perRequest(cpuSeconds(pid) - before.server, idle!.server),
          mainThreadMicros: perRequest(threadCpuSeconds(pid) - before.main, idle!.main),
          clientMicros: (client.user + client.system) / Math.max(1, result.requests),
        };
      }
      return round;
    },
    { rounds: options.rounds, order: 'rotated' },
  );
  return Object.fromEntries(names.map((name, i) => [name, measured[i]!])) as Record<Name, MeasuredRound[]>;
}

/** CPU seconds per second that the server's process (all threads) and its main thread use with no load, over two seconds. */
async function idleCpuPerSecond(pid: number): Promise<{ server: number; main: number }> {
  const before = { server: cpuSeconds(pid), main: threadCpuSeconds(pid) };
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return { server: (cpuSeconds(pid) - before.server) / 2, main: (threadCpuSeconds(pid) - before.main) / 2 };
}

/** Requests per second of each load, in rounds (measuredAlternatingLoads without the CPU). */
export async function alternatingLoads<Name extends string>(
  loads: Record<Name, Omit<LoadOptions, 'durationSeconds' | 'connections'>>,
  options: { rounds: number; seconds: number; warmUpSeconds: number; connections: number },
): Promise<Record<Name, number[]>> {
  const measured = await measuredAlternatingLoads(loads, options);
  return Object.fromEntries(Object.entries<MeasuredRound[]>(measured).map(([name, runs]) => [name, runs.map((r) => r.requestsPerSecond)])) as Record<
    Name,
    number[]
  >;
}

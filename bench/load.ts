/** autocannon runs with a fixed shape, so that every figure of one table is comparable. */
import autocannon from 'autocannon';

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

/**
 * Requests per second of each load, in rounds: a warm-up run of each first, then `rounds` rounds
 * running every load once, the order rotated by one each round so that no load always follows
 * the same one (with two loads, every other round is reversed). A run with a non-2xx answer or an
 * error stops the bench: a ratio over failures would mean nothing.
 */
export async function alternatingLoads<Name extends string>(
  loads: Record<Name, Omit<LoadOptions, 'durationSeconds' | 'connections'>>,
  options: { rounds: number; seconds: number; warmUpSeconds: number; connections: number },
): Promise<Record<Name, number[]>> {
  const names = Object.keys(loads) as Name[];
  const out = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  for (const name of names) await runLoad('warm-up', { ...loads[name], durationSeconds: options.warmUpSeconds, connections: options.connections });
  for (let r = 0; r < options.rounds; r++) {
    const shift = r % names.length;
    for (const name of [...names.slice(shift), ...names.slice(0, shift)]) {
      const result = await runLoad(name, { ...loads[name], durationSeconds: options.seconds, connections: options.connections });
      if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      out[name].push(result.requestsPerSecond);
    }
  }
  return out;
}

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
    requests: options.body || options.path
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

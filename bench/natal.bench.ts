/**
 * Natal throughput against a trivial JSON route of the same server, in the same run, for each
 * compute mode (inline on the event loop, Piscina pool).
 */
import { randomBirth } from './births.ts';
import { runLoad, type LoadResult } from './load.ts';
import { startBenchServer, type BenchServer } from './server-process.ts';

export interface ModeFigures {
  mode: string;
  baseline: LoadResult;
  natal: LoadResult;
  ratio: number;
  /** The same natal load on the bare route (no platform layers), and the full route's share of it. */
  bare: LoadResult;
  platformShare: number;
}

async function withServer<T>(server: BenchServer, run: (server: BenchServer) => Promise<T>): Promise<T> {
  try {
    return await run(server);
  } finally {
    await server.stop();
  }
}

export async function benchNatal(options: { durationSeconds: number; connections: number; modes: string[]; env: Record<string, string> }): Promise<ModeFigures[]> {
  const figures: ModeFigures[] = [];
  const common = { durationSeconds: options.durationSeconds, connections: options.connections };
  for (const mode of options.modes) {
    const full = await withServer(await startBenchServer({ ...options.env, COMPUTE_MODE: mode }), async (server) => {
      const url = `${server.url}/api/v1/natal/calculate`;
      const post = { method: 'POST' as const, headers: { 'x-api-key': server.key, 'content-type': 'application/json' }, body: () => JSON.stringify(randomBirth()) };
      // Warm up JIT, the key cache and the time-zone data before measuring.
      await runLoad('warmup', { ...common, durationSeconds: 2, url, ...post });
      const baseline = await runLoad('GET /healthz', { ...common, url: `${server.url}/healthz` });
      const natal = await runLoad('POST /api/v1/natal/calculate', { ...common, url, ...post });
      if (natal.non2xx || natal.errors) throw new Error(`natal run had ${natal.non2xx} non-2xx responses and ${natal.errors} errors`);
      return { baseline, natal };
    });
    const bare = await withServer(await startBenchServer({ ...options.env, COMPUTE_MODE: mode }, [], 'bench/bare-natal-server.ts'), async (server) => {
      const url = `${server.url}/api/v1/natal/calculate`;
      const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: () => JSON.stringify(randomBirth()) };
      await runLoad('warmup', { ...common, durationSeconds: 2, url, ...post });
      return runLoad('natal without platform layers', { ...common, url, ...post });
    });
    figures.push({
      mode, ...full, ratio: full.natal.requestsPerSecond / full.baseline.requestsPerSecond,
      bare, platformShare: full.natal.requestsPerSecond / bare.requestsPerSecond,
    });
  }
  return figures;
}

/**
 * Natal throughput against a trivial JSON route of the same server, in the same run, for each
 * compute mode (inline on the event loop, Piscina pool).
 */
import { randomBirth } from './births.ts';
import { runLoad, type LoadResult } from './load.ts';
import { startBenchServer } from './server-process.ts';

export interface ModeFigures {
  mode: string;
  baseline: LoadResult;
  natal: LoadResult;
  ratio: number;
}

export async function benchNatal(options: { durationSeconds: number; connections: number; modes: string[]; env: Record<string, string> }): Promise<ModeFigures[]> {
  const figures: ModeFigures[] = [];
  for (const mode of options.modes) {
    const server = await startBenchServer({ ...options.env, COMPUTE_MODE: mode });
    try {
      const common = { durationSeconds: options.durationSeconds, connections: options.connections };
      // Warm up JIT, the key cache and the time-zone data before measuring.
      await runLoad('warmup', { ...common, durationSeconds: 2, url: `${server.url}/api/v1/natal/calculate`, method: 'POST', headers: { 'x-api-key': server.key, 'content-type': 'application/json' }, body: () => JSON.stringify(randomBirth()) });
      const baseline = await runLoad('GET /healthz', { ...common, url: `${server.url}/healthz` });
      const natal = await runLoad('POST /api/v1/natal/calculate', {
        ...common, url: `${server.url}/api/v1/natal/calculate`, method: 'POST',
        headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
        body: () => JSON.stringify(randomBirth()),
      });
      if (natal.non2xx || natal.errors) throw new Error(`natal run had ${natal.non2xx} non-2xx responses and ${natal.errors} errors`);
      figures.push({ mode, baseline, natal, ratio: natal.requestsPerSecond / baseline.requestsPerSecond });
    } finally {
      await server.stop();
    }
  }
  return figures;
}

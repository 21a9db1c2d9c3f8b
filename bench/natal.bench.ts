/**
 * Natal (or transits) throughput against a trivial JSON route of the same server, in the same
 * run, for each compute mode (inline on the event loop, Piscina pool), and against the same
 * service without its platform layers answering the same route (bare); and the full route once
 * more for a client that asks for gzip, as most HTTP clients do unasked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBirth, randomTransitRequest } from './births.ts';
import { runLoad, type LoadResult } from './load.ts';
import { cpuSecondsOfGroup, startBenchServer, type BenchServer } from './server-process.ts';
import { median } from './median.ts';
import { alternatingRounds } from './alternating-rounds.ts';

export interface ModeFigures {
  mode: string;
  baseline: LoadResult;
  natal: LoadResult;
  ratio: number;
  /** The same natal load on the service without its platform layers, and the full route's share of it. */
  bare: LoadResult;
  platformShare: number;
  /** The same natal load on a minimal natal-only server (no logger, no other routes), and the full route's share of it (natal only). */
  minimal?: LoadResult;
  minimalShare?: number;
  /**
   * The same load on a bare Fastify route that answers one recorded answer of the route, the
   * same object every time (bench/same-answer-server.ts): what serving the answer alone costs.
   */
  sameAnswer: LoadResult;
  sameAnswerShare: number;
  /**
   * The full route again, the client asking for gzip as most HTTP clients do by default (the
   * answer compressed by the service), and its share of the plain full route.
   */
  gzip: LoadResult;
  gzipShare: number;
  /** 2-s warm-up runs each server took to reach a steady rate (full, bare, minimal if any, same answer). */
  warmupRuns: number[];
  /** req/s of every round, in order. */
  rounds: { baseline: number[]; full: number[]; bare: number[]; minimal: number[]; sameAnswer: number[]; gzip: number[] };
  /**
   * CPU time of the service process (all its threads) per natal request, full and bare: what
   * the platform layers cost the API process itself, apart from Redis and PostgreSQL, which
   * share the same two cores here.
   */
  cpuMicrosPerRequest: { full: number; bare: number; minimal?: number; sameAnswer: number; gzip: number };
}

/** The route measured: POST to `path` with a new body per request; the minimal server has the natal routes only. */
export interface BenchRoute {
  path: string;
  body: () => string;
  withMinimal: boolean;
}

export const NATAL_ROUTE: BenchRoute = { path: '/api/v1/natal/calculate', body: () => JSON.stringify(randomBirth()), withMinimal: true };
export const TRANSITS_ROUTE: BenchRoute = { path: '/api/v1/transits/calculate', body: () => JSON.stringify(randomTransitRequest()), withMinimal: false };

const settle = () => new Promise((r) => setTimeout(r, 1000));

/**
 * Loads a server until two successive runs agree within 5% (at least three runs, at most
 * twelve); the number of runs it took.
 */
async function warmUntilSteady(run: () => Promise<LoadResult>): Promise<number> {
  let last = (await run()).requestsPerSecond;
  for (let runs = 2; runs <= 12; runs++) {
    const rate = (await run()).requestsPerSecond;
    if (runs >= 3 && Math.abs(rate - last) <= 0.05 * last) return runs;
    last = rate;
  }
  return 12;
}

/** The run with the median throughput of several. */
function medianRun(runs: LoadResult[]): LoadResult {
  const m = median(runs.map((r) => r.requestsPerSecond));
  return runs.find((r) => r.requestsPerSecond === m)!;
}

/**
 * For each compute mode: the full service, the same service without its platform layers and a
 * minimal natal-only server run side by side, and the natal load alternates between them
 * (full, bare, minimal, full, ...) so that the machine's drift weighs on all alike; medians of
 * the rounds are reported. After each run the machine settles for a second, so that work a run
 * leaves behind (a usage-log write, PostgreSQL's background writers) does not land on the next.
 */
export async function benchNatal(options: {
  durationSeconds: number;
  connections: number;
  modes: string[];
  env: Record<string, string>;
  rounds?: number;
  route?: BenchRoute;
}): Promise<ModeFigures[]> {
  const route = options.route ?? NATAL_ROUTE;
  const figures: ModeFigures[] = [];
  const rounds = options.rounds ?? 5;
  const common = { durationSeconds: options.durationSeconds, connections: options.connections };
  for (const mode of options.modes) {
    // `processes`: a process group of one process per core, each with its default compute mode
    // (mixed); the minimal server is one process and has no counterpart there.
    const processes = mode === 'processes';
    const serverEnv = { ...options.env, ...(processes ? { SERVICE_PROCESSES: String(os.availableParallelism()) } : { COMPUTE_MODE: mode }) };
    const full = await startBenchServer(serverEnv);
    const bare = await startBenchServer(serverEnv, [], 'bench/service-without-platform.ts');
    const minimal = route.withMinimal && !processes ? await startBenchServer(serverEnv, [], 'bench/bare-natal-server.ts') : undefined;
    const answerFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'astro-bench-answer-')), 'answer.json');
    let sameAnswer: BenchServer | undefined;
    try {
      const recorded = await fetch(`${full.url}${route.path}`, {
        method: 'POST',
        headers: { 'x-api-key': full.key, 'content-type': 'application/json' },
        body: route.body(),
      });
      if (recorded.status !== 200) throw new Error(`recording an answer of ${route.path}: ${recorded.status}`);
      fs.writeFileSync(answerFile, Buffer.from(await recorded.arrayBuffer()));
      sameAnswer = await startBenchServer({ ANSWER_FILE: answerFile, ROUTE_PATH: route.path }, [], 'bench/same-answer-server.ts');
      const warmups: number[] = [];
      const cpuPerRequest = { full: [] as number[], bare: [] as number[], minimal: [] as number[], sameAnswer: [] as number[], gzip: [] as number[] };
      const natalRequests = (server: BenchServer, headers: Record<string, string> = {}) => ({
        ...common,
        url: `${server.url}${route.path}`,
        method: 'POST' as const,
        headers: { ...(server.key ? { 'x-api-key': server.key } : {}), 'content-type': 'application/json', ...headers },
        body: route.body,
      });
      const natalLoad = async (server: BenchServer, name: string, which: keyof typeof cpuPerRequest, headers?: Record<string, string>) => {
        const cpuBefore = cpuSecondsOfGroup(server.pid);
        const result = await runLoad(name, natalRequests(server, headers));
        cpuPerRequest[which].push(((cpuSecondsOfGroup(server.pid) - cpuBefore) * 1e6) / (result.requestsPerSecond * common.durationSeconds));
        await settle();
        return result;
      };
      // Warm up JIT, the key cache and the time-zone data before measuring: a served process
      // starts at about half its steady throughput (compiling, and meeting each zone for the
      // first time) and climbs for ten seconds or more, while the same-answer server is warm
      // at once. What is compared is the steady state, as a running service sees it.
      for (const server of [full, bare, ...(minimal ? [minimal] : []), sameAnswer])
        warmups.push(await warmUntilSteady(() => runLoad('warmup', { ...natalRequests(server), durationSeconds: 2 })));
      const answering = sameAnswer;
      // Each round in the same order: the baseline, the full service, the bare one, the minimal
      // server, the same answer, the full service asked for gzip.
      const runs: Record<keyof typeof cpuPerRequest | 'baseline', () => Promise<LoadResult>> = {
        baseline: async () => {
          const result = await runLoad('GET /healthz', { ...common, url: `${full.url}/healthz` });
          await settle();
          return result;
        },
        full: () => natalLoad(full, `POST ${route.path}`, 'full'),
        bare: () => natalLoad(bare, 'same route, no platform layers', 'bare'),
        minimal: () => natalLoad(minimal!, 'minimal natal-only server', 'minimal'),
        sameAnswer: () => natalLoad(answering, 'the same answer object, bare Fastify', 'sameAnswer'),
        gzip: () => natalLoad(full, `POST ${route.path}, Accept-Encoding: gzip`, 'gzip', { 'accept-encoding': 'gzip' }),
      };
      const contenders = (['baseline', 'full', 'bare', 'minimal', 'sameAnswer', 'gzip'] as const).filter((name) => name !== 'minimal' || minimal);
      const measured = await alternatingRounds(contenders, (name) => runs[name](), { rounds, order: 'fixed' });
      const runsOf = (name: (typeof contenders)[number]): LoadResult[] => measured[contenders.indexOf(name)] ?? [];
      const [baselines, fulls, bares, minimals, sameAnswers, gzips] = [
        runsOf('baseline'),
        runsOf('full'),
        runsOf('bare'),
        runsOf('minimal'),
        runsOf('sameAnswer'),
        runsOf('gzip'),
      ];
      for (const r of [...fulls, ...bares, ...sameAnswers, ...gzips])
        if (r.non2xx || r.errors) throw new Error(`${r.name} run had ${r.non2xx} non-2xx responses and ${r.errors} errors`);
      const baseline = medianRun(baselines);
      const natal = medianRun(fulls);
      const bareRun = medianRun(bares);
      const minimalRun = minimal ? medianRun(minimals) : undefined;
      const sameAnswerRun = medianRun(sameAnswers);
      const gzipRun = medianRun(gzips);
      const perSecond = (runs: LoadResult[]) => runs.map((r) => r.requestsPerSecond);
      figures.push({
        mode,
        baseline,
        natal,
        ratio: natal.requestsPerSecond / baseline.requestsPerSecond,
        bare: bareRun,
        platformShare: natal.requestsPerSecond / bareRun.requestsPerSecond,
        ...(minimalRun ? { minimal: minimalRun, minimalShare: natal.requestsPerSecond / minimalRun.requestsPerSecond } : {}),
        sameAnswer: sameAnswerRun,
        sameAnswerShare: natal.requestsPerSecond / sameAnswerRun.requestsPerSecond,
        gzip: gzipRun,
        gzipShare: gzipRun.requestsPerSecond / natal.requestsPerSecond,
        warmupRuns: warmups,
        rounds: {
          baseline: perSecond(baselines),
          full: perSecond(fulls),
          bare: perSecond(bares),
          minimal: perSecond(minimals),
          sameAnswer: perSecond(sameAnswers),
          gzip: perSecond(gzips),
        },
        cpuMicrosPerRequest: {
          full: median(cpuPerRequest.full),
          bare: median(cpuPerRequest.bare),
          ...(minimal ? { minimal: median(cpuPerRequest.minimal) } : {}),
          sameAnswer: median(cpuPerRequest.sameAnswer),
          gzip: median(cpuPerRequest.gzip),
        },
      });
    } finally {
      await Promise.all([full.stop(), bare.stop(), ...(minimal ? [minimal.stop()] : []), ...(sameAnswer ? [sameAnswer.stop()] : [])]);
      fs.rmSync(path.dirname(answerFile), { recursive: true, force: true });
    }
  }
  return figures;
}

/**
 * The Vedic daily personal reading and BaZi synastry against natal, in one run:
 *
 * - served: the compiled service (`npm run build` first), one process with the compute pool,
 *   autocannon on POST /api/v1/natal/calculate, POST /api/v2/vedic/horoscope/daily/personal and
 *   POST /api/v1/chinese/bazi/synastry in alternating rounds (bench/load.ts, the order rotated
 *   each round), a new random birth (or pair) per request and a day of the week around a fixed
 *   date, after a warm-up of each (WARM_UP_SECONDS: a served process takes tens of seconds of
 *   random births to reach its steady rate, natal's included); the ratios are each endpoint's requests per second over
 *   natal's in the same round, the figure the median round (target: at least 0.5 for both);
 * - in process: the three compute tasks in alternating batches on one thread, CPU ms per task.
 *
 * `npm run bench` runs it as its `vedic-daily` section; on its own:
 *
 *   npx tsx bench/vedic-daily.bench.ts [seconds per round=4] [rounds=5]
 */
import os from 'node:os';
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { runTask } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { vedicDailyRequest } from '../src/features/vedic/daily/vedic-daily-schemas.ts';
import { baziSynastryRequest } from '../src/features/chinese/bazi/bazi-synastry-schemas.ts';
import { ENDPOINTS } from '../src/features/endpoints.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { randomBirth, randomInt } from './births.ts';
import { alternatingLoads } from './load.ts';
import { median } from './median.ts';
import { startBenchServer } from './server-process.ts';

const CONNECTIONS = 16;
const WARM_UP_SECONDS = 15;
const NAMES = ['natal', 'vedic_daily', 'bazi_synastry'] as const;
type Name = (typeof NAMES)[number];

const sex = () => (Math.random() < 0.5 ? 'M' : 'F');
/** A day of the week around 25 November 2026 (fixed, so that runs compare). */
const askedDay = () => `2026-11-${randomInt(22, 28)}`;
const dailyBody = () => ({ ...randomBirth(), ayanamsha: 'lahiri', house_system: 'whole_sign', node_type: 'mean', target_date: askedDay() });
const synastryBody = () => ({ person_a: { ...randomBirth(), sex: sex() }, person_b: { ...randomBirth(), sex: sex() } });

export interface VedicDailyFigures {
  seconds: number;
  rounds: number;
  connections: number;
  /** The 1-minute load average before and after the served rounds (other work on the box). */
  loadAverage: { before: number; after: number };
  /** Requests per second of each round. */
  served: Record<Name, number[]>;
  /** Each endpoint's requests per second over natal's, per round, and their median. */
  ratios: Record<Name, { rounds: number[]; median: number }>;
  /** CPU ms per task in process (median of batches of 10). */
  taskMs: Record<Name, number>;
}

async function served(seconds: number, rounds: number, env: Record<string, string>): Promise<Record<Name, number[]>> {
  const server = await startBenchServer({ ...env, COMPUTE_MODE: 'pool' });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const post = (path: string, body: () => unknown) => ({ url: `${server.url}${path}`, method: 'POST' as const, headers, body: () => JSON.stringify(body()) });
  const loads = {
    natal: post('/api/v1/natal/calculate', randomBirth),
    vedic_daily: post('/api/v2/vedic/horoscope/daily/personal', dailyBody),
    bazi_synastry: post('/api/v1/chinese/bazi/synastry', synastryBody),
  };
  try {
    return await alternatingLoads(loads, { rounds, seconds, warmUpSeconds: WARM_UP_SECONDS, connections: CONNECTIONS });
  } finally {
    await server.stop();
  }
}

function inProcess(seconds: number): Record<Name, number> {
  initEphemeris();
  const prepare = (path: string, body: unknown) => {
    const e = ENDPOINTS.find((x) => x.paths.includes(path))!;
    return { name: e.task.name, task: e.prepare({ body: e.body!.parse(body), query: undefined, params: undefined }, Date.now()) };
  };
  const cases = Array.from({ length: 400 }, () => {
    const natal = natalRequest.parse(randomBirth());
    return {
      natal: { name: 'natal', task: { request: natal, place: resolveSubjectPlace(natal, ['body']), includeMinor: false, includeStelliums: false } },
      vedic_daily: prepare('/api/v2/vedic/horoscope/daily/personal', vedicDailyRequest.parse(dailyBody())),
      bazi_synastry: prepare('/api/v1/chinese/bazi/synastry', baziSynastryRequest.parse(synastryBody())),
    };
  });
  let k = 0;
  const run = (name: Name) => {
    const c = cases[k++ % cases.length]![name];
    return runTask(c.name, c.task as never);
  };
  for (let i = 0; i < 400; i++) for (const n of NAMES) run(n);
  const samples: Record<Name, number[]> = { natal: [], vedic_daily: [], bazi_synastry: [] };
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end)
    for (const n of NAMES) {
      const before = process.cpuUsage();
      for (let i = 0; i < 10; i++) run(n);
      const used = process.cpuUsage(before);
      samples[n].push((used.user + used.system) / 10 / 1000);
    }
  return { natal: median(samples.natal), vedic_daily: median(samples.vedic_daily), bazi_synastry: median(samples.bazi_synastry) };
}

export async function benchVedicDaily(options: { seconds: number; rounds: number; env?: Record<string, string> }): Promise<VedicDailyFigures> {
  const before = os.loadavg()[0]!;
  const s = await served(options.seconds, options.rounds, options.env ?? {});
  const after = os.loadavg()[0]!;
  const ratio = (n: Name) => {
    const rounds = s[n].map((x, i) => x / s.natal[i]!);
    return { rounds, median: median(rounds) };
  };
  return {
    seconds: options.seconds,
    rounds: options.rounds,
    connections: CONNECTIONS,
    loadAverage: { before, after },
    served: s,
    ratios: { natal: ratio('natal'), vedic_daily: ratio('vedic_daily'), bazi_synastry: ratio('bazi_synastry') },
    taskMs: inProcess(options.seconds),
  };
}

/** The table `npm run bench` and this file print. */
export function printVedicDaily(f: VedicDailyFigures): void {
  console.log(
    `\nVedic daily reading and BaZi synastry against natal (served: ${WARM_UP_SECONDS} s of warm-up each, then ${f.rounds} alternating rounds of ${f.seconds} s, ${f.connections} connections, ratio the median of the rounds' ratios, target ≥ 0.5; in process: CPU ms per task, median of batches of 10)`,
  );
  console.log(`load average (1 min) ${f.loadAverage.before.toFixed(1)} before the served rounds, ${f.loadAverage.after.toFixed(1)} after`);
  console.log('| endpoint | served req/s (median) | / natal | rounds / natal | in-process ms per task | / natal |');
  console.log('|---|---:|---:|---|---:|---:|');
  for (const n of NAMES) {
    const r = f.ratios[n];
    console.log(
      `| ${n} | ${median(f.served[n]).toFixed(0)} | ${r.median.toFixed(2)} | ${r.rounds.map((x) => x.toFixed(2)).join(' ')} | ${f.taskMs[n].toFixed(3)} | ${(f.taskMs[n] / f.taskMs.natal).toFixed(2)} |`,
    );
  }
}

if (import.meta.filename === process.argv[1]) {
  printVedicDaily(await benchVedicDaily({ seconds: Number(process.argv[2] ?? 4), rounds: Number(process.argv[3] ?? 5) }));
}

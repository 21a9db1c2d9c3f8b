/**
 * Astrocartography recommendations (every city of 100,000 people or more worldwide, the default
 * request) and the relocated chart against natal, in one run:
 *
 * - in process: CPU ms per task on one thread, natal and the two tasks in alternating batches of
 *   a new random birth each; the recommendations' time split into its parts, measured apart on
 *   the same births: the sky with every paran (scoringFor: the parans' root search), scoring every
 *   candidate (focusRanker), and the rest (the ten chosen cities judged in full, their relocation
 *   summaries, the 44 lines of the map, the answer's JSON). Target: the recommendations under
 *   100 ms of compute a request.
 * - served: the compiled service (`npm run build` first), one process on embedded defaults with
 *   the compute pool (the heavy lane at nice 0 and no per-account limit of heavy requests, see
 *   served()), autocannon on natal, recommendations and relocation in alternating rounds
 *   (bench/load.ts); ratios are requests per second over natal's in the same run.
 *
 *   npx tsx bench/astrocartography-recommendations.bench.ts [seconds per round=4] [rounds=2] [served=1]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { runTask } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { ENDPOINTS } from '../src/features/endpoints.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { ACG_FOCUSES } from '../src/features/western/astrocartography/acg-rules.ts';
import { scoringFor } from '../src/features/western/astrocartography/astrocartography-city-check-service.ts';
import { candidateCities, type AcgRecommendationsTask } from '../src/features/western/astrocartography/astrocartography-recommendations-service.ts';
import { focusRanker } from '../src/features/western/astrocartography/focus-ranker.ts';
import { randomBirth, randomInt } from './births.ts';
import { alternatingLoads } from './load.ts';
import { median } from './median.ts';
import { startBenchServer } from './server-process.ts';

const seconds = Number(process.argv[2] ?? 4);
const rounds = Number(process.argv[3] ?? 2);
const withServed = (process.argv[4] ?? '1') !== '0';
const CONNECTIONS = 16;
const CITIES = ['Lisbon', 'Tokyo', 'New York', 'Sydney', 'Nairobi', 'Reykjavik', 'Santiago', 'Mumbai'];

/** A timed birth with its zone read from the place. */
const birth = () => ({ ...randomBirth(), tz_str: 'AUTO', time_known: true });
const recommendBody = () => ({ natal: birth(), focus: ACG_FOCUSES[randomInt(0, ACG_FOCUSES.length - 1)], country_scope: 'all' });
const relocateBody = () => ({ natal: birth(), city: CITIES[randomInt(0, CITIES.length - 1)] });

type Name = 'natal' | 'recommendations' | 'relocation';
const NAMES: Name[] = ['natal', 'recommendations', 'relocation'];

async function served(): Promise<Record<Name, number[]>> {
  // One account sends every request: lift its limit of heavy requests at once (4 for the operator's plan), which the
  // requests a round leaves running when it ends (autocannon stops waiting; the server still computes them) would meet.
  // The heavy lane at nice 0, as natal's: at its default nice 10 it gets about 1 % of a core on a box other work keeps busy,
  // and the ratio would measure the neighbours rather than the endpoint.
  const server = await startBenchServer({
    COMPUTE_MODE: 'pool',
    COMPUTE_HEAVY_NICE: '0',
    HEAVY_MAX_PER_ACCOUNT: '1000',
    HEAVY_MAX_PER_ACCOUNT_BY_PLAN: 'free=1000,unlimited=1000',
  });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const post = (path: string, body: () => unknown) => ({ url: `${server.url}${path}`, method: 'POST' as const, headers, body: () => JSON.stringify(body()) });
  try {
    return await alternatingLoads(
      {
        natal: post('/api/v1/natal/calculate', randomBirth),
        recommendations: post('/api/v1/western/astrocartography/recommendations', recommendBody),
        relocation: post('/api/v1/western/astrocartography/relocation', relocateBody),
      },
      { rounds, seconds, warmUpSeconds: 3, connections: CONNECTIONS },
    );
  } finally {
    await server.stop();
  }
}

const cpuMs = (f: () => void) => {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

interface InProcess {
  perTask: Record<Name, number>;
  parts: { sky_and_parans: number; score_candidates: number; candidates: number };
}

function inProcess(): InProcess {
  initEphemeris();
  const prepare = (path: string, body: unknown) => {
    const e = ENDPOINTS.find((x) => x.paths.includes(path))!;
    return { name: e.task.name, task: e.prepare({ body: e.body!.parse(body), query: undefined, params: undefined }, Date.now()) };
  };
  const cases = Array.from({ length: 60 }, () => {
    const natal = natalRequest.parse(randomBirth());
    return {
      natal: { name: 'natal', task: { request: natal, place: resolveSubjectPlace(natal, ['body']), includeMinor: false, includeStelliums: false } },
      recommendations: prepare('/api/v1/western/astrocartography/recommendations', recommendBody()),
      relocation: prepare('/api/v1/western/astrocartography/relocation', relocateBody()),
    };
  });
  let k = 0;
  const run = (name: Name) => {
    const c = cases[k++ % cases.length]![name];
    return runTask(c.name, c.task as never);
  };
  // Warm-up: the city grid is read once per thread, the code compiled.
  for (let i = 0; i < 6; i++) for (const n of NAMES) run(n);

  const samples: Record<Name, number[]> = { natal: [], recommendations: [], relocation: [] };
  const batch: Record<Name, number> = { natal: 20, recommendations: 2, relocation: 5 };
  const end = Date.now() + seconds * rounds * 1000;
  while (Date.now() < end)
    for (const n of NAMES) {
      const ms = cpuMs(() => {
        for (let i = 0; i < batch[n]; i++) run(n);
      });
      samples[n].push(ms / batch[n]);
    }

  // The recommendations' parts, on the same births.
  const sky: number[] = [];
  const scoring: number[] = [];
  let candidates = 0;
  for (const c of cases.slice(0, 20)) {
    const task = c.recommendations.task as AcgRecommendationsTask;
    let ctx: ReturnType<typeof scoringFor> | undefined;
    sky.push(cpuMs(() => (ctx = scoringFor(task.request, task.place))));
    const cities = candidateCities(task.scope);
    candidates = cities.length;
    scoring.push(
      cpuMs(() => {
        const score = focusRanker(ctx!, task.request.focus);
        for (const city of cities) score(city.lat, city.lng);
      }),
    );
  }
  return {
    perTask: { natal: median(samples.natal), recommendations: median(samples.recommendations), relocation: median(samples.relocation) },
    parts: { sky_and_parans: median(sky), score_candidates: median(scoring), candidates },
  };
}

const s = withServed ? await served() : undefined;
const t = inProcess();
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `Astrocartography recommendations (worldwide, 100,000 people or more, limit 10) and relocation against natal${s ? ` (${rounds} served rounds of ${seconds} s, ${CONNECTIONS} connections)` : ''}; in process: CPU ms per task, median of batches`,
);
console.log('| endpoint | served req/s | / natal | in-process CPU ms per task | / natal |');
console.log('|---|---:|---:|---:|---:|');
for (const n of NAMES)
  console.log(
    `| ${n} | ${s ? avg(s[n]).toFixed(0) : '-'} | ${s ? (avg(s[n]) / avg(s.natal)).toFixed(3) : '-'} | ${t.perTask[n].toFixed(3)} | ${(t.perTask[n] / t.perTask.natal).toFixed(1)} |`,
  );
const rest = t.perTask.recommendations - t.parts.sky_and_parans - t.parts.score_candidates;
console.log(`\nWhere a recommendation's ${t.perTask.recommendations.toFixed(1)} CPU ms go (medians over 20 births, ${t.parts.candidates} candidates):`);
console.log('| part | CPU ms | share |');
console.log('|---|---:|---:|');
for (const [part, ms] of [
  ['sky and every paran (scoringFor: the root search)', t.parts.sky_and_parans],
  [`scoring every candidate (focusRanker, ${((t.parts.score_candidates * 1000) / t.parts.candidates).toFixed(2)} µs a city)`, t.parts.score_candidates],
  ['the rest: 10 cities judged in full, relocation summaries, map lines, JSON', rest],
] as const)
  console.log(`| ${part} | ${ms.toFixed(1)} | ${((100 * ms) / t.perTask.recommendations).toFixed(0)} % |`);

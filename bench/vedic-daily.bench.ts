/**
 * The Vedic daily personal reading and BaZi synastry against natal, in one run:
 *
 * - served: the compiled service (`npm run build` first), one process on embedded defaults with
 *   the compute pool, autocannon on POST /api/v1/natal/calculate, POST
 *   /api/v2/vedic/horoscope/daily/personal and POST /api/v1/chinese/bazi/synastry in alternating
 *   rounds (bench/load.ts), a new random birth (or pair) per request and a day of the week around
 *   a fixed date, after a warm-up of each; the ratios are each endpoint's requests per second
 *   over natal's in the same run (target: at least 0.5 for both);
 * - in process: the three compute tasks in alternating batches on one thread, CPU ms per task.
 *
 *   npx tsx bench/vedic-daily.bench.ts [seconds per round=4] [rounds=2]
 */
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

const seconds = Number(process.argv[2] ?? 4);
const rounds = Number(process.argv[3] ?? 2);
const CONNECTIONS = 16;
const sex = () => (Math.random() < 0.5 ? 'M' : 'F');
/** A day of the week around 25 November 2026 (fixed, so that runs compare). */
const askedDay = () => `2026-11-${randomInt(22, 28)}`;
const dailyBody = () => ({ ...randomBirth(), ayanamsha: 'lahiri', house_system: 'whole_sign', node_type: 'mean', target_date: askedDay() });
const synastryBody = () => ({ person_a: { ...randomBirth(), sex: sex() }, person_b: { ...randomBirth(), sex: sex() } });

type Name = 'natal' | 'vedic_daily' | 'bazi_synastry';

async function served(): Promise<Record<Name, number[]>> {
  const server = await startBenchServer({ COMPUTE_MODE: 'pool' });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const post = (path: string, body: () => unknown) => ({ url: `${server.url}${path}`, method: 'POST' as const, headers, body: () => JSON.stringify(body()) });
  const loads = {
    natal: post('/api/v1/natal/calculate', randomBirth),
    vedic_daily: post('/api/v2/vedic/horoscope/daily/personal', dailyBody),
    bazi_synastry: post('/api/v1/chinese/bazi/synastry', synastryBody),
  };
  try {
    return await alternatingLoads(loads, { rounds, seconds, warmUpSeconds: 3, connections: CONNECTIONS });
  } finally {
    await server.stop();
  }
}

function inProcess(): Record<Name, number> {
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
  const names: Name[] = ['natal', 'vedic_daily', 'bazi_synastry'];
  for (let i = 0; i < 200; i++) for (const n of names) run(n);
  const samples: Record<Name, number[]> = { natal: [], vedic_daily: [], bazi_synastry: [] };
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end)
    for (const n of names) {
      const before = process.cpuUsage();
      for (let i = 0; i < 10; i++) run(n);
      const used = process.cpuUsage(before);
      samples[n].push((used.user + used.system) / 10 / 1000);
    }
  return { natal: median(samples.natal), vedic_daily: median(samples.vedic_daily), bazi_synastry: median(samples.bazi_synastry) };
}

const s = await served();
const t = inProcess();
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `Vedic daily reading and BaZi synastry against natal (${rounds} served rounds of ${seconds} s, ${CONNECTIONS} connections; in process: CPU ms per task, median of batches of 10)`,
);
console.log('| endpoint | served req/s | / natal | in-process ms per task | / natal |');
console.log('|---|---:|---:|---:|---:|');
for (const n of ['natal', 'vedic_daily', 'bazi_synastry'] as const)
  console.log(`| ${n} | ${avg(s[n]).toFixed(0)} | ${(avg(s[n]) / avg(s.natal)).toFixed(2)} | ${t[n].toFixed(3)} | ${(t[n] / t.natal).toFixed(2)} |`);

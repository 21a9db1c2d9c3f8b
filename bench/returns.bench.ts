/**
 * Solar returns (and a lunar return) against natal, measured in one run two ways:
 *
 * - served: the compiled service (`npm run build` first), one process on embedded defaults with
 *   the compute pool, autocannon on POST /api/v1/western/solar/calculate and
 *   POST /api/v1/natal/calculate in alternating rounds, a new random birth per request (1900–2049,
 *   every longitude, its zone looked up), after a warm-up of each; the ratio is the solar return's
 *   requests per second over natal's (target: at least 0.5);
 * - in process: the natal, solar return and next-lunar-return compute tasks in alternating batches
 *   on one thread, CPU ms per task.
 *
 *   npx tsx bench/returns.bench.ts [seconds per round=3] [rounds=2]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { runTask } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { returnsPlaces, solarReturnPlaces } from '../src/features/western/returns/returns-service.ts';
import { returnsRequest, solarReturnRequest, type ReturnsRequest, type SolarReturnRequest } from '../src/features/western/returns/returns-schemas.ts';
import { randomBirth, randomInt } from './births.ts';
import { alternatingLoads } from './load.ts';
import { median } from './median.ts';
import { startBenchServer } from './server-process.ts';

const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 2);
const CONNECTIONS = 16;

/** A request as the route hands it to the compute pool: the body with its places resolved. */
const solarJob = (body: SolarReturnRequest) => ({ body, places: solarReturnPlaces(body) });
const returnsJob = (body: ReturnsRequest) => ({ body, places: returnsPlaces(body) });

/** The nested request of a random birth, with a return year 1 to 80 years after it. */
function solarBody() {
  const b = randomBirth();
  return {
    natal: { year: b.year, month: b.month, day: b.day, hour: b.hour, minute: b.minute, location: { lat: b.lat, lng: b.lng } },
    solar_return: { year: b.year + randomInt(1, 80) },
  };
}

function lunarBody() {
  const s = solarBody();
  return { natal: s.natal, return_target: { body: 'moon', search_start: `${s.solar_return.year}-0${randomInt(1, 9)}-1${randomInt(0, 9)}` } };
}

async function served(): Promise<{ natal: number[]; solar: number[] }> {
  const server = await startBenchServer({ COMPUTE_MODE: 'pool' });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const loads = {
    natal: { url: `${server.url}/api/v1/natal/calculate`, method: 'POST' as const, headers, body: () => JSON.stringify(randomBirth()) },
    solar: { url: `${server.url}/api/v1/western/solar/calculate`, method: 'POST' as const, headers, body: () => JSON.stringify(solarBody()) },
  };
  try {
    return await alternatingLoads(loads, { rounds, seconds, warmUpSeconds: 2, connections: CONNECTIONS });
  } finally {
    await server.stop();
  }
}

function inProcess(): { natal: number; solar: number; lunar: number } {
  initEphemeris();
  const cases = Array.from({ length: 400 }, () => {
    const natal = natalRequest.parse(randomBirth());
    return {
      natal: { request: natal, place: resolveSubjectPlace(natal, ['body']), includeMinor: false, includeStelliums: false },
      solar: solarJob(solarReturnRequest.parse(solarBody())),
      lunar: returnsJob(returnsRequest.parse(lunarBody())),
    };
  });
  let k = 0;
  const tasks = {
    natal: () => runTask('natal', cases[k++ % cases.length]!.natal),
    solar: () => runTask('solar_return', cases[k++ % cases.length]!.solar),
    lunar: () => runTask('planet_returns', cases[k++ % cases.length]!.lunar),
  };
  for (let i = 0; i < 300; i++) {
    tasks.natal();
    tasks.solar();
    tasks.lunar();
  }
  const samples = { natal: [] as number[], solar: [] as number[], lunar: [] as number[] };
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    for (const name of ['natal', 'solar', 'lunar'] as const) {
      const before = process.cpuUsage();
      for (let i = 0; i < 20; i++) tasks[name]();
      const used = process.cpuUsage(before);
      samples[name].push((used.user + used.system) / 20 / 1000);
    }
  }
  return { natal: median(samples.natal), solar: median(samples.solar), lunar: median(samples.lunar) };
}

const s = await served();
const t = inProcess();
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `Returns against natal (${rounds} served rounds of ${seconds} s, ${CONNECTIONS} connections; in process: CPU ms per task, median of batches of 20)`,
);
console.log('| measure | natal | solar return | solar / natal | next lunar return | natal / lunar |');
console.log('|---|---:|---:|---:|---:|---:|');
console.log(`| served req/s | ${avg(s.natal).toFixed(0)} | ${avg(s.solar).toFixed(0)} | ${(avg(s.solar) / avg(s.natal)).toFixed(2)} | | |`);
console.log(
  `| in-process ms per task | ${t.natal.toFixed(3)} | ${t.solar.toFixed(3)} | ${(t.natal / t.solar).toFixed(2)} (throughput) | ${t.lunar.toFixed(3)} | ${(t.natal / t.lunar).toFixed(2)} |`,
);

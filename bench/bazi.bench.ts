/**
 * BaZi against natal, measured in one run two ways:
 *
 * - served: the compiled service (`npm run build` first), one process on embedded defaults with
 *   the compute pool, autocannon on POST /api/v1/chinese/bazi and POST /api/v1/natal/calculate
 *   in alternating rounds, a new random birth per request (1900–2049, every longitude, its zone
 *   looked up), after a warm-up of each; the ratio is BaZi's requests per second over natal's
 *   (target: at least 0.8);
 * - in process: the two compute tasks in alternating batches on one thread, CPU ms per task.
 *
 *   npx tsx bench/bazi.bench.ts [seconds per round=4] [rounds=2]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { runTask } from '../src/pool-tasks.ts';
import { baziRequest } from '../src/features/chinese/bazi/bazi-schemas.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { randomBirth } from './births.ts';
import { alternatingLoads } from './load.ts';
import { median } from './median.ts';
import { startBenchServer } from './server-process.ts';

const seconds = Number(process.argv[2] ?? 4);
const rounds = Number(process.argv[3] ?? 2);
const CONNECTIONS = 16;
const sex = () => (Math.random() < 0.5 ? 'M' : 'F');

async function served(): Promise<{ natal: number[]; bazi: number[] }> {
  const server = await startBenchServer({ COMPUTE_MODE: 'pool' });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const loads = {
    natal: { url: `${server.url}/api/v1/natal/calculate`, method: 'POST' as const, headers, body: () => JSON.stringify(randomBirth()) },
    bazi: { url: `${server.url}/api/v1/chinese/bazi`, method: 'POST' as const, headers, body: () => JSON.stringify({ ...randomBirth(), sex: sex() }) },
  };
  try {
    return await alternatingLoads(loads, { rounds, seconds, warmUpSeconds: 3, connections: CONNECTIONS });
  } finally {
    await server.stop();
  }
}

function inProcess(): { natal: number; bazi: number } {
  initEphemeris();
  const cases = Array.from({ length: 400 }, () => {
    const birth = randomBirth();
    const natal = natalRequest.parse(birth);
    const bazi = baziRequest.parse({ ...birth, sex: sex() });
    return {
      natal: { request: natal, place: resolveSubjectPlace(natal, ['body']), includeMinor: false, includeStelliums: false },
      bazi: { request: bazi, place: resolveSubjectPlace(bazi, ['body']) },
    };
  });
  let k = 0;
  const tasks = { natal: () => runTask('natal', cases[k++ % cases.length]!.natal), bazi: () => runTask('bazi', cases[k++ % cases.length]!.bazi) };
  for (let i = 0; i < 400; i++) {
    tasks.natal();
    tasks.bazi();
  }
  const samples = { natal: [] as number[], bazi: [] as number[] };
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    for (const name of ['natal', 'bazi'] as const) {
      const before = process.cpuUsage();
      for (let i = 0; i < 20; i++) tasks[name]();
      const used = process.cpuUsage(before);
      samples[name].push((used.user + used.system) / 20 / 1000);
    }
  }
  return { natal: median(samples.natal), bazi: median(samples.bazi) };
}

const s = await served();
const t = inProcess();
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`BaZi against natal (${rounds} served rounds of ${seconds} s, ${CONNECTIONS} connections; in process: CPU ms per task, median of batches of 20)`);
console.log('| measure | natal | bazi | bazi / natal |');
console.log('|---|---:|---:|---:|');
console.log(`| served req/s | ${avg(s.natal).toFixed(0)} | ${avg(s.bazi).toFixed(0)} | ${(avg(s.bazi) / avg(s.natal)).toFixed(2)} |`);
console.log(`| in-process ms per task | ${t.natal.toFixed(3)} | ${t.bazi.toFixed(3)} | ${(t.bazi / t.natal).toFixed(2)} |`);

/**
 * The transit timeline and search against natal, measured in one run two ways:
 *
 * - served: the compiled service (`npm run build` first), one process on embedded defaults with
 *   the compute pool, autocannon on POST /api/v1/natal/calculate and on a month timeline of 11
 *   transiting bodies × 11 natal points (the five major aspects) in alternating rounds, a new
 *   random birth and a random month of 2020-2030 per request, after a warm-up of each; the ratio
 *   is the timeline's requests per second over natal's (target: at least 0.3), then the CPU each
 *   request cost and what that allows (bench/cpu-ceiling.ts): the ratio when the cores are the
 *   limit, as here, and the pool's CPU per request at which the target would hold;
 * - in process: the compute tasks in alternating batches on one thread, CPU ms per task: natal,
 *   the month timeline, a year_slow timeline (target: under 20 ms) and a 90-year search of one
 *   pair (target: under 50 ms).
 *
 *   npx tsx bench/forecast-timeline.bench.ts [seconds per round=3] [rounds=2]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { runTask } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { timelineRequest } from '../src/features/western/forecast/forecast-timeline-schemas.ts';
import { searchRequest } from '../src/features/western/forecast/forecast-search-schemas.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { randomBirth, randomInt, randomMonthTimelineRequest } from './births.ts';
import { ceilingTable, medianCpu } from './cpu-ceiling.ts';
import { measuredAlternatingLoads } from './load.ts';
import { median } from './median.ts';
import { startBenchServer } from './server-process.ts';

const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 2);
const CONNECTIONS = 16;

const SEARCH_PAIRS = [
  ['saturn', 'sun'],
  ['jupiter', 'moon'],
  ['pluto', 'venus'],
  ['mars', 'ascendant'],
] as const;
const monthBody = randomMonthTimelineRequest;
const yearBody = () => {
  const year = randomInt(2020, 2030);
  return { natal: randomBirth(), mode: 'year_slow', range_start: `${year}-01-01`, range_end: `${year}-12-31`, include_houses: true };
};
const searchBody = () => {
  const birth = randomBirth();
  const [transit, point] = SEARCH_PAIRS[randomInt(0, SEARCH_PAIRS.length - 1)]!;
  return { natal: birth, transit_planet: transit, natal_point: point, age_start_years: 0, age_end_years: 90 };
};

async function served() {
  const server = await startBenchServer({ COMPUTE_MODE: 'pool' });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const loads = {
    natal: { url: `${server.url}/api/v1/natal/calculate`, method: 'POST' as const, headers, body: () => JSON.stringify(randomBirth()) },
    timeline: { url: `${server.url}/api/v1/western/transits/timeline`, method: 'POST' as const, headers, body: () => JSON.stringify(monthBody()) },
  };
  try {
    return await measuredAlternatingLoads(loads, { rounds, seconds, warmUpSeconds: 2, connections: CONNECTIONS, serverPid: server.pid });
  } finally {
    await server.stop();
  }
}

const TASK_NAMES = ['natal', 'timeline_month', 'timeline_year_slow', 'search_90_years'] as const;
type TaskName = (typeof TASK_NAMES)[number];

function inProcess(): Record<TaskName, number> {
  initEphemeris();
  const cases = Array.from({ length: 200 }, () => {
    const natal = natalRequest.parse(randomBirth());
    const month = timelineRequest.parse(monthBody());
    const year = timelineRequest.parse(yearBody());
    const search = searchRequest.parse(searchBody());
    return {
      natal: { request: natal, place: resolveSubjectPlace(natal, ['body']), includeMinor: false, includeStelliums: false },
      month: { request: month, place: resolveSubjectPlace(month.natal, ['body', 'natal']) },
      year: { request: year, place: resolveSubjectPlace(year.natal, ['body', 'natal']) },
      search: { request: search, place: resolveSubjectPlace(search.natal, ['body', 'natal']), nowMs: Date.UTC(2026, 0, 1) },
    };
  });
  let k = 0;
  const next = () => cases[k++ % cases.length]!;
  const tasks: Record<TaskName, () => unknown> = {
    natal: () => runTask('natal', next().natal),
    timeline_month: () => runTask('transits_timeline', next().month),
    timeline_year_slow: () => runTask('transits_timeline', next().year),
    search_90_years: () => runTask('transits_search', next().search),
  };
  for (let i = 0; i < 50; i++) for (const name of TASK_NAMES) tasks[name]();
  const samples = Object.fromEntries(TASK_NAMES.map((n) => [n, [] as number[]])) as Record<TaskName, number[]>;
  const end = Date.now() + seconds * 2000;
  while (Date.now() < end) {
    for (const name of TASK_NAMES) {
      const before = process.cpuUsage();
      for (let i = 0; i < 10; i++) tasks[name]();
      const used = process.cpuUsage(before);
      samples[name].push((used.user + used.system) / 10 / 1000);
    }
  }
  return Object.fromEntries(TASK_NAMES.map((n) => [n, median(samples[n])])) as Record<TaskName, number>;
}

const s = process.argv.includes('--in-process-only') ? undefined : await served();
const t = inProcess();
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
if (s) {
  const rps = { natal: s.natal.map((r) => r.requestsPerSecond), timeline: s.timeline.map((r) => r.requestsPerSecond) };
  console.log(`Served (${rounds} rounds of ${seconds} s, ${CONNECTIONS} connections, a new random birth and month per request): requests per second`);
  console.log('| natal | month timeline 11 × 11 | timeline / natal (target ≥ 0.3) |');
  console.log('|---:|---:|---:|');
  console.log(`| ${avg(rps.natal).toFixed(0)} | ${avg(rps.timeline).toFixed(0)} | ${(avg(rps.timeline) / avg(rps.natal)).toFixed(2)} |`);
  console.log('');
  console.log(ceilingTable('natal', medianCpu(s.natal), [{ name: 'month timeline', cpu: medianCpu(s.timeline), target: 0.3 }]));
  console.log('');
}
console.log('In process (one thread, CPU ms per task, median of batches of 10)');
console.log('| task | ms | target | natal ms / task ms |');
console.log('|---|---:|---|---:|');
const targets: Record<TaskName, string> = { natal: 'baseline', timeline_month: '', timeline_year_slow: '< 20 ms', search_90_years: '< 50 ms' };
for (const name of TASK_NAMES) console.log(`| ${name} | ${t[name].toFixed(2)} | ${targets[name]} | ${(t.natal / t[name]).toFixed(3)} |`);

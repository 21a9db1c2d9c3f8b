/**
 * The Vedic chart and dashas against natal, measured in one run two ways:
 *
 * - served: the compiled service (`npm run build` first), one process on embedded defaults with
 *   the compute pool, autocannon on POST /api/v1/natal/calculate and POST /api/v1/vedic/chart in
 *   alternating rounds, a new random birth per request, after a warm-up of each; the ratio is
 *   the Vedic chart's requests per second over natal's (target: at least 0.8);
 * - in process: the compute tasks in alternating batches on one thread, CPU ms per task, and the
 *   full Vimshottari computation alone (three levels, 120 years after birth: 10 mahadashas, 90
 *   antardashas, 810 pratyantardashas; target: under 2 ms).
 *
 *   npx tsx bench/vedic.bench.ts [seconds per round=3] [rounds=2]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { vimshottariDasha } from '../src/astro/vedic/vimshottari.ts';
import { yoginiDasha } from '../src/astro/vedic/yogini.ts';
import { runTask } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { vedicChartRequest } from '../src/features/vedic/vedic-schemas.ts';
import { vedicDashaRequest } from '../src/features/vedic/vedic-dasha-schemas.ts';
import { vedicVargasRequest } from '../src/features/vedic/vedic-vargas-schemas.ts';
import { VARGA_DIVISIONS } from '../src/astro/vedic/vargas.ts';
import { randomBirth } from './births.ts';
import { alternatingLoads } from './load.ts';
import { median } from './median.ts';
import { startBenchServer } from './server-process.ts';

const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 2);
const CONNECTIONS = 16;
type Name = 'natal' | 'vedic_chart';

async function served(): Promise<Record<Name, number[]>> {
  const server = await startBenchServer({ COMPUTE_MODE: 'pool' });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const loads = {
    natal: { url: `${server.url}/api/v1/natal/calculate`, method: 'POST' as const, headers, body: () => JSON.stringify(randomBirth()) },
    vedic_chart: { url: `${server.url}/api/v1/vedic/chart`, method: 'POST' as const, headers, body: () => JSON.stringify(randomBirth()) },
  };
  try {
    return await alternatingLoads(loads, { rounds, seconds, warmUpSeconds: 2, connections: CONNECTIONS });
  } finally {
    await server.stop();
  }
}

const TASK_NAMES = ['natal', 'vedic_chart', 'vedic_chart_v2', 'vargas_all', 'dasha_3_levels', 'vimshottari_3_levels', 'yogini_3_levels'] as const;
type TaskName = (typeof TASK_NAMES)[number];

function inProcess(): Record<TaskName, number> {
  initEphemeris();
  const nowMs = Date.UTC(2026, 0, 1);
  const cases = Array.from({ length: 300 }, () => {
    const birth = randomBirth();
    const natal = natalRequest.parse(birth);
    const chart = vedicChartRequest.parse(birth);
    const place = resolveSubjectPlace(chart, ['body']);
    return {
      natal: { request: natal, place: resolveSubjectPlace(natal, ['body']), includeMinor: false, includeStelliums: false },
      chart: { request: chart, place },
      vargas: { request: vedicVargasRequest.parse({ ...birth, divisions: [...VARGA_DIVISIONS] }), place },
      dasha: { request: vedicDashaRequest.parse({ ...birth, levels: 3 }), place, nowMs },
      moon: Math.random() * 360,
      birthMs: Date.UTC(birth.year, birth.month - 1, birth.day, birth.hour, birth.minute),
    };
  });
  let k = 0;
  const next = () => cases[k++ % cases.length]!;
  const tasks: Record<TaskName, () => unknown> = {
    natal: () => runTask('natal', next().natal),
    vedic_chart: () => runTask('vedic_chart_v1', next().chart),
    vedic_chart_v2: () => runTask('vedic_chart_v2', next().chart),
    vargas_all: () => runTask('vedic_vargas_v1', next().vargas),
    dasha_3_levels: () => runTask('vedic_dasha_v1', next().dasha),
    vimshottari_3_levels: () => {
      const c = next();
      return vimshottariDasha(c.moon, c.birthMs, 365.25, 3);
    },
    yogini_3_levels: () => {
      const c = next();
      return yoginiDasha(c.moon, c.birthMs, 365.25, 3);
    },
  };
  for (let i = 0; i < 200; i++) for (const name of TASK_NAMES) tasks[name]();
  const samples = Object.fromEntries(TASK_NAMES.map((n) => [n, [] as number[]])) as Record<TaskName, number[]>;
  const end = Date.now() + seconds * 2000;
  while (Date.now() < end) {
    for (const name of TASK_NAMES) {
      const before = process.cpuUsage();
      for (let i = 0; i < 20; i++) tasks[name]();
      const used = process.cpuUsage(before);
      samples[name].push((used.user + used.system) / 20 / 1000);
    }
  }
  return Object.fromEntries(TASK_NAMES.map((n) => [n, median(samples[n])])) as Record<TaskName, number>;
}

const s = process.argv.includes('--in-process-only') ? undefined : await served();
const t = inProcess();
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ratio = (a: number, b: number) => (a / b).toFixed(2);
if (s) {
  console.log(`Served (${rounds} rounds of ${seconds} s, ${CONNECTIONS} connections, a new random birth per request): requests per second`);
  console.log('| natal | vedic chart (v1) | vedic chart / natal (target ≥ 0.8) |');
  console.log('|---:|---:|---:|');
  console.log(`| ${avg(s.natal).toFixed(0)} | ${avg(s.vedic_chart).toFixed(0)} | ${ratio(avg(s.vedic_chart), avg(s.natal))} |`);
  console.log('');
}
console.log('In process (one thread, CPU ms per task, median of batches of 20)');
console.log('| task | ms | natal ms / task ms |');
console.log('|---|---:|---:|');
const labels: Record<TaskName, string> = {
  natal: 'natal',
  vedic_chart: 'vedic chart v1 (task with its bytes)',
  vedic_chart_v2: 'vedic chart v2',
  vargas_all: 'vargas, all 16 divisions',
  dasha_3_levels: 'dasha v1, 3 levels with Yogini (task with its bytes)',
  vimshottari_3_levels: 'Vimshottari alone, 3 levels, 120 years (target < 2 ms)',
  yogini_3_levels: 'Yogini alone, 3 levels, 120 years',
};
for (const name of TASK_NAMES) console.log(`| ${labels[name]} | ${t[name].toFixed(3)} | ${ratio(t.natal, t[name])} |`);

/**
 * Vedic strength against the v2 chart, in process: the compute tasks in alternating batches on
 * one thread, CPU ms per task (median of batches), a new random birth and place per task
 * (1900–2049, latitudes within ±60°, the zone of the place). The target (issue: yogas and
 * strength under 5 ms of compute per chart). Rows: the v2 chart task (the baseline: cast and
 * answer); the strength engine alone on a cast chart (shadbala, bhava bala, ashtakavarga with
 * the reductions); and the v1 and v2 strength tasks with their answers written (cast included).
 *
 *   npx tsx bench/vedic-strength.bench.ts [seconds=6]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { shadbalaOfChart } from '../src/astro/vedic/strength/shadbala/shadbala.ts';
import { bhavaBalaOf } from '../src/astro/vedic/strength/bhava-bala.ts';
import { ashtakavargaOfChart } from '../src/astro/vedic/strength/ashtakavarga.ts';
import { runTask } from '../src/pool-tasks.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { vedicChartRequest } from '../src/features/vedic/vedic-schemas.ts';
import { castVedic } from '../src/features/vedic/vedic-service.ts';
import { vedicStrengthRequest } from '../src/features/vedic/strength/vedic-strength-schemas.ts';
import { randomBirth } from './births.ts';
import { median } from './median.ts';

const seconds = Number(process.argv[2] ?? 6);
const BATCH = 20;

initEphemeris();
const cases = Array.from({ length: 6000 }, () => {
  const birth = randomBirth();
  const chart = vedicChartRequest.parse(birth);
  const strength = vedicStrengthRequest.parse({ ...birth, ashtakavarga_reductions: true });
  const place = resolveSubjectPlace(strength, ['body']);
  return { chart: { request: chart, place }, strength: { request: strength, place } };
});
// The engine row starts from charts cast beforehand, so that it times the strengths alone.
const casts = cases.slice(0, 1000).map((c) => {
  const cast = castVedic(c.strength);
  return { chart: cast.chart, place: { lat: c.strength.place.lat, lng: c.strength.place.lng, zone: cast.moment.zone } };
});

let k = 0;
const next = () => cases[k++ % cases.length]!;
let j = 0;
const tasks = {
  chart_v2: () => runTask('vedic_chart_v2', next().chart),
  strength_engine: () => {
    const c = casts[j++ % casts.length]!;
    const shadbala = shadbalaOfChart(c.chart, c.place);
    return [bhavaBalaOf(shadbala), ashtakavargaOfChart(c.chart, { reductions: true })];
  },
  strength_v1: () => runTask('vedic_strength_v1', next().strength),
  strength_v2: () => runTask('vedic_strength_v2', next().strength),
};
type Name = keyof typeof tasks;
const names = Object.keys(tasks) as Name[];

for (let i = 0; i < 100; i++) for (const name of names) tasks[name]();

const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<Name, number[]>;
const end = Date.now() + seconds * 1000;
while (Date.now() < end && k + names.length * BATCH <= cases.length) {
  for (const name of names) {
    const before = process.cpuUsage();
    for (let i = 0; i < BATCH; i++) tasks[name]();
    const used = process.cpuUsage(before);
    samples[name].push((used.user + used.system) / BATCH / 1000);
  }
}

const baseline = median(samples.chart_v2);
console.log(
  `Vedic strength against the v2 chart, in process (CPU ms per task, median of ${samples.chart_v2.length} batches of ${BATCH}; target: strength under 5 ms of compute per chart)`,
);
console.log('| task | ms per task | / chart_v2 |');
console.log('|---|---:|---:|');
for (const name of names) console.log(`| ${name} | ${median(samples[name]).toFixed(3)} | ${(median(samples[name]) / baseline).toFixed(2)} |`);

/**
 * A chart's yogas against the v2 Vedic chart, in process: the compute tasks in alternating
 * batches on one thread, CPU ms per task (median of batches), a new random birth per task. The
 * issue's target: a chart's yogas under 5 ms of compute. Rows: the v2 chart task (cast and
 * answer, the baseline), the yogas alone on a chart already cast (`yogasOfChart`, default options
 * and with `explain`), and the v2 yogas task (cast, yogas and answer written).
 *
 *   npx tsx bench/vedic-yogas.bench.ts [seconds=6]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { yogasOfChart } from '../src/astro/vedic/yogas/registry.ts';
import { runTask } from '../src/pool-tasks.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { castVedic } from '../src/features/vedic/vedic-service.ts';
import { vedicChartRequest } from '../src/features/vedic/vedic-schemas.ts';
import { vedicYogasRequest } from '../src/features/vedic/yogas/vedic-yogas-schemas.ts';
import { randomBirth } from './births.ts';
import { median } from './median.ts';

const seconds = Number(process.argv[2] ?? 6);
const BATCH = 20;

initEphemeris();
const cases = Array.from({ length: 3000 }, () => {
  const birth = randomBirth();
  const chartRequest = vedicChartRequest.parse(birth);
  const yogasRequest = vedicYogasRequest.parse(birth);
  const place = resolveSubjectPlace(chartRequest, ['body']);
  return { chart: { request: chartRequest, place }, yogas: { request: yogasRequest, place }, cast: castVedic({ request: chartRequest, place }).chart };
});

let k = 0;
const next = () => cases[k++ % cases.length]!;
const tasks = {
  chart_v2: () => runTask('vedic_chart_v2', next().chart),
  yogas_compute: () => yogasOfChart(next().cast),
  yogas_compute_explain: () => yogasOfChart(next().cast, { explain: true }),
  yogas_v2: () => runTask('vedic_yogas_v2', next().yogas),
};
type Name = keyof typeof tasks;
const names = Object.keys(tasks) as Name[];

for (let i = 0; i < 100; i++) for (const name of names) tasks[name]();

const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<Name, number[]>;
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  for (const name of names) {
    const before = process.cpuUsage();
    for (let i = 0; i < BATCH; i++) tasks[name]();
    const used = process.cpuUsage(before);
    samples[name].push((used.user + used.system) / BATCH / 1000);
  }
}

const base = median(samples.chart_v2);
console.log(
  `A chart's yogas against the v2 Vedic chart, in process (CPU ms per task, median of ${samples.chart_v2.length} batches of ${BATCH}; target: yogas under 5 ms)`,
);
console.log('| task | ms per task | / chart_v2 |');
console.log('|---|---:|---:|');
for (const name of names) console.log(`| ${name} | ${median(samples[name]).toFixed(3)} | ${(median(samples[name]) / base).toFixed(2)} |`);

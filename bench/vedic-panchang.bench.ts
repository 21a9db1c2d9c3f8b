/**
 * One day's panchang against the natal chart, in process: the compute tasks in alternating
 * batches on one thread, CPU ms per task (median of batches), a new random date and place per
 * task (1900–2049, latitudes within ±60°, the zone of the place). The target: one day's panchang
 * under 2 ms of compute. Three rows: the day alone (computePanchang: sunrises, limbs, periods,
 * lunar month), and the v1 and v2 tasks with their answers written.
 *
 *   npx tsx bench/vedic-panchang.bench.ts [seconds=6]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { computePanchang } from '../src/astro/panchang/panchang.ts';
import { runTask } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { panchangRequest } from '../src/features/vedic/panchang/vedic-panchang-schemas.ts';
import { timeZoneAt } from '../src/geo/time-zone-lookup.ts';
import { randomBirth } from './births.ts';
import { median } from './median.ts';

const seconds = Number(process.argv[2] ?? 6);
const BATCH = 20;

initEphemeris();
/** More cases than the run uses, so that no day is asked twice (the lunar months a thread keeps are then found by chance only). */
const cases = Array.from({ length: 6000 }, () => {
  const birth = randomBirth();
  const natal = natalRequest.parse(birth);
  const panchang = panchangRequest.parse(birth);
  const place = resolveSubjectPlace(panchang, ['body']);
  return {
    natal: { request: natal, place: resolveSubjectPlace(natal, ['body']), includeMinor: false, includeStelliums: false },
    panchang: { request: panchang, place },
    zone: place.zone ?? timeZoneAt(place.lat, place.lng),
  };
});

let k = 0;
const next = () => cases[k++ % cases.length]!;
const tasks = {
  natal: () => runTask('natal', next().natal),
  panchang_day: () => {
    const c = next();
    const r = c.panchang.request;
    return computePanchang({ year: r.year, month: r.month, day: r.day }, c.zone, c.panchang.place.lat, c.panchang.place.lng, 'lahiri');
  },
  panchang_v1: () => runTask('vedic_panchang_v1', next().panchang),
  panchang_v2: () => runTask('vedic_panchang_v2', next().panchang),
};
type Name = keyof typeof tasks;
const names = Object.keys(tasks) as Name[];

// Warm-up: every task 100 times, on cases of their own.
for (let i = 0; i < 100; i++) for (const name of names) tasks[name]();

const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<Name, number[]>;
const end = Date.now() + seconds * 1000;
while (Date.now() < end && k + names.length * BATCH <= cases.length) {
  for (const name of names) {
    if (k + BATCH > cases.length) break;
    const before = process.cpuUsage();
    for (let i = 0; i < BATCH; i++) tasks[name]();
    const used = process.cpuUsage(before);
    samples[name].push((used.user + used.system) / BATCH / 1000);
  }
}

const natal = median(samples.natal);
console.log(
  `One day's panchang against natal, in process (CPU ms per task, median of ${samples.natal.length} batches of ${BATCH}; target: the day under 2 ms)`,
);
console.log('| task | ms per task | / natal |');
console.log('|---|---:|---:|');
for (const name of names) console.log(`| ${name} | ${median(samples[name]).toFixed(3)} | ${(median(samples[name]) / natal).toFixed(2)} |`);

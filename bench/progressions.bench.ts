/**
 * The progressions tasks in process, against the natal task measured in the same run:
 * batches of each task alternate on one thread and are timed in CPU time, so that a shared box's
 * drift weighs on all alike. Each task gets a new random birth (1900–2049, latitudes ±60°) and a
 * target or window some 20 to 80 years after it. Prints a table: median ms per task and the ratio
 * to the natal task. The calendar's target is under 20 ms for a 3-year window.
 *
 *   npx tsx bench/progressions.bench.ts [seconds=6]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { runTask } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { progressionSettings } from '../src/features/western/progressions/progressions-schemas.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { randomBirth, randomInt } from './births.ts';
import { median } from './median.ts';

const seconds = Number(process.argv[2] ?? 6);
initEphemeris();
const settings = progressionSettings.parse({});
const cases = Array.from({ length: 400 }, () => {
  const request = natalRequest.parse(randomBirth());
  const natal = { request, place: resolveSubjectPlace(request, ['body']), includeMinor: false, includeStelliums: false };
  const start = request.year + randomInt(20, 80);
  return { natal, start };
});
let k = 0;
const next = () => cases[k++ % cases.length]!;

const tasks = {
  natal: () => runTask('natal', next().natal),
  'secondary chart': () => {
    const c = next();
    return runTask('progressions_chart', { system: 'secondary', natal: c.natal, settings, targetDate: `${c.start}-12-31` });
  },
  'calendar (3 years)': () => {
    const c = next();
    return runTask('progressions_calendar', { system: 'secondary', natal: c.natal, settings, from: `${c.start}-01-01`, to: `${c.start + 2}-12-31` });
  },
  'exact aspects (1 year, angles)': () => {
    const c = next();
    return runTask('progressions_exact_aspects', {
      system: 'secondary',
      natal: c.natal,
      settings,
      from: `${c.start}-01-01`,
      to: `${c.start}-12-31`,
      limit: 100,
      order: 'asc',
      includeAngles: true,
    });
  },
  'tertiary calendar (2 years)': () => {
    const c = next();
    return runTask('progressions_calendar', { system: 'tertiary', natal: c.natal, settings, from: `${c.start}-01-01`, to: `${c.start + 1}-12-31` });
  },
  'converse chart': () => {
    const c = next();
    return runTask('progressions_chart', { system: 'converse_secondary', natal: c.natal, settings, targetDate: `${c.start}-12-31` });
  },
  'exact ingresses (10 years)': () => {
    const c = next();
    return runTask('progressions_exact_ingresses', {
      system: 'secondary',
      natal: c.natal,
      settings,
      from: `${c.start}-01-01`,
      to: `${c.start + 9}-12-31`,
      limit: 100,
      order: 'asc',
    });
  },
};
const names = Object.keys(tasks) as (keyof typeof tasks)[];
const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<keyof typeof tasks, number[]>;
for (const n of names) for (let i = 0; i < 20; i++) tasks[n](); // warm-up
const perBatch = 10;
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  for (const n of names) {
    const before = process.cpuUsage();
    for (let i = 0; i < perBatch; i++) tasks[n]();
    const used = process.cpuUsage(before);
    samples[n].push((used.user + used.system) / perBatch / 1000);
  }
}
const natalMs = median(samples.natal);
console.log(`progressions tasks in process, CPU ms per task (median of ${samples.natal.length} batches of ${perBatch}), ratio to the natal task`);
console.log('| task | ms | × natal |');
console.log('|---|---:|---:|');
for (const n of names) {
  const ms = median(samples[n]);
  console.log(`| ${n} | ${ms.toFixed(3)} | ${(ms / natalMs).toFixed(1)} |`);
}

/**
 * The 31-day muhurta search against the panchang of the same 31 days, in process: each in
 * alternating batches on one thread, CPU ms per search (median of batches), a new random month
 * and place per search (1900–2049, latitudes within ±60°, the zone of the place). The search
 * reads the panchang engine's days, so `panchang_31_days` (31 calls of computePanchang) is its
 * floor; the ratio says what the cutting and scoring add. Rows: the 31 panchang days, the
 * search engine alone, the search task with its answer written (without and with a birth, whose
 * natal chart adds tara and chandra bala), and a year's gochara timeline for scale.
 *
 *   npx tsx bench/vedic-muhurta.bench.ts [seconds=20]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { computePanchang } from '../src/astro/panchang/panchang.ts';
import { nextDate, type CalendarDate } from '../src/astro/panchang/panchang-day.ts';
import { MUHURTA_PURPOSES } from '../src/astro/vedic/muhurta/muhurta-rules.ts';
import { searchMuhurta } from '../src/astro/vedic/muhurta/muhurta-search.ts';
import { runTask } from '../src/pool-tasks.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { muhuratSearchRequest } from '../src/features/vedic/muhurta/vedic-muhurta-schemas.ts';
import { vedicGocharRequest } from '../src/features/vedic/gochar/vedic-gochar-schemas.ts';
import { timeZoneAt } from '../src/geo/time-zone-lookup.ts';
import { randomBirth } from './births.ts';
import { median } from './median.ts';

const seconds = Number(process.argv[2] ?? 20);
const BATCH = 2;

initEphemeris();
const pad = (n: number) => String(n).padStart(2, '0');
const text = (d: CalendarDate) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

const cases = Array.from({ length: 800 }, (_, i) => {
  const place = randomBirth();
  const birth = randomBirth();
  const first = { year: place.year, month: place.month, day: 1 };
  const dates = [first];
  while (dates.length < 31) dates.push(nextDate(dates[dates.length - 1]!));
  const body = {
    purpose: MUHURTA_PURPOSES[i % MUHURTA_PURPOSES.length]!,
    start_date: text(first),
    end_date: text(dates[30]!),
    lat: place.lat,
    lng: place.lng,
    limit: 10,
  };
  const request = muhuratSearchRequest.parse(body);
  const resolved = resolveSubjectPlace(request, ['body']);
  const withBirth = muhuratSearchRequest.parse({ ...body, birth });
  const gochar = vedicGocharRequest.parse({ ...birth, start_date: `${place.year}-01-01`, end_date: `${place.year}-12-31` });
  return {
    dates,
    zone: resolved.zone ?? timeZoneAt(resolved.lat, resolved.lng),
    place: resolved,
    request,
    withBirth: { request: withBirth, place: resolved, birthPlace: resolveSubjectPlace(withBirth.birth!, ['body', 'birth']) },
    gochar: { request: gochar, place: resolveSubjectPlace(gochar, ['body']) },
  };
});

let k = 0;
const next = () => cases[k++ % cases.length]!;
const tasks = {
  panchang_31_days: () => {
    const c = next();
    for (const d of c.dates) computePanchang(d, c.zone, c.place.lat, c.place.lng, 'lahiri');
  },
  muhurta_engine: () => {
    const c = next();
    searchMuhurta({ purpose: c.request.purpose, dates: c.dates, zone: c.zone, lat: c.place.lat, lng: c.place.lng, ayanamsa: 'lahiri', natalMoon: undefined });
  },
  muhurta_task: () => {
    const c = next();
    runTask('vedic_muhurat_search', { request: c.request, place: c.place, birthPlace: undefined });
  },
  muhurta_task_with_birth: () => runTask('vedic_muhurat_search', next().withBirth),
  gochar_year_task: () => runTask('vedic_gochar_v1', next().gochar),
};
type Name = keyof typeof tasks;
const names = Object.keys(tasks) as Name[];

// Warm-up: every task a few times.
for (let i = 0; i < 3; i++) for (const name of names) tasks[name]();

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

const floor = median(samples.panchang_31_days);
console.log(
  `The 31-day muhurta search against the panchang of its 31 days, in process (CPU ms per search, median of ${samples.panchang_31_days.length} batches of ${BATCH})`,
);
console.log('| task | ms per search | / panchang_31_days |');
console.log('|---|---:|---:|');
for (const name of names) console.log(`| ${name} | ${median(samples[name]).toFixed(2)} | ${(median(samples[name]) / floor).toFixed(2)} |`);

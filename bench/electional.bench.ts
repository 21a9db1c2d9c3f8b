/**
 * The electional search against natal, in one run (`BENCH_ONLY=electional npm run bench`, or
 * `npx tsx bench/electional.bench.ts [seconds per round=4] [rounds=3]` after `npm run build`):
 *
 * - served: the compiled service, one process with the compute pool, autocannon on
 *   POST /api/v1/natal/calculate and on a 30-day electional search at 30-minute steps (a random
 *   category, place and month of 2026-2028 per request) in alternating rounds; the ratio is the
 *   search's requests per second over natal's (target: at least 0.2). The heavy lane's per-account
 *   limit is raised for the bench's one key, so that every connection is served rather than told
 *   to wait. Beside it, the CPU each served request costs (load.ts, from /proc): the service's
 *   main thread (the request's HTTP, validation, admission, messages to the compute threads and
 *   answer bytes), its other threads (the compute), and the load's client; the ratio follows the
 *   inverse ratio of their sums;
 * - in process, one thread: a year in `year` mode (12-hour coarse step, 60-minute fine step) and a
 *   30-day direct search, compute ms (target for the year: under 300), and where the time goes:
 *   the window's events, the Sun's rises and sets, and the scan and answer. Each on a cold process
 *   (the kept blocks of the sky and of the rises and sets emptied first) and warm (the same search
 *   again, its blocks held, median of three), as the served process is once it has seen the months
 *   asked for; both after sixty searches have compiled the code as some traffic would;
 * - a step of a month's scan, µs (warm, median of 9 passes of five times 1,441 steps at Lisbon): the seven
 *   planets read from the position table, the houses from the sidereal angle, the whole sky the
 *   rules read (those two, the threshold checks, each planet's house, the Moon's course and the
 *   planetary hour), and the sky with a rule set judged; and the fixed part of a request, a warm
 *   one-day search (the window's setup, the refinement and the answer), ms. The least a month can
 *   cost with a scan that judges every step is about the steps times the first two plus the fixed part;
 * - what 0.2 would take: a step's part at the place (the houses and the rules that read them or the
 *   planetary hour, which no other place's search can share), a month's compute with only that part
 *   and the fixed part, and the compute a served month may cost for 0.2 of natal in this run (the
 *   CPU the search's rounds kept busy, over 0.2 of natal's rate, less the main thread's and the
 *   client's share). Where the first is above the second, no scan that judges the place at every
 *   step reaches 0.2 here, however its place-free half is found.
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { julianDayFromUtcMs } from '../src/astro/civil-time.ts';
import { ELECTIONAL_ENDPOINTS } from '../src/features/western/electional/electional-endpoints.ts';
import { ELECTION_CATEGORIES, ELECTION_CATEGORY_IDS } from '../src/features/western/electional/electional-categories.ts';
import { forgetSunBlocks, planetaryHourFinder } from '../src/features/western/electional/electional-hours.ts';
import { forgetSkyBlocks } from '../src/features/western/electional/electional-sky-blocks.ts';
import { windowEvents } from '../src/features/western/electional/electional-window-events.ts';
import { tallyMoment } from '../src/features/western/electional/electional-judgement.ts';
import { SEVEN_PLANETS } from '../src/features/western/electional/electional-planets.ts';
import { PositionTable } from '../src/features/western/electional/electional-position-table.ts';
import { fastHouses } from '../src/features/western/electional/electional-scan-houses.ts';
import { scanSkyReader } from '../src/features/western/electional/electional-scan-sky.ts';
import { randomBirth, randomInt } from './births.ts';
import { measuredAlternatingLoads, type MeasuredRound } from './load.ts';
import { median } from './median.ts';
import { startBenchServer } from './server-process.ts';

const CONNECTIONS = 16;
/** The steps of a 30-day window at 30 minutes, both ends included. */
const MONTH_STEPS = 30 * 48 + 1;

/** Inhabited places across latitudes (the search needs a zone; the city is given as coordinates). */
const PLACES = [
  { lat: 38.7223, lng: -9.1393, tz_str: 'Europe/Lisbon' },
  { lat: 40.7128, lng: -74.006, tz_str: 'America/New_York' },
  { lat: -33.8688, lng: 151.2093, tz_str: 'Australia/Sydney' },
  { lat: 35.6762, lng: 139.6503, tz_str: 'Asia/Tokyo' },
  { lat: 59.9139, lng: 10.7522, tz_str: 'Europe/Oslo' },
  { lat: 19.4326, lng: -99.1332, tz_str: 'America/Mexico_City' },
] as const;

const category = () => ELECTION_CATEGORY_IDS[randomInt(0, ELECTION_CATEGORY_IDS.length - 1)]!;
const place = () => PLACES[randomInt(0, PLACES.length - 1)]!;

/** A random day of 2026-2028, as UTC milliseconds. */
const randomDay = () => Date.UTC(randomInt(2026, 2028), randomInt(0, 11), randomInt(1, 28));
/** The date of UTC milliseconds, YYYY-MM-DD. */
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A 30-day window at 30-minute steps starting on a random day of 2026-2028. */
export function monthSearch() {
  const start = randomDay();
  return { search_window: { start: dateOf(start), end: dateOf(start + 29 * 86_400_000), step_minutes: 30 }, ...place(), max_results: 5 };
}

function yearSearch() {
  const year = randomInt(2026, 2028);
  return {
    search_window: { start: `${year}-01-01`, end: `${year}-12-31`, step_minutes: 60 },
    search_tuning: { mode: 'year', coarse_step_minutes: 720 },
    ...place(),
    max_results: 5,
  };
}

/**
 * The heavy lane's per-account limit raised for the bench's one key, so that every connection is
 * served rather than told to wait.
 */
export const HEAVY_LANE_UNLIMITED = {
  HEAVY_MAX_PER_ACCOUNT: '1000',
  HEAVY_MAX_PER_ACCOUNT_BY_PLAN: 'unlimited=1000',
  // On a shared machine the heavy lane's lowered priority hands its cores to other people's processes, not to natal.
  COMPUTE_HEAVY_NICE: '0',
};

async function served(seconds: number, rounds: number) {
  const server = await startBenchServer({ COMPUTE_MODE: 'pool', ...HEAVY_LANE_UNLIMITED });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const post = (path: () => string, body: () => unknown) => ({
    url: server.url,
    path,
    method: 'POST' as const,
    headers,
    body: () => JSON.stringify(body()),
  });
  const loads = {
    natal: post(() => '/api/v1/natal/calculate', randomBirth),
    electional: post(() => `/api/v2/western/electional/${category()}/search`, monthSearch),
  };
  try {
    return await measuredAlternatingLoads(loads, { rounds, seconds, warmUpSeconds: 3, connections: CONNECTIONS, serverPid: server.pid });
  } finally {
    await server.stop();
  }
}

/** One search computed in process: its task's CPU ms. */
function searchMs(body: Record<string, unknown>, categoryId = category()): number {
  const e = ELECTIONAL_ENDPOINTS.find((x) => x.paths[0].includes(`/${categoryId}/`))!;
  const task = e.prepare({ body: e.body!.parse(body), query: undefined, params: undefined }, Date.now());
  const before = process.cpuUsage();
  e.task.run(task);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

function forgetBlocks(): void {
  forgetSkyBlocks();
  forgetSunBlocks();
}

/** The search's CPU ms on a cold process, then again at once (warm), same category. */
function coldAndWarm(body: Record<string, unknown>): { cold: number; warm: number } {
  const c = category();
  forgetBlocks();
  const cold = searchMs(body, c);
  return { cold, warm: median([searchMs(body, c), searchMs(body, c), searchMs(body, c)]) };
}

function cpuMs(fn: () => void): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** µs a step of a warm month's scan at Lisbon, by part. */
function stepCosts(): { planets: number; houses: number; sky: number; judged: number; placeRules: number } {
  const jd0 = julianDayFromUtcMs(Date.UTC(2027, 2, 1));
  const jd1 = jd0 + 30;
  const zodiac = { type: 'tropical' } as const;
  const { lat, lng } = PLACES[0];
  const settings = { lat, lng, zodiac, houseSystem: 'regiomontanus' as const };
  const events = windowEvents(jd0, jd1, zodiac);
  const table = new PositionTable(zodiac, jd0, jd1);
  const hourAt = planetaryHourFinder(jd0, jd1, lat, lng, () => 0);
  const houses = fastHouses(jd0, jd1, lat, lng, 'regiomontanus', zodiac)!;
  const rules = ELECTION_CATEGORIES.get('wedding')!.rules;
  const steps = Array.from({ length: MONTH_STEPS }, (_, k) => jd0 + k / 48);
  const lon = new Float64Array(SEVEN_PLANETS.length);
  const speed = new Float64Array(SEVEN_PLANETS.length);
  // Each figure the median of nine passes, each pass five times over the month: a month alone is a few milliseconds, too short for this machine's noise.
  const perStep = (pass: () => void) => {
    const passes = Array.from({ length: 9 }, () =>
      cpuMs(() => {
        for (let k = 0; k < 5; k++) pass();
      }),
    );
    return (median(passes) * 1000) / (5 * steps.length);
  };
  const reader = () => scanSkyReader(settings, events, hourAt, table, [], { from: jd0, to: jd1 });
  const sky = perStep(() => {
    const r = reader();
    for (const t of steps) r.skyAt(t);
  });
  // The rules that read the place (the houses or the planetary hour), each purpose's in turn: what a step judges at the place.
  const placeRuleSets = ELECTION_CATEGORY_IDS.map((id) => ELECTION_CATEGORIES.get(id)!.rules.filter((rule) => rule.readsPlace));
  const placeJudged = placeRuleSets.map((set) =>
    perStep(() => {
      const r = reader();
      for (const t of steps) tallyMoment(r.skyAt(t), set);
    }),
  );
  return {
    planets: perStep(() => {
      for (const t of steps) for (let i = 0; i < SEVEN_PLANETS.length; i++) table.intoArrays(i, t, lon, speed);
    }),
    houses: perStep(() => {
      for (const t of steps) houses(t);
    }),
    sky,
    judged: perStep(() => {
      const r = reader();
      for (const t of steps) tallyMoment(r.skyAt(t), rules);
    }),
    placeRules: placeJudged.reduce((a, b) => a + b, 0) / placeJudged.length - sky,
  };
}

/** A one-day search at 30-minute steps, a random place and day: the part of a request that does not grow with the window. */
function daySearch() {
  const day = dateOf(randomDay());
  return { search_window: { start: day, end: day, step_minutes: 30 }, ...place(), max_results: 5 };
}

/** CPU µs a served request costs, median of the rounds: the service's process (all threads), its main thread, and the load's client. */
export interface ServedCpu {
  server: number;
  main: number;
  client: number;
}

const servedCpu = (runs: MeasuredRound[]): ServedCpu => ({
  server: median(runs.map((r) => r.cpu!.serverMicros)),
  main: median(runs.map((r) => r.cpu!.mainThreadMicros)),
  client: median(runs.map((r) => r.cpu!.clientMicros)),
});

export interface ElectionalFigures {
  natalPerSecond: number;
  electionalPerSecond: number;
  ratio: number;
  natalCpu: ServedCpu;
  electionalCpu: ServedCpu;
  yearMs: number;
  yearWarmMs: number;
  monthMs: number;
  monthWarmMs: number;
  yearEventsMs: number;
  yearSunMs: number;
  step: ReturnType<typeof stepCosts>;
  dayWarmMs: number;
}

export async function benchElectional(seconds = 4, rounds = 3): Promise<ElectionalFigures> {
  const s = await served(seconds, rounds);
  initEphemeris();
  // Warm the code paths, then median of several searches of each kind.
  // Compiled as a served thread has it after some traffic: a handful of searches leaves the scan's code half optimised.
  for (let i = 0; i < 60; i++) searchMs(monthSearch());
  const years: { cold: number; warm: number }[] = [];
  const months: { cold: number; warm: number }[] = [];
  const events: number[] = [];
  const sun: number[] = [];
  for (let i = 0; i < 8; i++) {
    const y = yearSearch();
    years.push(coldAndWarm(y));
    months.push(coldAndWarm(monthSearch()));
    const jdStart = julianDayFromUtcMs(Date.parse(`${y.search_window.start}T00:00Z`));
    forgetBlocks();
    events.push(cpuMs(() => windowEvents(jdStart, jdStart + 365, { type: 'tropical' })));
    sun.push(cpuMs(() => planetaryHourFinder(jdStart, jdStart + 365, y.lat, y.lng, () => 0)));
  }
  const days: number[] = [];
  for (let i = 0; i < 8; i++) days.push(coldAndWarm(daySearch()).warm);
  const step = stepCosts();
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const natalPerSecond = avg(s.natal.map((r) => r.requestsPerSecond));
  const electionalPerSecond = avg(s.electional.map((r) => r.requestsPerSecond));
  return {
    natalPerSecond,
    electionalPerSecond,
    ratio: electionalPerSecond / natalPerSecond,
    natalCpu: servedCpu(s.natal),
    electionalCpu: servedCpu(s.electional),
    yearMs: median(years.map((x) => x.cold)),
    yearWarmMs: median(years.map((x) => x.warm)),
    monthMs: median(months.map((x) => x.cold)),
    monthWarmMs: median(months.map((x) => x.warm)),
    yearEventsMs: median(events),
    yearSunMs: median(sun),
    step,
    dayWarmMs: median(days),
  };
}

export function printElectional(f: ElectionalFigures): void {
  console.log('\nelectional search against natal (served: one process with the pool, 16 connections; in process: CPU ms, median of 8)');
  console.log('| measure | figure | target |');
  console.log('|---|---:|---:|');
  console.log(`| natal served, req/s | ${f.natalPerSecond.toFixed(0)} | |`);
  console.log(`| 30-day search at 30 min served, req/s | ${f.electionalPerSecond.toFixed(1)} | |`);
  console.log(`| **30-day / natal served throughput** | **${f.ratio.toFixed(3)}** | ≥ 0.2 |`);
  const cpu = (c: ServedCpu) => `${c.server.toFixed(0)} / ${c.main.toFixed(0)} / ${(c.server - c.main).toFixed(0)} / ${c.client.toFixed(0)}`;
  console.log(`| CPU µs a served natal request costs: the service / its main thread / its other threads / the client | ${cpu(f.natalCpu)} | |`);
  console.log(`| the same for a served 30-day search | ${cpu(f.electionalCpu)} | |`);
  console.log(`| 30-day search compute, ms: cold / warm | ${f.monthMs.toFixed(1)} / ${f.monthWarmMs.toFixed(1)} | |`);
  console.log(`| **year in \`year\` mode compute, ms: cold** / warm | **${f.yearMs.toFixed(1)}** / ${f.yearWarmMs.toFixed(1)} | < 300 |`);
  console.log(`| of the cold year: the window's events, ms | ${f.yearEventsMs.toFixed(1)} | |`);
  console.log(`| of the cold year: the Sun's rises and sets, ms | ${f.yearSunMs.toFixed(1)} | |`);
  console.log(`| of the cold year: the scan, refinement and answer, ms | ${(f.yearMs - f.yearEventsMs - f.yearSunMs).toFixed(1)} | |`);
  const s = f.step;
  console.log(`| a step of a month's scan, µs: the planets from the table / the houses | ${s.planets.toFixed(2)} / ${s.houses.toFixed(2)} | |`);
  console.log(`| a step of a month's scan, µs: the whole sky / the sky judged | ${s.sky.toFixed(2)} / ${s.judged.toFixed(2)} | |`);
  console.log(`| a warm one-day search (the part that does not grow with the window), ms | ${f.dayWarmMs.toFixed(1)} | |`);
  // What 0.2 leaves the compute: the search's rounds kept this much CPU busy; at 0.2 of natal's rate each search may take
  // that over the rate, less what its main thread and the client take.
  const e = f.electionalCpu;
  const busy = f.electionalPerSecond * (e.server + e.client);
  const budgetMs = (busy / (0.2 * f.natalPerSecond) - e.main - e.client) / 1000;
  const placeStep = s.houses + s.placeRules;
  const floorMs = (placeStep * MONTH_STEPS) / 1000 + f.dayWarmMs;
  console.log(
    `| a step's part at the place, µs: the houses + the rules that read them or the planetary hour (mean of the ten purposes) | ${s.houses.toFixed(2)} + ${s.placeRules.toFixed(2)} | |`,
  );
  console.log(
    `| a month's compute with nothing but that part and the one-day search, ms (the least with the place-free half free) | ${floorMs.toFixed(2)} | |`,
  );
  console.log(`| a month's compute at 0.2 of natal here, ms (served, after its main thread and the client) | ${budgetMs.toFixed(2)} | |`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printElectional(await benchElectional(Number(process.argv[2] ?? 4), Number(process.argv[3] ?? 3)));
  process.exit(0);
}

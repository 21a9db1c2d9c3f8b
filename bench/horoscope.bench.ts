/**
 * The daily horoscopes against natal, measured in one run two ways:
 *
 * - served: the compiled service (`npm run build` first), one process on embedded defaults with
 *   the compute pool, autocannon on POST /api/v1/natal/calculate, the personal daily horoscope
 *   v3 and v2 and the sign horoscope, in alternating rounds (bench/load.ts), a new random birth
 *   per request and a day among those clients ask for (a week around a fixed date: today, its
 *   neighbours, prewarmed days), after a warm-up of each; the ratios are each endpoint's requests
 *   per second over natal's (target: at least 0.5 for the personal daily horoscope), then the
 *   CPU each request cost the server (all threads, its main thread) and the client, and what
 *   that allows (bench/cpu-ceiling.ts): the ratio when the cores are the limit, as here, and the
 *   pool's CPU per request at which the target would hold;
 * - in process: the compute tasks in alternating batches on one thread, CPU ms per task, with the
 *   days of the served run and with a day drawn from a century (each planet's cut track then
 *   made for the request: the exact-hit finder's per-thread chunks seldom serve twice).
 *
 *   npx tsx bench/horoscope.bench.ts [seconds per round=3] [rounds=2]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { runTask } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { dailyPersonalRequest, SIGN_IDS } from '../src/features/western/horoscope/horoscope-schemas.ts';
import { frameOfDate } from '../src/features/western/horoscope/horoscope-day.ts';
import { newRequestId, type PersonalTask, type SignTask } from '../src/features/western/horoscope/horoscope-service.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { timeZoneAt } from '../src/geo/time-zone-lookup.ts';
import { randomBirth, randomInt } from './births.ts';
import { ceilingTable, medianCpu } from './cpu-ceiling.ts';
import { measuredAlternatingLoads, type MeasuredRound } from './load.ts';
import { median } from './median.ts';
import { startBenchServer } from './server-process.ts';

const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 2);
const CONNECTIONS = 16;
type Name = 'natal' | 'daily_v3' | 'daily_v2' | 'sign';

const pad = (n: number) => String(n).padStart(2, '0');
const centuryDay = () => `${randomInt(1950, 2050)}-${pad(randomInt(1, 12))}-${pad(randomInt(1, 28))}`;
/** A day of the week around 25 November 2026 (fixed, so that runs compare). */
const askedDay = () => `2026-11-${pad(randomInt(22, 28))}`;
const personalBody = (day = askedDay) => ({ birth: randomBirth(), date: day() });

async function served(): Promise<Record<Name, MeasuredRound[]>> {
  const server = await startBenchServer({ COMPUTE_MODE: 'pool' });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const post = (path: string, body: () => unknown) => ({ url: `${server.url}${path}`, method: 'POST' as const, headers, body: () => JSON.stringify(body()) });
  const loads = {
    natal: post('/api/v1/natal/calculate', randomBirth),
    daily_v3: post('/api/v3/horoscope/daily/personal', () => personalBody()),
    daily_v2: post('/api/v2/horoscope/daily/personal', () => personalBody()),
    sign: {
      url: `${server.url}/api/v2/horoscope/daily/sign`,
      method: 'GET' as const,
      headers: { 'x-api-key': server.key },
      path: () => `/api/v2/horoscope/daily/sign?sign=${SIGN_IDS[randomInt(0, 11)]}&date=${askedDay()}`,
    },
  };
  try {
    return await measuredAlternatingLoads(loads, { rounds, seconds, warmUpSeconds: 2, connections: CONNECTIONS, serverPid: server.pid });
  } finally {
    await server.stop();
  }
}

const TASK_NAMES = ['natal', 'daily_v3', 'daily_v2', 'weekly', 'sign', 'daily_v3_century', 'daily_v2_century'] as const;
type TaskName = (typeof TASK_NAMES)[number];

function inProcess(): Record<TaskName, number> {
  initEphemeris();
  const personalTask = (body: ReturnType<typeof personalBody>): PersonalTask => {
    const parsed = dailyPersonalRequest.parse(body);
    const place = resolveSubjectPlace(parsed.birth, ['body', 'birth']);
    const [y, m, d] = parsed.date!.split('-').map(Number) as [number, number, number];
    return {
      birth: parsed.birth,
      place,
      frame: frameOfDate(y, m, d, timeZoneAt(place.lat, place.lng)),
      locale: 'en',
      interpretationBlocks: false,
      requestId: newRequestId(),
      nowMs: Date.now(),
    };
  };
  const cases = Array.from({ length: 300 }, (_, i) => {
    const natal = natalRequest.parse(randomBirth());
    const personal = personalTask(personalBody());
    const century = personalTask(personalBody(centuryDay));
    const sign: SignTask = {
      sign: SIGN_IDS[i % 12]!,
      frame: personal.frame,
      place: { lat: 0, lng: 0 },
      locale: 'en',
      version: 'v2',
      requestId: 's',
      nowMs: 0,
      warnings: [],
    };
    return { natal: { request: natal, place: resolveSubjectPlace(natal, ['body']), includeMinor: false, includeStelliums: false }, personal, century, sign };
  });
  let k = 0;
  const next = () => cases[k++ % cases.length]!;
  const tasks: Record<TaskName, () => unknown> = {
    natal: () => runTask('natal', next().natal),
    daily_v3: () => runTask('horoscope_daily_personal_v3', next().personal),
    daily_v2: () => runTask('horoscope_daily_personal_v2', next().personal),
    weekly: () => runTask('horoscope_weekly_personal', next().personal),
    sign: () => runTask('horoscope_daily_sign', next().sign),
    daily_v3_century: () => runTask('horoscope_daily_personal_v3', next().century),
    daily_v2_century: () => runTask('horoscope_daily_personal_v2', next().century),
  };
  for (let i = 0; i < 100; i++) for (const name of TASK_NAMES) tasks[name]();
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

const s = await served();
const t = inProcess();
const avg = (rounds: MeasuredRound[]) => rounds.reduce((a, r) => a + r.requestsPerSecond, 0) / rounds.length;
const ratio = (a: number, b: number) => (a / b).toFixed(2);
console.log(
  `Served (${rounds} rounds of ${seconds} s, ${CONNECTIONS} connections, a new random birth per request, a day of the week around 2026-11-25): requests per second`,
);
console.log('| natal | daily personal v3 | daily personal v2 | daily sign v2 | v3 / natal | v2 / natal | sign / natal |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
console.log(
  `| ${avg(s.natal).toFixed(0)} | ${avg(s.daily_v3).toFixed(0)} | ${avg(s.daily_v2).toFixed(0)} | ${avg(s.sign).toFixed(0)} | ${ratio(avg(s.daily_v3), avg(s.natal))} | ${ratio(avg(s.daily_v2), avg(s.natal))} | ${ratio(avg(s.sign), avg(s.natal))} |`,
);
console.log('');
console.log(
  ceilingTable('natal', medianCpu(s.natal), [
    { name: 'daily personal v3', cpu: medianCpu(s.daily_v3), target: 0.5 },
    { name: 'daily personal v2', cpu: medianCpu(s.daily_v2), target: 0.5 },
    { name: 'daily sign v2', cpu: medianCpu(s.sign) },
  ]),
);
console.log('');
console.log('In process (one thread, CPU ms per task, median of batches of 10; throughput = natal ms / task ms)');
console.log('| task | ms | throughput vs natal |');
console.log('|---|---:|---:|');
for (const name of TASK_NAMES) console.log(`| ${name} | ${t[name].toFixed(3)} | ${ratio(t.natal, t[name])} |`);

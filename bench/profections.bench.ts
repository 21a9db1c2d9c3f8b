/**
 * The annual profection and the sign lookups against natal, measured in one run two ways:
 *
 * - served: the compiled service (`npm run build` first), one process on embedded defaults with
 *   the compute pool, autocannon on POST /api/v1/natal/calculate, the profection with
 *   include=all and the rising-sign lookup with its interpretation item, in alternating rounds,
 *   a new random birth per request, after a warm-up of each; the ratios are each endpoint's
 *   requests per second over natal's (target: at least 0.5 for the profection, whose answer is
 *   the natal answer parsed plus eleven solar-month roots, and 0.5 for a sign lookup);
 * - in process: the compute tasks in alternating batches on one thread, CPU ms per task.
 *
 *   npx tsx bench/profections.bench.ts [seconds per round=3] [rounds=2]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { runTask } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { profectionRequest, PROFECTION_INCLUDES } from '../src/features/western/profections/profections-schemas.ts';
import { signRequest } from '../src/features/western/signs/signs-schemas.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { randomBirth, randomInt } from './births.ts';
import { alternatingLoads } from './load.ts';
import { median } from './median.ts';
import { startBenchServer } from './server-process.ts';

const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 2);
const CONNECTIONS = 16;
type Name = 'natal' | 'profection' | 'sign';

const profectionBody = () => {
  const birth = randomBirth();
  return { ...birth, annual_profection: { year: birth.year + randomInt(0, 90) } };
};
const signBody = () => ({ ...randomBirth(), interpretation: { enable: true, style: 'improved' } });

async function served(): Promise<Record<Name, number[]>> {
  const server = await startBenchServer({ COMPUTE_MODE: 'pool' });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const loads = {
    natal: { url: `${server.url}/api/v1/natal/calculate`, method: 'POST' as const, headers, body: () => JSON.stringify(randomBirth()) },
    profection: {
      url: `${server.url}/api/v1/western/profections/annual?include=all`,
      method: 'POST' as const,
      headers,
      body: () => JSON.stringify(profectionBody()),
    },
    sign: { url: `${server.url}/api/v1/western/signs/rising`, method: 'POST' as const, headers, body: () => JSON.stringify(signBody()) },
  };
  try {
    return await alternatingLoads(loads, { rounds, seconds, warmUpSeconds: 2, connections: CONNECTIONS });
  } finally {
    await server.stop();
  }
}

const TASK_NAMES = ['natal', 'natal_text', 'profection', 'profection_all', 'sign', 'sign_text'] as const;
type TaskName = (typeof TASK_NAMES)[number];

function inProcess(): Record<TaskName, number> {
  initEphemeris();
  const text = { style: 'improved' as const, language: 'en' as const };
  const cases = Array.from({ length: 300 }, () => {
    const natal = natalRequest.parse(randomBirth());
    const profection = profectionRequest.parse(profectionBody());
    const sign = signRequest.parse({ ...randomBirth() });
    const signText = signRequest.parse(signBody());
    const natalPlace = resolveSubjectPlace(natal, ['body']);
    const profectionPlace = resolveSubjectPlace(profection, ['body']);
    return {
      natal: { request: natal, place: natalPlace, includeMinor: false, includeStelliums: false },
      natalText: { request: natal, place: natalPlace, includeMinor: false, includeStelliums: false, interpretation: text },
      profection: { request: profection, place: profectionPlace, includes: [] },
      profectionAll: { request: profection, place: profectionPlace, includes: [...PROFECTION_INCLUDES] },
      sign: { point: 'rising' as const, request: sign, place: resolveSubjectPlace(sign, ['body']) },
      signText: { point: 'rising' as const, request: signText, place: resolveSubjectPlace(signText, ['body']) },
    };
  });
  let k = 0;
  const next = () => cases[k++ % cases.length]!;
  const tasks: Record<TaskName, () => unknown> = {
    natal: () => runTask('natal', next().natal),
    natal_text: () => runTask('natal', next().natalText),
    profection: () => runTask('profections_annual', next().profection),
    profection_all: () => runTask('profections_annual', next().profectionAll),
    sign: () => runTask('sign_lookup', next().sign),
    sign_text: () => runTask('sign_lookup', next().signText),
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

const s = await served();
const t = inProcess();
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ratio = (a: number, b: number) => (a / b).toFixed(2);
console.log(`Served (${rounds} rounds of ${seconds} s, ${CONNECTIONS} connections, a new random birth per request): requests per second`);
console.log('| natal | profection include=all | rising sign with its text | profection / natal | sign / natal |');
console.log('|---:|---:|---:|---:|---:|');
console.log(
  `| ${avg(s.natal).toFixed(0)} | ${avg(s.profection).toFixed(0)} | ${avg(s.sign).toFixed(0)} | ${ratio(avg(s.profection), avg(s.natal))} | ${ratio(avg(s.sign), avg(s.natal))} |`,
);
console.log('');
console.log('In process (one thread, CPU ms per task, median of batches of 20; throughput = baseline ms / task ms)');
console.log('| task | ms | baseline | throughput vs baseline |');
console.log('|---|---:|---|---:|');
const rows: [string, TaskName, TaskName][] = [
  ['natal', 'natal', 'natal'],
  ['natal with its text', 'natal_text', 'natal'],
  ['profection', 'profection', 'natal'],
  ['profection include=all', 'profection_all', 'natal'],
  ['rising sign', 'sign', 'natal'],
  ['rising sign with its text', 'sign_text', 'natal_text'],
];
for (const [label, task, base] of rows)
  console.log(`| ${label} | ${t[task].toFixed(3)} | ${base === 'natal' ? 'natal' : 'natal with its text'} | ${ratio(t[base], t[task])} |`);

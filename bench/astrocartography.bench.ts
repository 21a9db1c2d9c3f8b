/**
 * Astrocartography against natal, in one run:
 *
 * - served: the compiled service (`npm run build` first), one process with the compute pool,
 *   autocannon on POST /api/v1/natal/calculate, the lines (the eleven default bodies × four
 *   angles, no crossings), the city check (a named city of ten, the defaults: map lines, paran
 *   summary and relocation summary) and the parans (defaults), in alternating rounds
 *   (bench/load.ts), a new random birth per request after a warm-up of each. Each endpoint's
 *   requests per second over natal's in the same run, against the targets (lines ≥ 0.25, city
 *   check ≥ 0.2), and the server's CPU per request;
 * - in process, where the time goes: each task's CPU ms and its parts (the sky from the
 *   ephemeris, the lines' geometry, the paran search, the JSON bytes), in alternating batches on
 *   one thread.
 *
 *   npx tsx bench/astrocartography.bench.ts [seconds per round=5] [rounds=3] [another built checkout, served only]
 */
import { pathToFileURL } from 'node:url';
import { astrocartographyLines } from '../src/astro/astrocartography.ts';
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { ParanSearch } from '../src/astro/parans.ts';
import { ENDPOINTS } from '../src/features/endpoints.ts';
import { castAcgSky } from '../src/features/western/astrocartography/acg-sky.ts';
import { computeAcgCityCheck } from '../src/features/western/astrocartography/astrocartography-city-check-service.ts';
import { computeAcgLines } from '../src/features/western/astrocartography/astrocartography-service.ts';
import { paransForPlace } from '../src/features/western/astrocartography/city-scoring.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { runTask } from '../src/pool-tasks.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { randomBirth, randomInt } from './births.ts';
import { measuredAlternatingLoads } from './load.ts';
import { median } from './median.ts';
import { startBenchServer } from './server-process.ts';

const CONNECTIONS = 16;
const CITIES = [
  { city: 'Lisbon', country: 'PT' },
  { city: 'Tokyo', country: 'JP' },
  { city: 'New York City', country: 'US' },
  { city: 'Buenos Aires', country: 'AR' },
  { city: 'Nairobi', country: 'KE' },
  { city: 'Sydney', country: 'AU' },
  { city: 'Reykjavik', country: 'IS' },
  { city: 'Mumbai', country: 'IN' },
  { city: 'Mexico City', country: 'MX' },
  { city: 'Cairo', country: 'EG' },
];
const ACG = '/api/v1/western/astrocartography';
export const linesBody = () => ({ natal: randomBirth() });
export const cityCheckBody = () => ({ natal: randomBirth(), ...CITIES[randomInt(0, CITIES.length - 1)]! });
const paransBody = () => ({ natal: randomBirth() });

export const ACG_TARGETS = { acg_lines: 0.25, acg_city_check: 0.2 } as const;
type Name = 'natal' | 'acg_lines' | 'acg_city_check' | 'acg_parans';
const NAMES: Name[] = ['natal', 'acg_lines', 'acg_city_check', 'acg_parans'];

export interface AcgServedRow {
  name: Name;
  requestsPerSecond: number;
  ratio: number;
  target: number | null;
  serverCpuMs: number | null;
  rounds: number[];
}

async function served(seconds: number, rounds: number, root?: string): Promise<AcgServedRow[]> {
  // (A loaded box can take minutes to start the service: the default 90 s was not enough at a load average of 17.)
  const server = await startBenchServer({ COMPUTE_MODE: 'pool' }, [], undefined, { root, readyTimeoutMs: 300_000 });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const post = (path: string, body: () => unknown) => ({ url: `${server.url}${path}`, method: 'POST' as const, headers, body: () => JSON.stringify(body()) });
  const loads: Record<Name, ReturnType<typeof post>> = {
    natal: post('/api/v1/natal/calculate', randomBirth),
    acg_lines: post(`${ACG}/lines`, linesBody),
    acg_city_check: post(`${ACG}/city-check`, cityCheckBody),
    acg_parans: post(`${ACG}/parans`, paransBody),
  };
  try {
    const measured = await measuredAlternatingLoads(loads, { rounds, seconds, warmUpSeconds: 3, connections: CONNECTIONS, serverPid: server.pid });
    const rate = (n: Name) => median(measured[n].map((r) => r.requestsPerSecond));
    return NAMES.map((name) => ({
      name,
      requestsPerSecond: rate(name),
      ratio: rate(name) / rate('natal'),
      target: name in ACG_TARGETS ? ACG_TARGETS[name as keyof typeof ACG_TARGETS] : null,
      serverCpuMs: measured[name][0]?.cpu ? median(measured[name].map((r) => r.cpu!.serverMicros)) / 1000 : null,
      rounds: measured[name].map((r) => r.requestsPerSecond),
    }));
  } finally {
    await server.stop();
  }
}

/** CPU ms of each task and of its parts, in process (medians of batches of 10, the kinds alternating). */
export function inProcess(seconds: number): Record<string, number> {
  initEphemeris();
  const prepare = (path: string, body: unknown) => {
    const e = ENDPOINTS.find((x) => x.paths.includes(path))!;
    return { name: e.task.name, task: e.prepare({ body: e.body!.parse(body), query: undefined, params: undefined }, Date.now()) };
  };
  const cases = Array.from({ length: 200 }, () => {
    const natal = natalRequest.parse(randomBirth());
    return {
      natal: { name: 'natal', task: { request: natal, place: resolveSubjectPlace(natal, ['body']), includeMinor: false, includeStelliums: false } },
      lines: prepare(`${ACG}/lines`, linesBody()),
      cityCheck: prepare(`${ACG}/city-check`, cityCheckBody()),
    };
  });
  type Case = (typeof cases)[number];
  // (The declarations' tasks are typed `any`: each endpoint's own.)
  const lineTask = (c: Case) => c.lines.task;
  const cityTask = (c: Case) => c.cityCheck.task;
  const parts: Record<string, (c: Case) => unknown> = {
    'natal task': (c) => runTask(c.natal.name, c.natal.task),
    'lines task': (c) => runTask(c.lines.name, c.lines.task as never),
    '  lines: sky (ephemeris)': (c) => castAcgSky(lineTask(c).request, lineTask(c).place),
    '  lines: sky + geometry': (c) => {
      const sky = castAcgSky(lineTask(c).request, lineTask(c).place);
      return astrocartographyLines(sky.bodies, sky.gastDeg, ['asc', 'dsc', 'mc', 'ic']);
    },
    '  lines: answer object': (c) => computeAcgLines(lineTask(c)),
    'city check task': (c) => runTask(c.cityCheck.name, c.cityCheck.task as never),
    // The search the city check makes: outward from the city's latitude (paransForPlace), not over every latitude.
    '  city check: paran search': (c) => {
      const { request, place, target } = cityTask(c);
      const sky = castAcgSky(request, place);
      return paransForPlace(new ParanSearch(sky.bodies, ['asc', 'dsc', 'mc', 'ic'], 0, 90), target.lat, request.paran_orb_deg, request.paran_tail_deg);
    },
    '  city check: answer object': (c) => computeAcgCityCheck(cityTask(c)),
  };
  const names = Object.keys(parts);
  let k = 0;
  for (let i = 0; i < 30; i++) for (const n of names) parts[n]!(cases[k++ % cases.length]!);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end)
    for (const n of names) {
      const before = process.cpuUsage();
      for (let i = 0; i < 10; i++) parts[n]!(cases[k++ % cases.length]!);
      const used = process.cpuUsage(before);
      samples[n]!.push((used.user + used.system) / 10 / 1000);
    }
  return Object.fromEntries(names.map((n) => [n, median(samples[n]!)]));
}

export async function benchAstrocartography(seconds: number, rounds: number, root?: string) {
  const rows = await served(seconds, rounds, root);
  // The parts are this checkout's sources; another checkout's service is measured served only.
  const parts = root ? {} : inProcess(seconds);
  return { rows, parts };
}

export function printAstrocartography({ rows, parts }: Awaited<ReturnType<typeof benchAstrocartography>>, seconds: number, rounds: number): void {
  console.log(
    `\nastrocartography against natal (served: ${rounds} alternating rounds of ${seconds} s, ${CONNECTIONS} connections, median; server CPU per request)`,
  );
  console.log('| endpoint | served req/s | / natal | target | met | server CPU ms/request | rounds |');
  console.log('|---|---:|---:|---:|---|---:|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.target ?? ''} | ${r.target === null ? '' : r.ratio >= r.target ? 'yes' : 'no'} | ${r.serverCpuMs?.toFixed(2) ?? ''} | ${r.rounds.map((x) => x.toFixed(0)).join('/')} |`,
    );
  console.log('\nwhere the time goes, in process (CPU ms, median of batches of 10; "answer object" is the task without its JSON bytes)');
  console.log('| part | CPU ms | / natal task |');
  console.log('|---|---:|---:|');
  for (const [n, ms] of Object.entries(parts)) console.log(`| ${n} | ${ms.toFixed(3)} | ${(ms / parts['natal task']!).toFixed(2)} |`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const seconds = Number(process.argv[2] ?? 5);
  const rounds = Number(process.argv[3] ?? 3);
  printAstrocartography(await benchAstrocartography(seconds, rounds, process.argv[4]), seconds, rounds);
}

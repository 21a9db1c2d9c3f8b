/**
 * Where a served request's CPU goes on the service's main thread: the service runs under
 * `--cpu-prof` with a route's load (natal by default) for a short and a long time, and each
 * place's time is taken as (long − short) / (requests long − requests short), so that start-up,
 * migrations and warm-up cancel out and what remains is the cost per request. Places are packages
 * or source files (`--by file`, default) or functions (`--by function`). Not part of
 * `npm run bench`: a tool to run before optimising the served path. (Tasks in the compute pool
 * run in worker threads, which this does not read: COMPUTE_MODE=inline puts them all on the main
 * thread, mixed the natal and transits tasks.)
 *
 *   npx tsx bench/profile-served.ts [--route natal|transits|sky-events|numerology|chart-svg]
 *     [--entry src/main.ts] [--by file|function] [--top 30] [--seconds 6,18]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NATAL_ROUTE, TRANSITS_ROUTE } from './natal.bench.ts';
import { CHART_SVG_LOAD, NUMEROLOGY_LOAD, SKY_EVENTS_LOAD, type RouteLoad } from './endpoints.bench.ts';
import { runLoad } from './load.ts';
import { startBenchServer } from './server-process.ts';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

const { values } = parseArgs({
  options: {
    route: { type: 'string', default: 'natal' },
    entry: { type: 'string', default: 'src/main.ts' },
    by: { type: 'string', default: 'file' },
    top: { type: 'string', default: '30' },
    seconds: { type: 'string', default: '6,18' },
  },
});
const [shortSeconds, longSeconds] = values.seconds.split(',').map(Number) as [number, number];
if (!(shortSeconds > 0 && longSeconds > shortSeconds)) throw new Error('--seconds takes two lengths, the second longer: 6,18');
if (values.by !== 'file' && values.by !== 'function') throw new Error('--by is file or function');
const ROUTES: Record<string, RouteLoad> = {
  natal: { route: NATAL_ROUTE.path, method: 'POST', body: NATAL_ROUTE.body },
  transits: { route: TRANSITS_ROUTE.path, method: 'POST', body: TRANSITS_ROUTE.body },
  'sky-events': SKY_EVENTS_LOAD,
  numerology: NUMEROLOGY_LOAD,
  'chart-svg': CHART_SVG_LOAD,
};
function routeNamed(name: string): RouteLoad {
  const load = ROUTES[name];
  if (!load) throw new Error(`--route is one of ${Object.keys(ROUTES).join(', ')}`);
  return load;
}
const routeLoad = routeNamed(values.route);

const root = path.resolve(import.meta.dirname, '..');
const shortName = (url: string) => url.replace(/^.*node_modules\//, 'npm:').replace(`file://${root}/`, '').replace(`${root}/`, '');

/** A sample's place: its package (npm:name) or source file, or its function within one. */
function placeOf(frame: { functionName: string; url: string }): string {
  if (frame.url.startsWith('wasm://')) return 'WebAssembly';
  const file = shortName(frame.url);
  if (values.by === 'function') return `${frame.functionName || '(anonymous)'} ${file}`.trim();
  return file.replace(/^(npm:(@[^/]+\/)?[^/]+).*/, '$1') || frame.functionName;
}

/** Microseconds of main-thread time per place over a whole profile. */
function timeByPlace(profile: CpuProfile): Map<string, number> {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const place = placeOf(frames.get(id)!);
    times.set(place, (times.get(place) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  return times;
}

/** Runs the service under the profiler with the route's load for `seconds`; its main thread's times and the requests served. */
async function profiledRun(seconds: number): Promise<{ times: Map<string, number>; requests: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-profile-'));
  try {
    const server = await startBenchServer({}, ['--cpu-prof', `--cpu-prof-dir=${dir}`], values.entry);
    const { route, ...request } = routeLoad;
    const load = {
      url: `${server.url}${route}`, connections: 32, ...request,
      headers: { ...(server.key ? { 'x-api-key': server.key } : {}), 'content-type': 'application/json' },
    };
    const run = await runLoad('profiled', { ...load, durationSeconds: seconds });
    await server.stop();
    // One profile per thread; the main thread's is the largest (the workers are not what this reads).
    const main = fs.readdirSync(dir).map((f) => path.join(dir, f)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    if (!main) throw new Error('the service wrote no profile');
    return { times: timeByPlace(JSON.parse(fs.readFileSync(main, 'utf8')) as CpuProfile), requests: Math.round(run.requestsPerSecond * seconds) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const short = await profiledRun(shortSeconds);
const long = await profiledRun(longSeconds);
const extra = long.requests - short.requests;
const perRequest = [...new Set([...short.times.keys(), ...long.times.keys()])]
  .map((place) => [place, ((long.times.get(place) ?? 0) - (short.times.get(place) ?? 0)) / extra] as const)
  .sort((a, b) => b[1] - a[1]);
const busy = perRequest.filter(([place]) => place !== '(idle)').reduce((sum, [, us]) => sum + us, 0);
console.log(`${values.entry}: main thread, ${busy.toFixed(0)} µs of CPU per ${values.route} request (${short.requests} and ${long.requests} requests in ${shortSeconds} s and ${longSeconds} s runs)`);
for (const [place, us] of perRequest.slice(0, Number(values.top))) console.log(`${us.toFixed(1).padStart(8)} µs  ${place}`);

/**
 * Where a served request's CPU goes on the service's main thread: the service runs under
 * `--cpu-prof` with a route's load (natal by default): first `--warm` seconds of it, then a pause
 * of PAUSE_SECONDS with no load, then `--seconds` of it. Only the samples of that last run are
 * read (start-up, migrations, the warm-up and the shutdown stay out), and each place's time is
 * divided by the run's requests: the cost per request at the steady state. Places are packages
 * or source files (`--by file`, default) or functions (`--by function`). Not part of
 * `npm run bench`: a tool to run before optimising the served path. (Tasks in the compute pool
 * run in worker threads, which this does not read: COMPUTE_MODE=inline puts them all on the main
 * thread, mixed the natal and transits tasks.)
 *
 * Two cautions, both measured. A served process needs about a minute of natal load to reach its
 * steady rate (the JIT's tiers, and the ephemeris segments that random births meet for the first
 * time), hence the default warm-up. And V8's sampler reads the thread's stack at
 * wall-clock intervals: while the process is descheduled (the client, Redis and PostgreSQL share
 * the cores), its samples go to whatever ran last, most often `writev`, whose wake-up of the
 * client is where the scheduler tends to switch. For on-CPU time, `perf record` of the service
 * started with `--perf-basic-prof` tells.
 *
 *   npx tsx bench/profile-served.ts [--route natal|transits|sky-events|numerology|chart-svg]
 *     [--entry dist/src/main.js] [--by file|function] [--top 30] [--warm 60] [--seconds 20]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NATAL_ROUTE, TRANSITS_ROUTE } from './natal.bench.ts';
import { CHART_SVG_LOAD, NUMEROLOGY_LOAD, SKY_EVENTS_LOAD, type RouteLoad } from './endpoints.bench.ts';
import { runLoad } from './load.ts';
import { SERVICE_ENTRY, startBenchServer } from './server-process.ts';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

const { values } = parseArgs({
  options: {
    route: { type: 'string', default: 'natal' },
    entry: { type: 'string', default: SERVICE_ENTRY },
    by: { type: 'string', default: 'file' },
    top: { type: 'string', default: '30' },
    warm: { type: 'string', default: '60' },
    seconds: { type: 'string', default: '20' },
  },
});
const seconds = Number(values.seconds);
if (!(seconds > 0)) throw new Error('--seconds takes the length of the measured run: 20');
const warmSeconds = Number(values.warm);
if (!(warmSeconds >= 0)) throw new Error('--warm takes the seconds of load before the measured run: 60');
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

/** Seconds without load between the warm-up and the measured run: the mark the measured run is found by. */
const PAUSE_SECONDS = 5;

/**
 * Microseconds of main-thread time per place in the measured run: the `seconds` that follow a
 * quiet stretch of at least PAUSE_SECONDS − 1 (tenths of a second in which the thread was busy
 * for less than a quarter: timers, the sampler and collections of the warm-up's garbage still
 * take up to about 15 % in a pause, against 85-100 % under load), and of all such
 * stretches (the start-up has some) the one followed by the busiest `seconds`.
 */
function timeByPlaceInMeasuredRun(profile: CpuProfile): Map<string, number> {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const BIN_US = 100_000;
  const at: number[] = [];
  const busyByBin: number[] = [];
  let elapsed = 0;
  profile.samples.forEach((id, i) => {
    elapsed += profile.timeDeltas[i] ?? 0;
    at.push(elapsed);
    const bin = Math.floor(elapsed / BIN_US);
    while (busyByBin.length <= bin) busyByBin.push(0);
    if (frames.get(id)!.functionName !== '(idle)') busyByBin[bin]! += profile.timeDeltas[i + 1] ?? 0;
  });
  const quietBinsNeeded = Math.round(((PAUSE_SECONDS - 1) * 1e6) / BIN_US);
  const runBins = Math.ceil((seconds * 1e6) / BIN_US);
  const busyIn = (from: number) => busyByBin.slice(from, from + runBins).reduce((sum, us) => sum + us, 0);
  let quietRun = 0;
  let longestQuietRun = 0;
  let fromBin = -1;
  busyByBin.forEach((busy, bin) => {
    if (busy < BIN_US / 4) {
      longestQuietRun = Math.max(longestQuietRun, ++quietRun);
    } else {
      if (quietRun >= quietBinsNeeded && (fromBin < 0 || busyIn(bin) > busyIn(fromBin))) fromBin = bin;
      quietRun = 0;
    }
  });
  if (fromBin < 0) {
    throw new Error(`no pause found in the profile: the longest quiet stretch was ${(longestQuietRun * BIN_US) / 1e6} s of the ${PAUSE_SECONDS - 1} s needed; busy ms per tenth: ${busyByBin.map((us) => Math.round(us / 1000)).join(' ')}`);
  }
  const [start, end] = [fromBin * BIN_US, (fromBin + runBins) * BIN_US];
  if (busyIn(fromBin) < 0.5 * (end - start)) throw new Error('the run after the pause was mostly idle: not the measured run');
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (at[i]! < start || at[i]! >= end) return;
    const place = placeOf(frames.get(id)!);
    times.set(place, (times.get(place) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  return times;
}

/** Runs the service under the profiler: warm-up, pause, measured run; its main thread's times in the measured run, and that run's requests. */
async function profiledRun(): Promise<{ times: Map<string, number>; requests: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-profile-'));
  try {
    const server = await startBenchServer({}, ['--cpu-prof', `--cpu-prof-dir=${dir}`], values.entry);
    const { route, ...request } = routeLoad;
    const load = {
      url: `${server.url}${route}`, connections: 32, ...request,
      headers: { ...(server.key ? { 'x-api-key': server.key } : {}), 'content-type': 'application/json' },
    };
    if (warmSeconds > 0) await runLoad('warm-up', { ...load, durationSeconds: warmSeconds });
    await new Promise((resolve) => setTimeout(resolve, PAUSE_SECONDS * 1000));
    const run = await runLoad('profiled', { ...load, durationSeconds: seconds });
    await server.stop();
    // One profile per thread; the main thread's is the largest (the workers are not what this reads).
    const main = fs.readdirSync(dir).map((f) => path.join(dir, f)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    if (!main) throw new Error('the service wrote no profile');
    return { times: timeByPlaceInMeasuredRun(JSON.parse(fs.readFileSync(main, 'utf8')) as CpuProfile), requests: run.requests };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const measured = await profiledRun();
const perRequest = [...measured.times].map(([place, us]) => [place, us / measured.requests] as const).sort((a, b) => b[1] - a[1]);
const busy = perRequest.filter(([place]) => place !== '(idle)').reduce((sum, [, us]) => sum + us, 0);
console.log(`${values.entry}: main thread, ${busy.toFixed(0)} µs of CPU per ${values.route} request (${measured.requests} requests in a ${seconds} s run after ${warmSeconds} s of warm-up)`);
for (const [place, us] of perRequest.slice(0, Number(values.top))) console.log(`${us.toFixed(1).padStart(8)} µs  ${place}`);

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
 * `--by layer` puts each sample in the layer of the request path it was spent in: the innermost
 * frame of its stack that belongs to one (body parse, validation, key auth, rate limits,
 * idempotency, usage log, metrics, compression, pool hand-off, request log lines, the embedded
 * database, HTTP and sockets...; see LAYERS), or the collector. `--as-run` starts the service as
 * `npm run bench:served` does (embedded defaults, the default log level) instead of with the
 * bench's environment and LOG_LEVEL=warn.
 *
 *   npx tsx bench/profile-served.ts [--route natal|transits|sky-events|numerology|chart-svg|daily-v3|timeline|bazi|acg-lines|acg-city-check]
 *     [--entry dist/src/main.js] [--by file|function|layer] [--as-run] [--top 30] [--warm 60] [--seconds 20]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NATAL_ROUTE, TRANSITS_ROUTE } from './natal.bench.ts';
import { CHART_SVG_LOAD, NUMEROLOGY_LOAD, SKY_EVENTS_LOAD, type RouteLoad } from './endpoints.bench.ts';
import { randomBirth, randomMonthTimelineRequest } from './births.ts';
import { runLoad } from './load.ts';
import { cityCheckBody as acgCityCheckBody, linesBody as acgLinesBody } from './astrocartography.bench.ts';
import { SERVICE_ENTRY, startBenchServer } from './server-process.ts';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
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
    'as-run': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
if (!(seconds > 0)) throw new Error('--seconds takes the length of the measured run: 20');
const warmSeconds = Number(values.warm);
if (!(warmSeconds >= 0)) throw new Error('--warm takes the seconds of load before the measured run: 60');
if (values.by !== 'file' && values.by !== 'function' && values.by !== 'layer') throw new Error('--by is file, function or layer');
const ROUTES: Record<string, RouteLoad> = {
  natal: { route: NATAL_ROUTE.path, method: 'POST', body: NATAL_ROUTE.body },
  transits: { route: TRANSITS_ROUTE.path, method: 'POST', body: TRANSITS_ROUTE.body },
  'sky-events': SKY_EVENTS_LOAD,
  numerology: NUMEROLOGY_LOAD,
  'chart-svg': CHART_SVG_LOAD,
  'daily-v3': {
    route: '/api/v3/horoscope/daily/personal',
    method: 'POST',
    body: () => JSON.stringify({ birth: randomBirth(), date: `2026-11-${String(22 + Math.floor(Math.random() * 7))}` }),
  },
  timeline: { route: '/api/v1/western/transits/timeline', method: 'POST', body: () => JSON.stringify(randomMonthTimelineRequest()) },
  bazi: { route: '/api/v1/chinese/bazi', method: 'POST', body: () => JSON.stringify({ ...randomBirth(), sex: Math.random() < 0.5 ? 'M' : 'F' }) },
  'acg-lines': { route: '/api/v1/western/astrocartography/lines', method: 'POST', body: () => JSON.stringify(acgLinesBody()) },
  'acg-city-check': { route: '/api/v1/western/astrocartography/city-check', method: 'POST', body: () => JSON.stringify(acgCityCheckBody()) },
};
function routeNamed(name: string): RouteLoad {
  const load = ROUTES[name];
  if (!load) throw new Error(`--route is one of ${Object.keys(ROUTES).join(', ')}`);
  return load;
}
const routeLoad = routeNamed(values.route);

const root = path.resolve(import.meta.dirname, '..');
const shortName = (url: string) =>
  url
    .replace(/^.*node_modules\//, 'npm:')
    .replace(`file://${root}/`, '')
    .replace(`${root}/`, '');

/** A sample's place: its package (npm:name) or source file, or its function within one. */
function placeOf(frame: { functionName: string; url: string }): string {
  if (frame.url.startsWith('wasm://')) return 'WebAssembly';
  const file = shortName(frame.url);
  if (values.by === 'function') return `${frame.functionName || '(anonymous)'} ${file}`.trim();
  return file.replace(/^(npm:(@[^/]+\/)?[^/]+).*/, '$1') || frame.functionName;
}

/**
 * The layers of a served request, by the source of a frame (its URL: a package, a file of the
 * service or of node). A sample goes to the innermost frame of its stack that one of them names,
 * in this order for each frame; V8's own entries ((garbage collector), (idle), (program)) stand
 * for themselves.
 */
const LAYERS: readonly (readonly [string, RegExp])[] = [
  ['request log lines', /node_modules\/(pino|sonic-boom|pino-std-serializers)\/|http\/log-redaction/],
  ['usage log', /http\/usage-log|db\/usage-logs/],
  ['embedded database (PGlite, on this thread)', /pglite|db\/embedded\/|^wasm:/],
  ['database driver', /node_modules\/(slonik|@slonik|pg|pg-protocol)\//],
  ['metrics', /http\/metrics|prom-client/],
  ['idempotency', /http\/idempotency/],
  ['rate limits', /http\/rate-limit/],
  ['API-key auth', /http\/api-key-auth|lru-cache|keys\/secret/],
  ['compression', /http\/compression|@fastify\/compress|accept-negotiator/],
  ['CORS, nosniff', /@fastify\/cors|http\/browser-headers/],
  [
    'pre-validation hooks (nulls, spellings, unknown fields)',
    /http\/(null-means-absent|coordinate-spellings|unknown-fields|forwarded-headers|shutdown-refusal|connection-limits)/,
  ],
  ['validation (zod)', /node_modules\/zod\/|type-provider-zod|http\/lax-validation/],
  ['body parse (JSON)', /secure-json-parse|http\/json-body|content-type-parser/],
  ['pool hand-off (Piscina, message ports)', /piscina|node:internal\/worker|messageport|event_target/],
  ['route (place, zone, task payload)', /src\/features\/|src\/geo\/|src\/astro\/|src\/compute\/|src\/answers\//],
  ['Fastify', /node_modules\/(fastify|find-my-way|avvio|fast-querystring|@fastify\/error|toad-cache|fast-decode-uri-component)\//],
  ['HTTP and sockets (node)', /^node:/],
];

function layerOf(id: number, frames: Map<number, { functionName: string; url: string }>, parents: Map<number, number>): string {
  const own = frames.get(id)!.functionName;
  if (own === '(garbage collector)' || own === '(idle)' || own === '(program)') return own;
  for (let node: number | undefined = id; node !== undefined; node = parents.get(node)) {
    const url = frames.get(node)!.url;
    if (!url) continue;
    const layer = LAYERS.find(([, pattern]) => pattern.test(url));
    if (layer) return layer[0];
  }
  return 'other';
}

/** Seconds without load between the warm-up and the measured run: the mark the measured run is found by. */
const PAUSE_SECONDS = 5;

/**
 * Microseconds of main-thread time per place in the measured run: the `seconds` that follow a
 * quiet stretch of at least PAUSE_SECONDS − 1 (tenths of a second in which the thread was busy
 * for less than half: timers, the sampler and collections of the warm-up's garbage still take
 * up to about 15 % in a pause, and on embedded defaults up to 30 % (the report queue's polls of
 * the database on this thread, a collection of the larger heap), against 85-100 % under load on
 * a quiet box; forty such tenths in a row never came under load), and of all such
 * stretches (the start-up has some) the one followed by the busiest `seconds`.
 */
function timeByPlaceInMeasuredRun(profile: CpuProfile): Map<string, number> {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const parents = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((child) => [child, n.id] as const)));
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
    if (busy < BIN_US / 2) {
      longestQuietRun = Math.max(longestQuietRun, ++quietRun);
    } else {
      if (quietRun >= quietBinsNeeded && (fromBin < 0 || busyIn(bin) > busyIn(fromBin))) fromBin = bin;
      quietRun = 0;
    }
  });
  if (fromBin < 0) {
    throw new Error(
      `no pause found in the profile: the longest quiet stretch was ${(longestQuietRun * BIN_US) / 1e6} s of the ${PAUSE_SECONDS - 1} s needed; busy ms per tenth: ${busyByBin.map((us) => Math.round(us / 1000)).join(' ')}`,
    );
  }
  const [start, end] = [fromBin * BIN_US, (fromBin + runBins) * BIN_US];
  if (busyIn(fromBin) < 0.5 * (end - start)) throw new Error('the run after the pause was mostly idle: not the measured run');
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (at[i]! < start || at[i]! >= end) return;
    const place = values.by === 'layer' ? layerOf(id, frames, parents) : placeOf(frames.get(id)!);
    times.set(place, (times.get(place) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  return times;
}

/** Runs the service under the profiler: warm-up, pause, measured run; its main thread's times in the measured run, and that run's requests. */
async function profiledRun(): Promise<{ times: Map<string, number>; requests: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-profile-'));
  try {
    // As run: no database or Redis server (empty is unset), the default log level.
    const asRun: Record<string, string> = values['as-run'] ? { DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info' } : {};
    const server = await startBenchServer(asRun, ['--cpu-prof', `--cpu-prof-dir=${dir}`], values.entry);
    const { route, ...request } = routeLoad;
    const load = {
      url: `${server.url}${route}`,
      connections: 32,
      ...request,
      headers: { ...(server.key ? { 'x-api-key': server.key } : {}), 'content-type': 'application/json' },
    };
    if (warmSeconds > 0) await runLoad('warm-up', { ...load, durationSeconds: warmSeconds });
    await new Promise((resolve) => setTimeout(resolve, PAUSE_SECONDS * 1000));
    const run = await runLoad('profiled', { ...load, durationSeconds: seconds });
    await server.stop();
    // One profile per thread; the main thread's is the largest (the workers are not what this reads).
    const main = fs
      .readdirSync(dir)
      .map((f) => path.join(dir, f))
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    if (!main) throw new Error('the service wrote no profile');
    return { times: timeByPlaceInMeasuredRun(JSON.parse(fs.readFileSync(main, 'utf8')) as CpuProfile), requests: run.requests };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const measured = await profiledRun();
const perRequest = [...measured.times].map(([place, us]) => [place, us / measured.requests] as const).sort((a, b) => b[1] - a[1]);
const busy = perRequest.filter(([place]) => place !== '(idle)').reduce((sum, [, us]) => sum + us, 0);
console.log(
  `${values.entry}: main thread, ${busy.toFixed(0)} µs of CPU per ${values.route} request (${measured.requests} requests in a ${seconds} s run after ${warmSeconds} s of warm-up)`,
);
for (const [place, us] of perRequest.slice(0, Number(values.top))) console.log(`${us.toFixed(1).padStart(8)} µs  ${place}`);

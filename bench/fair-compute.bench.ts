/**
 * Fair compute: what light requests keep while one key runs heavy work, in one run.
 *
 * The compiled service (`npm run build` first), one process on embedded defaults. Natal charts are
 * served by autocannon alone, then beside a background of heavy work from one key, each
 * background kept running by a fixed number of clients that send their next request as soon as
 * the last is answered:
 *
 * - two concurrent 100-year Moon-to-Sun transit searches (about 3 s of compute and 6 MB each);
 * - four concurrent month timelines of 11 bodies × 11 points;
 * - one 100-year daily CSV export of 13 bodies.
 *
 * Each background is also run alone, so that its own throughput beside natal compares with its
 * throughput alone. Printed: natal's requests per second and p99 with each background as ratios
 * to natal alone (targets: ≥ 0.5 and ≤ 2×), and each background's completions per second beside
 * natal and alone.
 *
 * A built checkout of an earlier commit may be named as well: its service is measured first, in the
 * same run (the one first-come queue before the heavy lane: `git worktree add ../before <commit>`,
 * then `npm ci` or links to this checkout's node_modules and build, and `npm run build` there).
 *
 *   npm run build && npx tsx bench/fair-compute.bench.ts [seconds per run=8] [earlier checkout]
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { randomBirth, randomMonthTimelineRequest } from './births.ts';
import { runLoad, type LoadResult } from './load.ts';
import { startBenchServer } from './server-process.ts';

const seconds = Number(process.argv[2] ?? 8);
const earlier = process.argv[3];
const NATAL_CONNECTIONS = 8;

interface Background {
  name: string;
  clients: number;
  send(url: string, key: string): Promise<void>;
}

/** POSTs a JSON body and reads the whole answer; resolves on any answer (the status is counted). */
function post(url: string, key: string, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${path}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

function get(url: string, key: string, path: string, accept: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${path}`, { headers: { 'x-api-key': key, accept } }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const check = (name: string) => (status: number) => {
  if (status !== 200) throw new Error(`${name}: status ${status}`);
};

const BACKGROUNDS: Background[] = [
  {
    name: 'two 100-year Moon searches',
    clients: 2,
    send: (url, key) =>
      post(url, key, '/api/v1/western/transits/search', {
        natal: randomBirth(),
        transit_planet: 'moon',
        natal_point: 'sun',
        age_start_years: 0,
        age_end_years: 100,
      }).then(check('search')),
  },
  {
    name: 'four month timelines',
    clients: 4,
    send: (url, key) => post(url, key, '/api/v1/western/transits/timeline', randomMonthTimelineRequest()).then(check('timeline')),
  },
  {
    name: 'a 100-year export',
    clients: 1,
    send: (url, key) => get(url, key, '/api/v1/ephemeris?start=1900-01-01&end=1999-12-31', 'text/csv').then(check('export')),
  },
];

/** Keeps `clients` requests of a background in flight until stopped; counts the completed ones. */
function runBackground(background: Background, url: string, key: string) {
  let stopped = false;
  let completed = 0;
  let failure: Error | undefined;
  const startedAt = performance.now();
  const loops = Array.from({ length: background.clients }, async () => {
    while (!stopped) {
      try {
        await background.send(url, key);
        if (!stopped) completed++;
      } catch (error) {
        failure = error instanceof Error ? error : new Error('a background request failed', { cause: error });
        return;
      }
    }
  });
  return {
    async stop(): Promise<number> {
      stopped = true;
      const elapsed = (performance.now() - startedAt) / 1000;
      await Promise.all(loops);
      if (failure) throw failure;
      return completed / elapsed;
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function natalLoad(url: string, key: string): Promise<LoadResult> {
  const result = await runLoad('natal', {
    url: `${url}/api/v1/natal/calculate`,
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: () => JSON.stringify(randomBirth()),
    durationSeconds: seconds,
    connections: NATAL_CONNECTIONS,
  });
  if (result.non2xx || result.errors) throw new Error(`natal: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

/** One design: natal alone, then beside each background, and each background alone. */
async function measure(design: string, env: Record<string, string>, root?: string): Promise<string[]> {
  const server = await startBenchServer(env, [], undefined, { root });
  try {
    const { url, key } = server;
    await natalLoad(url, key);
    const alone = await natalLoad(url, key);
    const rows: string[] = [];
    for (const background of BACKGROUNDS) {
      const solo = runBackground(background, url, key);
      await sleep(seconds * 1000);
      const soloRate = await solo.stop();
      const beside = runBackground(background, url, key);
      // Let the background fill the pool before natal is measured.
      await sleep(1000);
      const natal = await natalLoad(url, key);
      const besideRate = await beside.stop();
      rows.push(
        `| ${design} | ${background.name} | ${alone.requestsPerSecond.toFixed(0)} / ${alone.p99Ms} ms | ${natal.requestsPerSecond.toFixed(0)} | **${(natal.requestsPerSecond / alone.requestsPerSecond).toFixed(2)}** | ${natal.p99Ms} ms | **${(natal.p99Ms / Math.max(1, alone.p99Ms)).toFixed(1)}×** | ${soloRate.toFixed(2)}/s | ${besideRate.toFixed(2)}/s | ${(besideRate / Math.max(1e-9, soloRate)).toFixed(2)} |`,
      );
    }
    return rows;
  } finally {
    await server.stop();
  }
}

// The service as it comes, and its heavy lane without the lower priority (the lane alone).
const designs: [string, Record<string, string>][] = [
  ['heavy lane, nice 10 (default)', {}],
  ['heavy lane, nice 0', { COMPUTE_HEAVY_NICE: '0' }],
];
const rows: string[] = [];
if (earlier) {
  const commit = execFileSync('git', ['-C', earlier, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  rows.push(...(await measure(`commit ${commit}`, {}, earlier)));
}
for (const [design, env] of designs) rows.push(...(await measure(design, env)));
console.log(`natal: ${NATAL_CONNECTIONS} connections, ${seconds} s a run; targets: natal ≥ 0.5 of alone, p99 ≤ 2× alone\n`);
console.log(
  '| design | beside | natal alone (req/s / p99) | natal beside | ratio | p99 beside | p99 ratio | background alone | background beside natal | ratio |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);

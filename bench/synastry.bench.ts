/**
 * Synastry (with natal snapshots, scores and archetype: the default answer) against natal,
 * measured in one run two ways:
 *
 * - served: the compiled service (`npm run build` first), one process on embedded defaults with
 *   the compute pool, autocannon on POST /api/v1/western/synastry (two new random births per
 *   request, in the person block clients send; the full default answer, about 110 KB with both
 *   natal answers and some 75 contacts), POST /api/v1/western/synastry/summary (the same casts,
 *   contacts, scores and archetype, a small answer) and POST /api/v1/natal/calculate (one birth)
 *   in rotating rounds after a warm-up of each, and the synastry endpoint asked for its scores
 *   alone (SCORES_ONLY); the ratios are requests per second over natal's
 *   (target: synastry with scores at least 0.5);
 * - in process: the two compute tasks in alternating batches on one thread, CPU ms per task.
 *
 *   npx tsx bench/synastry.bench.ts [seconds per round=4] [rounds=2]
 */
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { runTask } from '../src/pool-tasks.ts';
import { natalRequest } from '../src/features/western/natal/natal-schemas.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { synastryRequest } from '../src/features/western/synastry/synastry-schemas.ts';
import { resolvePersonPlace } from '../src/features/western/synastry/synastry-endpoints.ts';
import { randomBirth } from './births.ts';
import { alternatingLoads } from './load.ts';
import { median } from './median.ts';
import { startBenchServer } from './server-process.ts';

const seconds = Number(process.argv[2] ?? 4);
const rounds = Number(process.argv[3] ?? 2);
const CONNECTIONS = 16;
const pad = (n: number) => String(n).padStart(2, '0');

/** A random birth as a synastry person block: datetime and location. */
function person() {
  const b = randomBirth();
  return { datetime: `${b.year}-${pad(b.month)}-${pad(b.day)}T${pad(b.hour)}:${pad(b.minute)}:00`, location: { lat: b.lat, lng: b.lng }, tz_str: 'AUTO' };
}

type Load = 'natal' | 'synastry' | 'summary' | 'scores';

/** The synastry endpoint asked for its scores, archetype and highlights only (the snapshots, contact list and overlays left out). */
const SCORES_ONLY = { include: { natal_snapshots: false, aspects: false, house_overlays: false } };

async function served(): Promise<Record<Load, number[]>> {
  const server = await startBenchServer({ COMPUTE_MODE: 'pool' });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const loads = {
    natal: { url: `${server.url}/api/v1/natal/calculate`, method: 'POST' as const, headers, body: () => JSON.stringify(randomBirth()) },
    synastry: {
      url: `${server.url}/api/v1/western/synastry`,
      method: 'POST' as const,
      headers,
      body: () => JSON.stringify({ person_a: person(), person_b: person() }),
    },
    scores: {
      url: `${server.url}/api/v1/western/synastry`,
      method: 'POST' as const,
      headers,
      body: () => JSON.stringify({ person_a: person(), person_b: person(), settings: SCORES_ONLY }),
    },
    summary: {
      url: `${server.url}/api/v1/western/synastry/summary`,
      method: 'POST' as const,
      headers,
      body: () => JSON.stringify({ person_a: person(), person_b: person() }),
    },
  };
  try {
    return await alternatingLoads(loads, { rounds, seconds, warmUpSeconds: 2, connections: CONNECTIONS });
  } finally {
    await server.stop();
  }
}

function inProcess(): { natal: number; synastry: number } {
  initEphemeris();
  const cases = Array.from({ length: 200 }, () => {
    const natal = natalRequest.parse(randomBirth());
    const body = synastryRequest.parse({ person_a: person(), person_b: person() });
    const places = [resolvePersonPlace(body.person_a, ['body', 'person_a']), resolvePersonPlace(body.person_b, ['body', 'person_b'])] as const;
    return {
      natal: { request: natal, place: resolveSubjectPlace(natal, ['body']), includeMinor: false, includeStelliums: false },
      synastry: {
        person_a: body.person_a,
        person_b: body.person_b,
        settings: body.settings,
        places: [...places] as [(typeof places)[0], (typeof places)[1]],
        locs: [
          ['body', 'person_a'],
          ['body', 'person_b'],
        ] as [string[], string[]],
        nowMs: Date.now(),
      },
    };
  });
  let k = 0;
  const tasks = { natal: () => runTask('natal', cases[k++ % cases.length]!.natal), synastry: () => runTask('synastry', cases[k++ % cases.length]!.synastry) };
  for (let i = 0; i < 200; i++) {
    tasks.natal();
    tasks.synastry();
  }
  const samples = { natal: [] as number[], synastry: [] as number[] };
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    for (const name of ['natal', 'synastry'] as const) {
      const before = process.cpuUsage();
      for (let i = 0; i < 20; i++) tasks[name]();
      const used = process.cpuUsage(before);
      samples[name].push((used.user + used.system) / 20 / 1000);
    }
  }
  return { natal: median(samples.natal), synastry: median(samples.synastry) };
}

const t = inProcess();
const s = process.argv.includes('--in-process') ? undefined : await served();
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `Synastry against natal (${rounds} served rounds of ${seconds} s, ${CONNECTIONS} connections; in process: CPU ms per task, median of batches of 20)`,
);
console.log('| measure | natal | synastry | synastry / natal |');
console.log('|---|---:|---:|---:|');
if (s) {
  console.log(`| served req/s, full answer | ${avg(s.natal).toFixed(0)} | ${avg(s.synastry).toFixed(0)} | ${(avg(s.synastry) / avg(s.natal)).toFixed(2)} |`);
  console.log(
    `| served req/s, scores only (the same endpoint, include: snapshots, aspects, overlays false) | ${avg(s.natal).toFixed(0)} | ${avg(s.scores).toFixed(0)} | ${(avg(s.scores) / avg(s.natal)).toFixed(2)} |`,
  );
  console.log(
    `| served req/s, summary (scores, archetype) | ${avg(s.natal).toFixed(0)} | ${avg(s.summary).toFixed(0)} | ${(avg(s.summary) / avg(s.natal)).toFixed(2)} |`,
  );
}
console.log(`| in-process ms per task | ${t.natal.toFixed(3)} | ${t.synastry.toFixed(3)} | ${(t.natal / t.synastry).toFixed(2)} (throughput) |`);

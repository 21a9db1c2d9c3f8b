/**
 * Requests per second of the other endpoints, each against the same server's trivial route:
 * sky events of a random day, a full Pythagorean numerology profile, and every chart kind as
 * SVG and PNG.
 */
import { randomBirth, randomInt } from './births.ts';
import { runLoad, type LoadOptions, type LoadResult } from './load.ts';
import { startBenchServer } from './server-process.ts';

const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Emmy Noether', 'Carl Gauss', 'Marie Curie', 'Niels Bohr', 'Rosalind Franklin'];

function isoDate(year = randomInt(1900, 2100)): string {
  return `${year}-${String(randomInt(1, 12)).padStart(2, '0')}-${String(randomInt(1, 28)).padStart(2, '0')}`;
}

const chartBodies: Record<string, () => Record<string, unknown>> = {
  natal: () => ({ ...randomBirth() }),
  transits: () => ({ natal: randomBirth(), transit_date: `${isoDate()}T12:00` }),
  // A return or a progression from the birth onwards: an earlier one is refused (422).
  solar_return: () => {
    const birth = randomBirth();
    return { ...birth, return_year: birth.year + randomInt(0, 60), lat: 48.85, lng: 2.35 };
  },
  progressions: () => {
    const birth = randomBirth();
    return { ...birth, progression_date: isoDate(birth.year + randomInt(1, 60)) };
  },
  composite: () => ({ person_a: randomBirth(), person_b: randomBirth() }),
  synastry: () => ({ person_a: randomBirth(), person_b: randomBirth() }),
};
const chartPaths: Record<string, string> = {
  natal: '/api/v1/natal/chart/',
  transits: '/api/v1/natal/chart/transits',
  solar_return: '/api/v1/natal/chart/solar-return',
  progressions: '/api/v1/natal/chart/secondary-progressions',
  composite: '/api/v1/natal/chart/composite',
  synastry: '/api/v1/natal/chart/synastry',
};

/** A route's load: where it goes (`url` + `route`), and what each request sends. */
export interface RouteLoad extends Pick<LoadOptions, 'method' | 'body' | 'path'> {
  route: string;
}

/** The sky events of a random day, every kind, with their phrases (a path per request). */
export const SKY_EVENTS_LOAD: RouteLoad = {
  route: '',
  method: 'GET',
  path: () => `/api/v1/sky-events?date=${isoDate()}&timezone=Europe/Paris&preset=full&include_formulation=true`,
};

/** A full Pythagorean profile (17 slugs) of random names and dates. */
export const NUMEROLOGY_LOAD: RouteLoad = {
  route: '/api/v1/numerology/profile',
  method: 'POST',
  body: () =>
    JSON.stringify({
      method: {
        system: 'pythagorean',
        profile: 'pythagorean-component-preserve-core-v1',
        master_policy: 'preserve_core_11_22_33',
        compound_policy: 'full_trace',
      },
      subject: { birth_date: isoDate(), name: { birth: NAMES[randomInt(0, NAMES.length - 1)], current: NAMES[randomInt(0, NAMES.length - 1)] } },
      date_context: { reference_date: isoDate() },
    }),
};

/** A chart kind's image in one format, of random births. */
function chartLoad(kind: string, format: 'svg' | 'png'): RouteLoad {
  return { route: chartPaths[kind]!, method: 'POST', body: () => JSON.stringify(withFormat(chartBodies[kind]!(), format)) };
}

/** A natal chart wheel as SVG, of a random birth. */
export const CHART_SVG_LOAD = chartLoad('natal', 'svg');

/** The output fields go where each request keeps them (person_a, natal, or the top level). */
function withFormat(body: Record<string, unknown>, format: 'svg' | 'png'): Record<string, unknown> {
  if ('person_a' in body) return { ...body, person_a: { ...(body.person_a as object), format } };
  return { ...body, format };
}

/** Seconds of load on a route before its measured run. */
const WARMUP_SECONDS = 8;

export async function benchEndpoints(env: Record<string, string>, durationSeconds: number, connections: number): Promise<LoadResult[]> {
  const server = await startBenchServer({ ...env, COMPUTE_MODE: 'pool' });
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  const common = { durationSeconds, connections };
  const results: LoadResult[] = [];
  // Each route is warmed up before it is measured: the compute threads' code for a chart kind
  // reaches its steady speed only after some thousands of charts (a natal wheel in the pool took
  // 7.3 ms of CPU in its first 4 s and 2.5–2.8 ms from the 12th second on), so a cold run measured
  // the JIT, not the route.
  const measured = async (name: string, options: LoadOptions) => {
    await runLoad('warmup', { ...options, durationSeconds: WARMUP_SECONDS });
    results.push(await runLoad(name, options));
  };
  try {
    results.push(await runLoad('GET /healthz (baseline)', { ...common, url: `${server.url}/healthz` }));
    const loads: [string, RouteLoad][] = [
      ['GET /api/v1/sky-events (full)', SKY_EVENTS_LOAD],
      ['POST numerology profile (17 slugs)', NUMEROLOGY_LOAD],
    ];
    for (const kind of Object.keys(chartPaths)) {
      for (const format of ['svg', 'png'] as const) loads.push([`POST chart ${kind} (${format})`, chartLoad(kind, format)]);
    }
    for (const [name, { route, ...load }] of loads) await measured(name, { ...common, url: `${server.url}${route}`, headers, ...load });
    for (const r of results) if (r.non2xx || r.errors) throw new Error(`${r.name}: ${r.non2xx} non-2xx responses, ${r.errors} errors`);
    return results;
  } finally {
    await server.stop();
  }
}

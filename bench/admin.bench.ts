/**
 * The admin endpoints at production size: a fresh database seeded with 100,000 users and 10
 * million requests of history (bench/admin-seed.ts), the real service started on it, and each
 * endpoint called by one operator, one call at a time, as the dashboard does: p50 and p95 of
 * the calls against the 100 ms target. Then the natal throughput with the usage rollups
 * maintained and without them (USAGE_ROLLUPS), on the same seeded database, in alternating rounds.
 */
import { randomBirth } from './births.ts';
import { createBenchDatabase, keptBenchDatabase } from './bench-database.ts';
import { withClient } from '../test/helpers/database.ts';
import { HISTORY_DAYS, SEED_REQUESTS, SEED_USERS, seedAdminData, type SeedTiming } from './admin-seed.ts';
import { runLoad, type LoadResult } from './load.ts';
import { startBenchServer, type BenchServer } from './server-process.ts';
import { hashAdminPassword } from '../src/features/admin/password.ts';
import { median } from './median.ts';
import { alternatingRounds } from './alternating-rounds.ts';

export const TARGET_MS = 100;

export interface AdminEndpointFigures {
  name: string;
  calls: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  ok: boolean;
}

export interface RollupFigures {
  on: LoadResult;
  off: LoadResult;
  /** Natal req/s with the rollups maintained over without: 1 means they cost nothing. */
  ratio: number;
  rounds: { on: number[]; off: number[] };
}

export interface AdminFigures {
  seed: { users: number; requests: number; historyDays: number; seconds: number; steps: SeedTiming[] };
  /**
   * How fast the box was during the endpoint runs: PostgreSQL counting a million generated rows,
   * asked directly (not through the service), before and after them. Latencies of a loaded
   * box compare to other runs through their ratio to this.
   */
  reference: { name: string; p50Ms: number; p95Ms: number };
  endpoints: AdminEndpointFigures[];
  rollups: RollupFigures;
}

const USERNAME = 'bench-operator';
const PASSWORD = 'a benchmark passphrase of some length';
const FUNNEL_STEPS = ['signup', 'first_api_key', 'first_request', 'first_successful_request', 'first_payment'];
const ROUTES = [
  '/api/v1/natal/calculate',
  '/api/v1/transits/calculate',
  '/api/v1/natal/chart/',
  '/api/v1/sky-events',
  '/api/v1/ephemeris/calculate',
  '/api/v1/moon/phase',
  '/api/v1/natal/chart/synastry',
  '/api/v1/moon/month',
  '/api/v1/natal/chart/composite',
  '/api/v1/ephemeris',
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const settle = () => new Promise((r) => setTimeout(r, 1000));

interface Call {
  method?: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
}

class Operator {
  constructor(
    private readonly url: string,
    private token = '',
  ) {}

  async login(): Promise<void> {
    const res = await this.send({ method: 'POST', path: '/api/v1/admin/login', body: { username: USERNAME, password: PASSWORD } });
    this.token = (res as { token: string }).token;
  }

  /** One call; the whole answer is read before the clock stops. */
  async send(call: Call): Promise<unknown> {
    const res = await fetch(`${this.url}${call.path}`, {
      method: call.method ?? 'GET',
      headers: { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...(call.body ? { 'content-type': 'application/json' } : {}) },
      body: call.body ? JSON.stringify(call.body) : undefined,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${call.method ?? 'GET'} ${call.path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }

  /** Calls one after the other (one operator); `after` runs outside the clock. */
  async measure(name: string, calls: Call[], after?: (answer: unknown) => Promise<void>): Promise<AdminEndpointFigures> {
    const times: number[] = [];
    for (const call of calls) {
      const started = performance.now();
      const answer = await this.send(call);
      times.push(performance.now() - started);
      if (after) await after(answer);
    }
    times.sort((a, b) => a - b);
    const p95Ms = percentile(times, 95);
    return { name, calls: times.length, p50Ms: percentile(times, 50), p95Ms, maxMs: times.at(-1)!, ok: p95Ms <= TARGET_MS };
  }
}

/** `count` calls cycling through `variants`. */
const cycle = <T>(variants: T[], count: number): T[] => Array.from({ length: count }, (_, i) => variants[i % variants.length]!);

async function measureEndpoints(
  server: BenchServer,
  calls: number,
  busyUsers: string[],
  onEndpoint: (e: AdminEndpointFigures) => void,
): Promise<AdminEndpointFigures[]> {
  const operator = new Operator(server.url);
  await operator.login();
  const figures: AdminEndpointFigures[] = [];
  const push = figures.push.bind(figures);
  figures.push = (...rows: AdminEndpointFigures[]) => {
    rows.forEach(onEndpoint);
    return push(...rows);
  };
  const searches = ['smith', 'gmail', 'ada.love', 'curie42', 'horoscope-hub', 'Noether', 'tycho brahe', 'proton.me', '7781', 'zhang'];
  const sorts = ['joined&order=desc', 'requests&order=desc', 'last_active&order=desc', 'email&order=asc', 'plan&order=asc'];
  const searchCalls = searches.flatMap((s, i) =>
    sorts.map((sort, j) => ({ path: `/api/v1/admin/users?search=${encodeURIComponent(s)}&sort_by=${sort}&page=${1 + ((i + j) % 2)}` })),
  );
  const usage = { path: '/api/v1/admin/stats/usage' };

  // Warm-up: the service's JIT, the connection pool and the database's cache, as on a running server.
  for (const call of [searchCalls[0]!, usage, { path: '/api/v1/admin/revenue-analytics?range=30d' }, { path: '/api/v1/admin/analytics/matured-signup-funnel' }])
    await operator.send(call);

  figures.push(await operator.measure('users: search + sort', cycle(searchCalls, Math.max(calls, searchCalls.length))));
  figures.push(
    await operator.measure(
      'users: sort only, no search',
      cycle(
        sorts.map((sort, i) => ({ path: `/api/v1/admin/users?sort_by=${sort}&page=${1 + i}` })),
        calls,
      ),
    ),
  );
  figures.push(
    await operator.measure(
      'users: plan, status, activity filters',
      cycle(
        [
          { path: '/api/v1/admin/users?plan=entry&status=active&sort_by=last_active' },
          { path: '/api/v1/admin/users?status=past_due&sort_by=requests' },
          { path: '/api/v1/admin/users?last_active_days=7&sort_by=requests&order=desc' },
          { path: '/api/v1/admin/users?min_requests=1000&sort_by=joined' },
          { path: '/api/v1/admin/users?plan=high&search=gmail&sort_by=email&order=asc' },
        ],
        calls,
      ),
    ),
  );
  // Each call a parameter set not asked before: the 5-minute cache never answers.
  const perDay = [undefined, ...ROUTES].flatMap((endpoint) => [90, 89, 88, 87, 86, 85].map((days) => ({ days, endpoint })));
  const uncached = perDay.slice(0, Math.min(perDay.length, Math.max(calls, 30))).sort((a, b) => b.days - a.days);
  figures.push(
    await operator.measure(
      'stats/requests-per-day 90 days, uncached',
      uncached.map(({ days, endpoint }) => ({
        path: `/api/v1/admin/stats/requests-per-day?days=${days}${endpoint ? `&endpoint=${encodeURIComponent(endpoint)}` : ''}`,
      })),
    ),
  );
  figures.push(await operator.measure('stats/requests-per-day 90 days, cached', cycle([{ path: '/api/v1/admin/stats/requests-per-day?days=90' }], calls)));
  figures.push(await operator.measure('stats/new-users-daily 90 days', cycle([{ path: '/api/v1/admin/stats/new-users-daily?days=90' }], calls)));
  figures.push(await operator.measure('stats/usage', cycle([usage], calls)));
  figures.push(await operator.measure('revenue-analytics 30d', cycle([{ path: '/api/v1/admin/revenue-analytics?range=30d' }], calls)));
  figures.push(await operator.measure('revenue-analytics 12m', cycle([{ path: '/api/v1/admin/revenue-analytics?range=12m' }], calls)));
  // A 5-step funnel defined (POST answers it evaluated) and deleted again after each call.
  const funnels = [
    [7, 30],
    [14, 90],
    [30, 180],
    [30, 365],
  ].map(([window, period]) => ({
    method: 'POST' as const,
    path: '/api/v1/admin/analytics/funnels',
    body: { name: `activation ${window}/${period}`, steps: FUNNEL_STEPS.map((event) => ({ event })), conversion_window_days: window, period_days: period },
  }));
  const removeFunnel = async (answer: unknown) => {
    await operator.send({ method: 'DELETE', path: `/api/v1/admin/analytics/funnels/${(answer as { id: string }).id}` });
  };
  figures.push(await operator.measure('analytics/funnels 5 steps, 30 days', cycle([funnels[0]!], calls), removeFunnel));
  figures.push(await operator.measure('analytics/funnels 5 steps, 365 days', cycle([funnels[3]!], calls), removeFunnel));
  figures.push(await operator.measure('analytics/funnels 5 steps, mixed periods', cycle(funnels, calls), removeFunnel));
  figures.push(
    await operator.measure(
      'analytics/matured-signup-funnel',
      cycle(
        [
          { path: '/api/v1/admin/analytics/matured-signup-funnel' },
          { path: '/api/v1/admin/analytics/matured-signup-funnel?cohort_days=7&cohorts=26' },
          { path: '/api/v1/admin/analytics/matured-signup-funnel?cohort_days=60&cohorts=52' },
        ],
        calls,
      ),
    ),
  );
  figures.push(await operator.measure('vedic-chat/metrics 30 days', cycle([{ path: '/api/v1/admin/vedic-chat/metrics?days=30' }], calls)));
  figures.push(
    await operator.measure(
      'users/{id}/logs, 50 and 500',
      cycle(
        busyUsers.flatMap((id) =>
          [50, 500].map((limit) => ({
            path: `/api/v1/admin/users/${encodeURIComponent(id)}/logs?limit=${limit}`,
          })),
        ),
        calls,
      ),
    ),
  );
  return figures;
}

/**
 * Natal throughput of two servers on the seeded database, one maintaining the rollups and one
 * not, in alternating rounds (on, off, on, ...), medians compared.
 */
async function measureRollupCost(
  env: Record<string, string>,
  options: { durationSeconds: number; connections: number; rounds: number },
): Promise<RollupFigures> {
  const on = await startBenchServer({ ...env, USAGE_ROLLUPS: 'true' });
  const off = await startBenchServer({ ...env, USAGE_ROLLUPS: 'false' });
  try {
    const natal = (server: BenchServer, durationSeconds = options.durationSeconds) => ({
      durationSeconds,
      connections: options.connections,
      url: `${server.url}/api/v1/natal/calculate`,
      method: 'POST' as const,
      headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
      body: () => JSON.stringify(randomBirth()),
    });
    for (const server of [on, off]) await runLoad('warmup', natal(server, 2));
    // Which goes first alternates too, so that neither always follows the other's leftovers.
    const [ons, offs] = (await alternatingRounds(
      [on, off],
      async (server) => {
        const result = await runLoad(server === on ? 'natal, rollups on' : 'natal, rollups off', natal(server));
        await settle();
        return result;
      },
      { rounds: options.rounds, order: 'rotated' },
    )) as [LoadResult[], LoadResult[]];
    for (const r of [...ons, ...offs]) if (r.non2xx || r.errors) throw new Error(`${r.name}: ${r.non2xx} non-2xx responses and ${r.errors} errors`);
    const pick = (runs: LoadResult[]) => runs.find((r) => r.requestsPerSecond === median(runs.map((x) => x.requestsPerSecond)))!;
    const onRun = pick(ons);
    const offRun = pick(offs);
    return {
      on: onRun,
      off: offRun,
      ratio: onRun.requestsPerSecond / offRun.requestsPerSecond,
      rounds: { on: ons.map((r) => r.requestsPerSecond), off: offs.map((r) => r.requestsPerSecond) },
    };
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
}

export async function benchAdmin(options: {
  env: Record<string, string>;
  calls: number;
  durationSeconds: number;
  connections: number;
  rounds: number;
  /**
   * A database name to keep between runs (BENCH_ADMIN_DATABASE): seeded the first time, then only
   * migrated and reused, never dropped. Absent: a new database, dropped at the end.
   */
  keepDatabase?: string;
  onSeedStep?: (t: SeedTiming) => void;
  /** Each endpoint's figures as soon as they are measured. */
  onEndpoint?: (e: AdminEndpointFigures) => void;
}): Promise<AdminFigures> {
  const serverUrl = options.env.DATABASE_URL;
  if (!serverUrl) throw new Error('the admin section needs DATABASE_URL (a PostgreSQL server it may create a database on)');
  const started = performance.now();
  const kept = options.keepDatabase ? await keptBenchDatabase(serverUrl, options.keepDatabase) : null;
  const database = kept ?? (await createBenchDatabase(serverUrl, 'astro_bench_admin'));
  try {
    const steps = [
      { step: kept && !kept.created ? 'reuse the seeded database, migrate' : 'create database and migrate', seconds: (performance.now() - started) / 1000 },
    ];
    options.onSeedStep?.(steps[0]!);
    if (!kept || kept.created) {
      steps.push(...(await seedAdminData(database.url, options.onSeedStep)));
      await markSeeded(database.url);
    } else {
      await assertSeeded(database.url);
    }
    const seed = { users: SEED_USERS, requests: SEED_REQUESTS, historyDays: HISTORY_DAYS, seconds: (performance.now() - started) / 1000, steps };

    const env = {
      ...options.env,
      DATABASE_URL: database.url,
      COMPUTE_MODE: 'pool',
      ADMIN_USERNAME: USERNAME,
      ADMIN_PASSWORD_HASH: await hashAdminPassword(PASSWORD),
    };
    const server = await startBenchServer(env);
    let endpoints: AdminEndpointFigures[];
    const referenceTimes: number[] = [];
    try {
      const busyUsers = await busiestLoggedUsers(server, 5);
      referenceTimes.push(...(await referenceQuery(database.url, 10)));
      endpoints = await measureEndpoints(server, options.calls, busyUsers, options.onEndpoint ?? (() => {}));
      referenceTimes.push(...(await referenceQuery(database.url, 10)));
    } finally {
      await server.stop();
    }
    referenceTimes.sort((a, b) => a - b);
    const reference = { name: REFERENCE_NAME, p50Ms: percentile(referenceTimes, 50), p95Ms: percentile(referenceTimes, 95) };
    const rollups = await measureRollupCost(env, options);
    return { seed, reference, endpoints, rollups };
  } finally {
    await database.drop();
  }
}

/** A kept database is reused only once its seed completed (a run stopped mid-seed leaves none). */
async function markSeeded(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, (client) =>
    client.query('create table if not exists bench_seeded (seeded_at timestamptz not null default now()); insert into bench_seeded default values'),
  );
}

async function assertSeeded(databaseUrl: string): Promise<void> {
  const { rows } = await withClient(databaseUrl, (client) => client.query<{ seeded: boolean }>(`select to_regclass('bench_seeded') is not null as seeded`));
  if (!rows[0]?.seeded) throw new Error('BENCH_ADMIN_DATABASE names a database whose seed did not complete: drop it and run again');
}

const REFERENCE_NAME = 'PostgreSQL counts 1,000,000 generated rows';

async function referenceQuery(databaseUrl: string, times: number): Promise<number[]> {
  return withClient(databaseUrl, async (client) => {
    const ms: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      await client.query('select count(*) from generate_series(1, 1000000)');
      ms.push(performance.now() - started);
    }
    return ms;
  });
}

/** Users with raw log segments: the busiest ones by request count (the seed logged the top 20). */
async function busiestLoggedUsers(server: BenchServer, count: number): Promise<string[]> {
  const operator = new Operator(server.url);
  await operator.login();
  const page = (await operator.send({ path: `/api/v1/admin/users?sort_by=requests&order=desc&per_page=${count}` })) as { items: { id: string }[] };
  return page.items.slice(0, count).map((u) => u.id);
}

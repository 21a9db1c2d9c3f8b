/**
 * `npm run bench`: starts the service, drives it with autocannon, prints tables and records the
 * figures with the machine's description under bench/results/.
 *
 * Environment: BENCH_ONLY (comma-separated sections: natal, transits, export, endpoints, render,
 * png-memory, interpretation, reports, astrocartography, vedic-daily, electional, admin; default all but electional (its own
 * server and natal in alternating rounds: bench/electional.bench.ts) and admin, which needs DATABASE_URL and seeds a
 * database of its own), BENCH_DURATION seconds per run (default 10), BENCH_CONNECTIONS (default 32),
 * BENCH_MODES (how the natal and transits sections run the service: `inline` and `pool`, compute modes
 * of one process, and `processes`, one process per core with their default mixed mode; default all
 * three with DATABASE_URL and REDIS_URL, the first two otherwise), BENCH_ROUNDS
 * (alternating rounds of the natal and transits comparisons, default 5; their floors run for twice
 * BENCH_DURATION), BENCH_ADMIN_CALLS (calls per admin endpoint, default 40), BENCH_ADMIN_DATABASE
 * (a database name on the DATABASE_URL server for the admin section to keep between runs: seeded on
 * the first run, then reused with only the pending migrations applied; without it each run seeds a
 * new database, about four minutes, and drops it at the end); DATABASE_URL to run
 * against PostgreSQL (embedded PGlite otherwise).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { benchNatal, NATAL_ROUTE, TRANSITS_ROUTE, type BenchRoute } from './natal.bench.ts';
import { benchExport } from './export.bench.ts';
import { benchEndpoints } from './endpoints.bench.ts';
import { benchRender } from './render.bench.ts';
import { benchPngMemory } from './png-memory.bench.ts';
import { benchInterpretation } from './interpretation.bench.ts';
import { benchAdmin, TARGET_MS, type AdminEndpointFigures } from './admin.bench.ts';
import { benchReports } from './reports.bench.ts';
import { benchElectional, printElectional } from './electional.bench.ts';
import { benchAstrocartography, printAstrocartography } from './astrocartography.bench.ts';
import { machineDescription } from './machine.ts';
import { exportLibraryFloor } from './library-floor.ts';
import { floors } from './floors.ts';
import { natalTaskSplit } from './natal-task-split.ts';
import { benchVedicDaily, printVedicDaily } from './vedic-daily.bench.ts';

const only = new Set(
  (process.env.BENCH_ONLY ?? 'natal,transits,export,endpoints,render,png-memory,interpretation,reports,astrocartography,vedic-daily').split(','),
);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const sharedServers = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
// `processes` (one API process per core, bench/natal.bench.ts) needs PostgreSQL and Redis.
const modes = (process.env.BENCH_MODES ?? (sharedServers ? 'inline,pool,processes' : 'inline,pool')).split(',');
if (modes.includes('processes') && !sharedServers) throw new Error('BENCH_MODES=processes needs DATABASE_URL and REDIS_URL');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const env: Record<string, string> = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {};
if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
// On a shared database the service needs a configured secret; the servers of one run share one.
if (env.DATABASE_URL) env.AUTH_JWT_SECRET = process.env.AUTH_JWT_SECRET ?? randomBytes(32).toString('hex');

const num = (n: number, digits = 0) => n.toFixed(digits).padStart(9);
const record: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: machineDescription(),
  database: env.DATABASE_URL ? 'postgresql' : 'embedded',
  redis: env.REDIS_URL ? 'redis' : 'in-process',
};

/** A route's floors (library, task, their ratio) and its served figures (full, bare, minimal) with latencies. */
async function servedAndFloors(label: string, kind: 'natal' | 'transits', route: BenchRoute) {
  const served = await benchNatal({ durationSeconds, connections, modes, env, rounds, route });
  const floor = await floors(kind, durationSeconds * 2);
  const what =
    kind === 'natal'
      ? 'library: the Swiss Ephemeris alone, ΔT, obliquity, 13 bodies, houses; task: the natal task (chart, aspects, presentation, JSON bytes)'
      : 'library: the Swiss Ephemeris alone, natal chart (ΔT, obliquity, 13 bodies, houses) + transit instant (ΔT, obliquity, 13 bodies); task: the transits task (both charts, aspects, interpretation, JSON bytes)';
  const rates = (xs: number[]) => xs.map((x) => x.toFixed(0)).join('/');
  console.log(
    `\n${label}: floors (random requests, ${floor.threads} threads, no HTTP, no pool; alternating 50 ms batches for ${durationSeconds * 2} s, medians of ${floor.batches} batches each)`,
  );
  console.log(`  ${what}`);
  console.log(
    `  library floor ${num(floor.libraryPerSecond)} charts/s (${floor.libraryMicros.toFixed(0)} µs)   task floor ${num(floor.taskPerSecond)} charts/s (${floor.taskMicros.toFixed(0)} µs)   task/library time per chart ${floor.taskToLibrary.toFixed(2)}`,
  );
  console.log(`${label} served (${connections} connections, ${durationSeconds}s runs, median of ${rounds} alternating rounds, every request different)`);
  console.log(`${'mode'.padEnd(9)} ${'route'.padEnd(34)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'vs full'.padStart(9)}`);
  for (const f of served) {
    const row = (name: string, r: { requestsPerSecond: number; p50Ms: number; p99Ms: number }, ratio: string) =>
      console.log(`${f.mode.padEnd(9)} ${name.padEnd(34)} ${num(r.requestsPerSecond)} ${num(r.p50Ms, 1)} ${num(r.p99Ms, 1)} ${ratio.padStart(9)}`);
    row('GET /healthz (trivial)', f.baseline, '');
    row(`full: ${route.path}`, f.natal, '1.00');
    row('bare: same route, no platform layers', f.bare, (f.bare.requestsPerSecond / f.natal.requestsPerSecond).toFixed(2));
    if (f.minimal) row('minimal natal-only server', f.minimal, (f.minimal.requestsPerSecond / f.natal.requestsPerSecond).toFixed(2));
    row('the same answer object, bare Fastify', f.sameAnswer, (f.sameAnswer.requestsPerSecond / f.natal.requestsPerSecond).toFixed(2));
    row('full, Accept-Encoding: gzip', f.gzip, f.gzipShare.toFixed(2));
    console.log(
      `${''.padEnd(9)} full/same-answer ${f.sameAnswerShare.toFixed(2)}   full/bare ${f.platformShare.toFixed(2)}${f.minimalShare !== undefined ? `   full/minimal ${f.minimalShare.toFixed(2)}` : ''}   full/trivial ${f.ratio.toFixed(2)}   full/task floor ${(f.natal.requestsPerSecond / floor.taskPerSecond).toFixed(2)}   bare/task floor ${(f.bare.requestsPerSecond / floor.taskPerSecond).toFixed(2)}`,
    );
    console.log(
      `${''.padEnd(9)} warmed until steady (two 2-s runs within 5%): ${f.warmupRuns.join('/')} runs (full/bare${f.minimal ? '/minimal' : ''}/same answer)`,
    );
    console.log(
      `${''.padEnd(9)} rounds req/s: full ${rates(f.rounds.full)}, bare ${rates(f.rounds.bare)}${f.minimal ? `, minimal ${rates(f.rounds.minimal)}` : ''}, same answer ${rates(f.rounds.sameAnswer)}, gzip ${rates(f.rounds.gzip)}`,
    );
    const cpu = f.cpuMicrosPerRequest;
    console.log(
      `${''.padEnd(9)} service CPU per request (all threads; Redis and PostgreSQL not included): full ${cpu.full.toFixed(0)} µs, bare ${cpu.bare.toFixed(0)} µs${cpu.minimal !== undefined ? `, minimal ${cpu.minimal.toFixed(0)} µs` : ''}, same answer ${cpu.sameAnswer.toFixed(0)} µs, full with gzip ${cpu.gzip.toFixed(0)} µs`,
    );
    // What the box's cores would serve doing nothing but the task (at its floor) and sending its
    // bytes (at the same-answer server's cost): a ceiling no run reaches, since the load generator,
    // Redis and PostgreSQL share the cores, but one that moves with the machine like the route does.
    const ceiling = (floor.threads * 1e6) / (floor.taskMicros + cpu.sameAnswer);
    console.log(
      `${''.padEnd(9)} CPU ceiling ${ceiling.toFixed(0)} req/s (${floor.threads} cores / (task floor ${floor.taskMicros.toFixed(0)} µs + same-answer serving ${cpu.sameAnswer.toFixed(0)} µs)): full/ceiling ${(f.natal.requestsPerSecond / ceiling).toFixed(2)}`,
    );
  }
  return { served, floors: floor };
}

if (only.has('natal')) {
  const natal = await servedAndFloors('natal', 'natal', NATAL_ROUTE);
  record.natal = natal.served;
  record.natal_floors = natal.floors;
  const split = natalTaskSplit(20);
  const m = split.micros;
  const step = (a: number, b: number) => `${(b - a).toFixed(0)} µs`;
  console.log(`where the natal task's time goes (in process, one thread, CPU time, median of ${split.batches} interleaved batches of 200 random births):`);
  console.log(
    `  library unit ${m.library.toFixed(0)} µs; task ${m.task.toFixed(0)} µs = ${(m.task / m.library).toFixed(2)}× the library unit: moment ${m.moment.toFixed(0)} µs, chart + aspects ${step(m.moment, m.cast)}, answer on the JSON tape ${step(m.cast, m.task)}`,
  );
  console.log(
    `  the older path (answer objects ${step(m.cast, m.objects)}, JSON.stringify ${step(m.objects, m.stringify)}, UTF-8 bytes ${step(m.stringify, m.encoded)}): ${m.encoded.toFixed(0)} µs = ${(m.encoded / m.library).toFixed(2)}× the library unit`,
  );
  record.natal_task_split = split;
}

if (only.has('transits')) {
  const transits = await servedAndFloors('transits', 'transits', TRANSITS_ROUTE);
  record.transits = transits.served;
  record.transits_floors = transits.floors;
}

if (only.has('export')) {
  const exports = await benchExport(env);
  console.log('\nstreamed CSV export (GET /api/v1/ephemeris, format csv)');
  console.log(
    `${'export'.padEnd(26)} ${'rows'.padStart(9)} ${'seconds'.padStart(9)} ${'rows/s'.padStart(9)} ${'MB'.padStart(7)} ${'RSS start'.padStart(10)} ${'RSS max'.padStart(9)} ${'RSS end'.padStart(9)}`,
  );
  const rowsFloor = await exportLibraryFloor(5);
  console.log(
    `library floor: the Swiss Ephemeris alone, consecutive daily rows of 13 bodies on ${rowsFloor.threads} threads, no formatting: ${rowsFloor.rowsPerSecond.toFixed(0)} rows/s`,
  );
  record.export_library_floor = rowsFloor;
  for (const e of exports)
    console.log(
      `${e.label.padEnd(26)} ${num(e.rows)} ${num(e.seconds, 2)} ${num(e.rowsPerSecond)} ${e.megabytes.toFixed(1).padStart(7)} ${e.rssStartMb.toFixed(0).padStart(10)} ${e.rssMaxMb.toFixed(0).padStart(9)} ${e.rssEndMb.toFixed(0).padStart(9)}`,
    );
  record.export = exports;
}

if (only.has('endpoints')) {
  const results = await benchEndpoints(env, Math.max(3, Math.round(durationSeconds / 2)), Math.min(connections, 16));
  const baseline = results[0]!.requestsPerSecond;
  console.log(`\nother endpoints (every request different; ratio to the trivial route of the same server)`);
  console.log(`${'route'.padEnd(40)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'ratio'.padStart(9)}`);
  for (const r of results)
    console.log(`${r.name.padEnd(40)} ${num(r.requestsPerSecond, 1)} ${num(r.p50Ms, 1)} ${num(r.p99Ms, 1)} ${num(r.requestsPerSecond / baseline, 3)}`);
  record.endpoints = results;
}

if (only.has('render')) {
  const render = benchRender();
  console.log('\nchart drawing in process (median of repeated runs)');
  for (const r of render) console.log(`${r.label.padEnd(44)} median ${r.medianMs.toFixed(2).padStart(7)} ms   p90 ${r.p90Ms.toFixed(2).padStart(7)} ms`);
  record.render = render;
}

if (only.has('png-memory')) {
  const m = await benchPngMemory(env);
  console.log(`\nservice memory while drawing ${m.images} PNG charts of ${m.pixels} pixels, two at a time (${m.secondsPerImage.toFixed(2)} s per image)`);
  console.log(
    `RSS idle ${m.rssIdleMb.toFixed(0)} MB   after the first 10 ${m.rssAfterFirstBatchMb.toFixed(0)} MB   after all ${m.rssAfterLastBatchMb.toFixed(0)} MB   peak ${m.rssPeakMb.toFixed(0)} MB   last/first ${(m.rssAfterLastBatchMb / m.rssAfterFirstBatchMb).toFixed(2)}`,
  );
  record.png_memory = m;
}

if (only.has('interpretation')) {
  const figures = benchInterpretation();
  console.log('\ninterpretation text in process (median per chart over random births; wall and CPU time)');
  for (const f of figures)
    console.log(
      `${f.library.padEnd(22)} ${f.label.padEnd(58)} ${f.microsPerChart.toFixed(1).padStart(9)} µs ${f.cpuMicrosPerChart.toFixed(1).padStart(9)} µs cpu`,
    );
  record.interpretation = figures;
}

if (only.has('reports')) {
  const r = await benchReports(env);
  console.log(`\nreports end to end (warm worker in the server process, ${r.concurrency} jobs at once, paid with credits, polling every 50 ms)`);
  console.log(
    `submit to completed, one at a time: p50 ${r.latency.p50Ms.toFixed(0)} ms, p95 ${r.latency.p95Ms.toFixed(0)} ms (min ${r.latency.minMs.toFixed(0)}, max ${r.latency.maxMs.toFixed(0)}, ${r.latency.samples} reports)`,
  );
  console.log(
    `throughput: ${r.throughput.reports} reports submitted at once done in ${r.throughput.seconds.toFixed(1)} s = ${r.throughput.reportsPerMinute.toFixed(1)} reports/minute per worker process`,
  );
  console.log(`PDF: ${(r.pdfBytes / 1024).toFixed(0)} KiB, ${r.pages} pages`);
  record.reports = r;
}

if (only.has('electional')) {
  const e = await benchElectional(Math.max(3, Math.round(durationSeconds / 2)), Math.max(2, Math.min(rounds, 3)));
  printElectional(e);
  record.electional = e;
}

if (only.has('astrocartography')) {
  // Lines, city check and parans against natal in one server (its own rounds), then where the time goes in process.
  const acgRounds = Math.max(3, Math.min(rounds, 5));
  const acg = await benchAstrocartography(durationSeconds, acgRounds);
  printAstrocartography(acg, durationSeconds, acgRounds);
  record.astrocartography = acg;
}

if (only.has('vedic-daily')) {
  // Half-length rounds (at least 4 s), as the endpoints section runs: three loads a round.
  const figures = await benchVedicDaily({ seconds: Math.max(4, Math.round(durationSeconds / 2)), rounds, env });
  printVedicDaily(figures);
  record.vedic_daily = figures;
}

if (only.has('admin')) {
  const adminHeader = `${'endpoint'.padEnd(44)} ${'calls'.padStart(6)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'max ms'.padStart(9)} ${'target'.padStart(7)}`;
  const adminRow = (e: AdminEndpointFigures) =>
    `${e.name.padEnd(44)} ${String(e.calls).padStart(6)} ${num(e.p50Ms, 1)} ${num(e.p95Ms, 1)} ${num(e.maxMs, 1)} ${String(TARGET_MS).padStart(7)}   ${e.ok ? 'ok' : 'over'}`;
  console.log(
    `\nadmin endpoints at production size: ${process.env.BENCH_ADMIN_DATABASE ? `the kept database ${process.env.BENCH_ADMIN_DATABASE} (seeded if new)` : 'seeding a new database'} on the DATABASE_URL server`,
  );
  const admin = await benchAdmin({
    env,
    calls: Number(process.env.BENCH_ADMIN_CALLS ?? 40),
    durationSeconds,
    connections,
    rounds,
    keepDatabase: process.env.BENCH_ADMIN_DATABASE || undefined,
    onSeedStep: (t) => console.log(`  ${t.step.padEnd(40)} ${t.seconds.toFixed(1).padStart(7)} s`),
    onEndpoint: (e) => console.log(`  measured: ${adminRow(e)}`),
  });
  const { seed } = admin;
  console.log(
    `seeded ${seed.users.toLocaleString('en')} users and ${seed.requests.toLocaleString('en')} requests over ${seed.historyDays} days in ${seed.seconds.toFixed(1)} s`,
  );
  console.log(`\none operator's calls, one at a time (the whole answer read); target p95 ${TARGET_MS} ms`);
  console.log(adminHeader);
  for (const e of admin.endpoints) console.log(`${adminRow(e)}   ${(e.p95Ms / admin.reference.p50Ms).toFixed(2)}× ref`);
  console.log(
    `ref: ${admin.reference.name}, asked directly before and after the calls: p50 ${admin.reference.p50Ms.toFixed(1)} ms, p95 ${admin.reference.p95Ms.toFixed(1)} ms (how loaded the box was)`,
  );
  const r = admin.rollups;
  console.log(
    `\nnatal throughput with the usage rollups maintained vs not (USAGE_ROLLUPS; ${connections} connections, ${durationSeconds}s runs, median of ${rounds} alternating rounds, on the seeded database)`,
  );
  console.log(
    `rollups on  ${num(r.on.requestsPerSecond)} req/s   p50 ${num(r.on.p50Ms, 1)} ms   p99 ${num(r.on.p99Ms, 1)} ms   rounds ${r.rounds.on.map((x) => x.toFixed(0)).join('/')}`,
  );
  console.log(
    `rollups off ${num(r.off.requestsPerSecond)} req/s   p50 ${num(r.off.p50Ms, 1)} ms   p99 ${num(r.off.p99Ms, 1)} ms   rounds ${r.rounds.off.map((x) => x.toFixed(0)).join('/')}`,
  );
  console.log(
    `on/off ${r.ratio.toFixed(3)}: the rollups cost ${((1 - r.ratio) * 100).toFixed(1)} % of the throughput (target: at most 5 %) ${r.ratio >= 0.95 ? 'ok' : 'over'}`,
  );
  record.admin = admin;
}

const file = path.join(import.meta.dirname, 'results', `${String(record.date).slice(0, 19).replace(/:/g, '-')}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
console.log(`\nrecorded in ${path.relative(process.cwd(), file)}`);

/**
 * `npm run bench`: starts the service, drives it with autocannon, prints tables and records the
 * figures with the machine's description under bench/results/.
 *
 * Environment: BENCH_ONLY (comma-separated sections: natal, export, endpoints, render; default
 * all), BENCH_DURATION seconds per run (default 10), BENCH_CONNECTIONS (default 32),
 * BENCH_MODES (compute modes for the natal section, default "inline,pool"), BENCH_ROUNDS
 * (alternating rounds of the natal comparison, default 5); DATABASE_URL to run
 * against PostgreSQL (embedded PGlite otherwise).
 */
import fs from 'node:fs';
import path from 'node:path';
import { benchNatal } from './natal.bench.ts';
import { benchExport } from './export.bench.ts';
import { benchEndpoints } from './endpoints.bench.ts';
import { benchRender } from './render.bench.ts';
import { machineDescription } from './machine.ts';
import { libraryFloor } from './library-floor.ts';
import { taskFloor } from './task-floor.ts';

const only = new Set((process.env.BENCH_ONLY ?? 'natal,export,endpoints,render').split(','));
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const modes = (process.env.BENCH_MODES ?? 'inline,pool').split(',');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const env: Record<string, string> = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {};
if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;

const num = (n: number, digits = 0) => n.toFixed(digits).padStart(9);
const record: Record<string, unknown> = { date: new Date().toISOString(), machine: machineDescription(), database: env.DATABASE_URL ? 'postgresql' : 'embedded', redis: env.REDIS_URL ? 'redis' : 'in-process' };

if (only.has('natal')) {
  const natal = await benchNatal({ durationSeconds, connections, modes, env, rounds });
  console.log(`\nnatal throughput vs a trivial JSON route (${connections} connections, ${durationSeconds}s runs, median of ${rounds} alternating rounds, every request a different birth)`);
  console.log(`${'mode'.padEnd(8)} ${'route'.padEnd(30)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'ratio'.padStart(9)}`);
  for (const f of natal) {
    console.log(`${f.mode.padEnd(8)} ${f.baseline.name.padEnd(30)} ${num(f.baseline.requestsPerSecond)} ${num(f.baseline.p50Ms, 1)} ${num(f.baseline.p99Ms, 1)} ${num(1, 2)}`);
    console.log(`${f.mode.padEnd(8)} ${f.natal.name.padEnd(30)} ${num(f.natal.requestsPerSecond)} ${num(f.natal.p50Ms, 1)} ${num(f.natal.p99Ms, 1)} ${num(f.ratio, 2)}`);
  }
  const floor = await libraryFloor(5);
  const bestBaseline = Math.max(...natal.map((f) => f.baseline.requestsPerSecond));
  console.log(`library floor: the Swiss Ephemeris alone (13 bodies + houses, random births, ${floor.threads} threads, no HTTP): ${floor.chartsPerSecond.toFixed(0)} charts/s = ${(floor.chartsPerSecond / bestBaseline).toFixed(2)} of the trivial route`);
  record.library_floor = floor;
  const task = await taskFloor(5);
  console.log(`task floor: the service's natal task alone (chart, aspects, presentation, JSON bytes; random births, ${task.threads} threads, no HTTP, no pool): ${task.chartsPerSecond.toFixed(0)} charts/s = ${(task.chartsPerSecond / bestBaseline).toFixed(2)} of the trivial route; the pool-served route reaches ${(Math.max(...natal.map((f) => f.natal.requestsPerSecond)) / task.chartsPerSecond).toFixed(2)} of it`);
  record.task_floor = task;
  const rates = (xs: number[]) => xs.map((x) => x.toFixed(0)).join('/');
  console.log('\nplatform layers (key auth, rate limits, idempotency, usage log, metrics): the full natal route vs the same service without them (bare),');
  console.log('and vs a minimal natal-only server (no logger, no other routes)');
  for (const f of natal) {
    console.log(`${f.mode.padEnd(8)} full ${num(f.natal.requestsPerSecond)} req/s   bare ${num(f.bare.requestsPerSecond)} req/s   full/bare ${num(f.platformShare, 2)}   minimal ${num(f.minimal.requestsPerSecond)} req/s   full/minimal ${num(f.minimalShare, 2)}`);
    console.log(`${''.padEnd(8)} rounds: full ${rates(f.rounds.full)}, bare ${rates(f.rounds.bare)}, minimal ${rates(f.rounds.minimal)}`);
  }
  console.log('service process CPU per natal request (all threads; Redis and PostgreSQL not included)');
  for (const f of natal) console.log(`${f.mode.padEnd(8)} full ${num(f.cpuMicrosPerRequest.full)} µs   bare ${num(f.cpuMicrosPerRequest.bare)} µs   minimal ${num(f.cpuMicrosPerRequest.minimal)} µs   bare/full ${num(f.cpuMicrosPerRequest.bare / f.cpuMicrosPerRequest.full, 2)}`);
  record.natal = natal;
}

if (only.has('export')) {
  const exports = await benchExport(env);
  console.log('\nstreamed CSV export (GET /api/v1/ephemeris, format csv)');
  console.log(`${'export'.padEnd(26)} ${'rows'.padStart(9)} ${'seconds'.padStart(9)} ${'rows/s'.padStart(9)} ${'MB'.padStart(7)} ${'RSS start'.padStart(10)} ${'RSS max'.padStart(9)} ${'RSS end'.padStart(9)}`);
  const rowsFloor = await libraryFloor(5, true);
  console.log(`library floor: the Swiss Ephemeris alone, consecutive daily rows of 13 bodies on ${rowsFloor.threads} threads, no formatting: ${rowsFloor.chartsPerSecond.toFixed(0)} rows/s`);
  record.export_library_floor = rowsFloor;
  for (const e of exports) console.log(`${e.label.padEnd(26)} ${num(e.rows)} ${num(e.seconds, 2)} ${num(e.rowsPerSecond)} ${e.megabytes.toFixed(1).padStart(7)} ${e.rssStartMb.toFixed(0).padStart(10)} ${e.rssMaxMb.toFixed(0).padStart(9)} ${e.rssEndMb.toFixed(0).padStart(9)}`);
  record.export = exports;
}

if (only.has('endpoints')) {
  const results = await benchEndpoints(env, Math.max(3, Math.round(durationSeconds / 2)), Math.min(connections, 16));
  const baseline = results[0]!.requestsPerSecond;
  console.log(`\nother endpoints (every request different; ratio to the trivial route of the same server)`);
  console.log(`${'route'.padEnd(40)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'ratio'.padStart(9)}`);
  for (const r of results) console.log(`${r.name.padEnd(40)} ${num(r.requestsPerSecond, 1)} ${num(r.p50Ms, 1)} ${num(r.p99Ms, 1)} ${num(r.requestsPerSecond / baseline, 3)}`);
  record.endpoints = results;
}

if (only.has('render')) {
  const render = benchRender();
  console.log('\nchart drawing in process (median of repeated runs)');
  for (const r of render) console.log(`${r.label.padEnd(44)} median ${r.medianMs.toFixed(2).padStart(7)} ms   p90 ${r.p90Ms.toFixed(2).padStart(7)} ms`);
  record.render = render;
}

const file = path.join(import.meta.dirname, 'results', `${String(record.date).slice(0, 19).replace(/:/g, '-')}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
console.log(`\nrecorded in ${path.relative(process.cwd(), file)}`);

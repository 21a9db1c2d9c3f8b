/**
 * `npm run bench`: starts the service, drives it with autocannon, prints a table and records
 * the figures with the machine's description under bench/results/.
 *
 * Options (environment): BENCH_DURATION seconds per run (default 10), BENCH_CONNECTIONS
 * (default 32), BENCH_MODES (default "inline,pool"); DATABASE_URL to run against PostgreSQL
 * (embedded PGlite otherwise).
 */
import fs from 'node:fs';
import path from 'node:path';
import { benchNatal } from './natal.bench.ts';
import { machineDescription } from './machine.ts';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const modes = (process.env.BENCH_MODES ?? 'inline,pool').split(',');
const env: Record<string, string> = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {};

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(9);

const natal = await benchNatal({ durationSeconds, connections, modes, env });
const lines = [
  `natal throughput vs a trivial JSON route (${connections} connections, ${durationSeconds}s each, every request a different birth)`,
  `${'mode'.padEnd(8)} ${'route'.padEnd(30)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'ratio'.padStart(9)}`,
];
for (const f of natal) {
  lines.push(`${f.mode.padEnd(8)} ${f.baseline.name.padEnd(30)} ${fmt(f.baseline.requestsPerSecond)} ${fmt(f.baseline.p50Ms, 1)} ${fmt(f.baseline.p99Ms, 1)} ${fmt(1, 2)}`);
  lines.push(`${f.mode.padEnd(8)} ${f.natal.name.padEnd(30)} ${fmt(f.natal.requestsPerSecond)} ${fmt(f.natal.p50Ms, 1)} ${fmt(f.natal.p99Ms, 1)} ${fmt(f.ratio, 2)}`);
}
console.log(lines.join('\n'));

const record = { date: new Date().toISOString(), machine: machineDescription(), database: env.DATABASE_URL ? 'postgresql' : 'embedded', natal };
const file = path.join(import.meta.dirname, 'results', `${record.date.slice(0, 19).replace(/:/g, '-')}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
console.log(`recorded in ${path.relative(process.cwd(), file)}`);

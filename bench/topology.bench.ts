/**
 * `npm run bench:topology`: the topology run of bench/topology.ts in its long form (90 s, a kill
 * every 5 s, 8 clients; BENCH_TOPOLOGY_SECONDS, BENCH_TOPOLOGY_KILL_SECONDS, BENCH_TOPOLOGY_CLIENTS
 * change it; BENCH_TOPOLOGY_REDIS_FAILOVER=false keeps the Redis master of the report queue alive,
 * which is otherwise killed halfway), against DATABASE_URL. Prints the figures and writes them with the machine's
 * description to bench/results/topology-<time>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { machineDescription } from './machine.ts';
import { runTopology } from './topology.ts';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('bench:topology needs DATABASE_URL (a PostgreSQL server; PgBouncer and the Redis Cluster are started here)');
const figures = await runTopology({
  serverUrl,
  durationSeconds: Number(process.env.BENCH_TOPOLOGY_SECONDS ?? 90),
  killEverySeconds: Number(process.env.BENCH_TOPOLOGY_KILL_SECONDS ?? 5),
  clients: Number(process.env.BENCH_TOPOLOGY_CLIENTS ?? 8),
  quota: 60,
  redisFailover: process.env.BENCH_TOPOLOGY_REDIS_FAILOVER !== 'false',
  log: (line) => console.error(line),
});
console.log(JSON.stringify(figures, null, 2));
const file = path.resolve(import.meta.dirname, 'results', `topology-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, JSON.stringify({ machine: machineDescription(), figures }, null, 2));

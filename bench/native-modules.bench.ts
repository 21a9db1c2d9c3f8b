/**
 * `npm run bench:native`: what each of the project's native modules buys served, in one run.
 *
 * The compiled service (dist/, `npm run build` first) is started once per mode: every native
 * module on, and each module left off in turn (NATIVE_MODULES_OFF, which runs its JavaScript
 * alternative, answering the same bytes). Every mode is loaded with the same requests (a list
 * drawn once from a seeded generator, each run starting at its beginning), in rounds that
 * alternate between the modes endpoint by endpoint, the order turned by one every round, so that
 * the drift of a shared machine weighs on all alike. The figure is the ratio of each round's pair
 * (with the module / without it) and their median: the gain the module buys on that endpoint.
 *
 * Endpoints: natal and compact natal (the tape writer, the lean binding), transits (both), and
 * a month's ephemeris table in JSON (the lean binding; its JSON is not written on the tape). Every
 * request gives a place by coordinates without a zone, so that its zone is looked up in the
 * time-zone tiles, as served requests do. An endpoint that does not use a module is measured too:
 * its ratio is the noise of the run.
 *
 * Each mode's resident memory is printed after the rounds: anonymous (the process's own) and
 * file-backed (its mapped code and data files), so that a module's cost or saving in memory is
 * seen beside its throughput.
 *
 * Variables: NATIVE_BENCH_SECONDS (3), NATIVE_BENCH_ROUNDS (5), NATIVE_BENCH_WARMUP_ROUNDS (1),
 * NATIVE_BENCH_CONNECTIONS (16). The figures go to bench/results/native-modules-<UTC date>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seededRandom } from '../test/helpers/seeded-random.ts';
import { alternatingRounds } from './alternating-rounds.ts';
import { runLoad } from './load.ts';
import { machineDescription } from './machine.ts';
import { median } from './median.ts';
import { cpuSeconds, startBenchServer, type BenchServer } from './server-process.ts';

const seconds = Number(process.env.NATIVE_BENCH_SECONDS ?? 3);
const rounds = Number(process.env.NATIVE_BENCH_ROUNDS ?? 5);
const warmUpRounds = Number(process.env.NATIVE_BENCH_WARMUP_ROUNDS ?? 1);
const connections = Number(process.env.NATIVE_BENCH_CONNECTIONS ?? 16);

type Module = 'json_writer' | 'swe_calc';
const MODULES: Module[] = ['json_writer', 'swe_calc'];
/** The modes: all native, then each module left off alone. */
const MODES: { name: string; off: Module | undefined }[] = [{ name: 'native', off: undefined }, ...MODULES.map((m) => ({ name: `${m} off`, off: m }))];

/** The same requests for every mode: a list drawn once, each run starting at its beginning. */
const REQUESTS_PER_ENDPOINT = 20_000;
const random = seededRandom(20261127);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pad = (n: number) => String(n).padStart(2, '0');
const place = () => ({ lat: Math.round((random() * 120 - 60) * 1e4) / 1e4, lng: Math.round((random() * 360 - 180) * 1e4) / 1e4 });
const birth = () => ({ year: int(1900, 2049), month: int(1, 12), day: int(1, 28), hour: int(0, 23), minute: int(0, 59), ...place() });
const day = () => `${int(1900, 2099)}-${pad(int(1, 12))}-${pad(int(1, 28))}`;
const monthAfter = (start: string) => {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 30);
  return d.toISOString().slice(0, 10);
};

interface Endpoint {
  name: string;
  path: string;
  /** The modules its answer goes through. */
  uses: Module[];
  bodies: string[];
}

const list = (make: () => object) => Array.from({ length: REQUESTS_PER_ENDPOINT }, () => JSON.stringify(make()));
const ENDPOINTS: Endpoint[] = [
  { name: 'natal', path: '/api/v1/natal/calculate', uses: MODULES, bodies: list(birth) },
  { name: 'compact natal', path: '/natal', uses: MODULES, bodies: list(birth) },
  { name: 'transits', path: '/api/v1/transits/calculate', uses: MODULES, bodies: list(() => ({ natal: birth(), transit_date: `${day()}T12:00` })) },
  {
    name: 'ephemeris, 31 days',
    path: '/api/v1/ephemeris/calculate',
    uses: ['swe_calc'],
    bodies: list(() => {
      const start = day();
      return { start, end: monthAfter(start), step: '1d', ...place() };
    }),
  },
];

/** Resident memory of a process in MB: all of it, its own (anonymous) and file-backed (Linux /proc). */
function memoryMb(pid: number): { rss: number; anon: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') };
}

const servers: BenchServer[] = [];
const record: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: machineDescription(),
  seconds,
  rounds,
  warmUpRounds,
  connections,
  loadavg: os.loadavg(),
};
try {
  // One after another, each given minutes to start on a loaded box; report jobs are left to
  // external workers, so that no in-process Chromium starts beside the servers (no report is asked for).
  for (const mode of MODES) {
    servers.push(await startBenchServer({ NATIVE_MODULES_OFF: mode.off ?? '', REPORT_WORKER: 'external' }, [], undefined, { readyTimeoutMs: 300_000 }));
  }
  // The same answer from every mode, or the comparison would mean nothing.
  for (const endpoint of ENDPOINTS) {
    const answers = await Promise.all(
      servers.map(async (server) => {
        const response = await fetch(`${server.url}${endpoint.path}`, {
          method: 'POST',
          headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
          body: endpoint.bodies[0],
        });
        if (response.status !== 200) throw new Error(`${endpoint.name}: ${response.status} ${await response.text()}`);
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    // The answers name no request id or time, so the bytes must agree.
    answers.forEach((answer, i) => {
      if (!answer.equals(answers[0]!)) throw new Error(`${endpoint.name}: ${MODES[i]!.name} answers other bytes than ${MODES[0]!.name}`);
    });
  }

  const contenders = ENDPOINTS.flatMap((endpoint) => servers.map((server, m) => ({ endpoint, server, mode: MODES[m]! })));
  console.log(
    `native modules served (${connections} connections, ${seconds} s runs, ${warmUpRounds} warm-up round(s) discarded, ${rounds} kept; ${contenders.length} runs a round, the order turned each round; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  const rates = await alternatingRounds(
    contenders,
    async ({ endpoint, server, mode }) => {
      let next = 0;
      const cpuBefore = cpuSeconds(server.pid);
      const result = await runLoad(`${endpoint.name}, ${mode.name}`, {
        url: `${server.url}${endpoint.path}`,
        method: 'POST',
        connections,
        durationSeconds: seconds,
        headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
        body: () => endpoint.bodies[next++ % endpoint.bodies.length]!,
      });
      if (result.non2xx || result.errors) throw new Error(`${endpoint.name}, ${mode.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      // The server's CPU (all its threads) per request: what a request costs it, which the load
      // of other processes on a shared machine moves far less than the rate it is served at.
      return { rate: result.requestsPerSecond, cpuMicros: ((cpuSeconds(server.pid) - cpuBefore) * 1e6) / Math.max(1, result.requests) };
    },
    {
      rounds,
      warmUpRounds,
      order: 'rotated',
      afterRound: (results, round) =>
        console.log(`  ${round.warmUp ? 'warm-up' : 'round  '} ${round.number}: ${results.map((r) => r.rate.toFixed(0)).join(' ')} req/s`),
    },
  );
  const memory = servers.map((server) => memoryMb(server.pid));

  const ratesOf = (endpoint: number, mode: number) => rates[endpoint * MODES.length + mode]!;
  const rows = MODULES.flatMap((module, k) =>
    ENDPOINTS.map((endpoint, e) => {
      const withIt = ratesOf(e, 0).map((r) => r.rate);
      const without = ratesOf(e, k + 1).map((r) => r.rate);
      const ratios = withIt.map((rate, r) => rate / without[r]!);
      const cpuWith = ratesOf(e, 0).map((r) => r.cpuMicros);
      const cpuWithout = ratesOf(e, k + 1).map((r) => r.cpuMicros);
      const cpuRatios = cpuWithout.map((cpu, r) => cpu / cpuWith[r]!);
      return {
        module,
        endpoint: endpoint.name,
        uses: endpoint.uses.includes(module),
        withRps: median(withIt),
        withoutRps: median(without),
        ratio: median(ratios),
        ratios,
        cpuWithMicros: median(cpuWith),
        cpuWithoutMicros: median(cpuWithout),
        cpuRatio: median(cpuRatios),
        cpuRatios,
      };
    }),
  );
  const col = (s: string, n: number) => s.padStart(n);
  console.log(
    `\n${'module'.padEnd(12)} ${'endpoint'.padEnd(22)} ${col('with', 6)} ${col('without', 8)} ${col('ratio', 6)}  ${col('cpu µs with', 11)} ${col('without', 8)} ${col('ratio', 6)}   rate ratio per round | cpu ratio per round`,
  );
  for (const r of rows) {
    console.log(
      `${r.module.padEnd(12)} ${`${r.endpoint}${r.uses ? '' : ' (-)'}`.padEnd(22)} ${col(r.withRps.toFixed(0), 6)} ${col(r.withoutRps.toFixed(0), 8)} ${col(r.ratio.toFixed(2), 6)}  ${col(r.cpuWithMicros.toFixed(0), 11)} ${col(r.cpuWithoutMicros.toFixed(0), 8)} ${col(r.cpuRatio.toFixed(2), 6)}   ${r.ratios.map((x) => x.toFixed(2)).join(' ')} | ${r.cpuRatios.map((x) => x.toFixed(2)).join(' ')}`,
    );
  }
  console.log(
    "with, without: requests/s, medians of the kept rounds; ratio: median of the rounds' own ratios (with / without). cpu µs: the server's CPU per request, all threads; its ratio is without / with, the throughput gain of a server whose cores are its own. (-): the endpoint does not use the module, its ratios are the noise",
  );
  console.log(`\n${'mode'.padEnd(18)} ${col('RSS MB', 7)} ${col('anon', 7)} ${col('file', 7)}   (after the rounds)`);
  MODES.forEach((mode, m) =>
    console.log(`${mode.name.padEnd(18)} ${col(memory[m]!.rss.toFixed(0), 7)} ${col(memory[m]!.anon.toFixed(0), 7)} ${col(memory[m]!.file.toFixed(0), 7)}`),
  );
  Object.assign(record, { rows, memory: MODES.map((mode, m) => ({ mode: mode.name, ...memory[m] })), loadavgAfter: os.loadavg() });
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}

const file = path.join(import.meta.dirname, 'results', `native-modules-${String(record.date).slice(0, 19).replace(/:/g, '-')}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
console.log(`recorded in ${path.relative(process.cwd(), file)}`);

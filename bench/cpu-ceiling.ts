/**
 * What a served ratio between two endpoints can reach, from the CPU their requests cost (bench/load.ts
 * measuredAlternatingLoads). On this box every core is busy under load, the client among them:
 * requests per second are then the cores over the CPU of one request (server and client), and the
 * ratio of two endpoints is the inverse ratio of those costs, whatever the core count. The table
 * gives that ratio and, for an endpoint with a target, the pool's CPU per request at which the
 * target would hold, its main thread and client costing what they were measured to cost.
 *
 * The main thread's figure of an endpoint served at a low rate carries more of the main thread's
 * work that goes with time rather than with requests (the embedded database's writes, timers)
 * than idle time shows: it is an upper bound, and so is the pool budget's complement.
 */
import type { CpuPerRequest, MeasuredRound } from './load.ts';
import { median } from './median.ts';

/** The median CPU per request of an endpoint's rounds. */
export function medianCpu(rounds: readonly MeasuredRound[]): CpuPerRequest {
  const of = (k: keyof CpuPerRequest) => median(rounds.map((r) => r.cpu![k]));
  return { serverMicros: of('serverMicros'), mainThreadMicros: of('mainThreadMicros'), clientMicros: of('clientMicros') };
}

const poolMicros = (c: CpuPerRequest) => Math.max(0, c.serverMicros - c.mainThreadMicros);
const totalMicros = (c: CpuPerRequest) => c.serverMicros + c.clientMicros;

/** The ratio when the cores are the limit: the baseline's CPU per request (server and client) over the endpoint's. */
export function coresLimitRatio(baseline: CpuPerRequest, endpoint: CpuPerRequest): number {
  return totalMicros(baseline) / totalMicros(endpoint);
}

/** The pool CPU per request (µs) at which the endpoint would reach `target` of the baseline with the cores as the limit (negative: not even with none). */
export function poolBudgetFor(baseline: CpuPerRequest, endpoint: CpuPerRequest, target: number): number {
  return totalMicros(baseline) / target - endpoint.mainThreadMicros - endpoint.clientMicros;
}

/** A markdown table of the CPU per request of each endpoint against the baseline, and what it allows. */
export function ceilingTable(baselineName: string, baseline: CpuPerRequest, endpoints: { name: string; cpu: CpuPerRequest; target?: number }[]): string {
  const f = (x: number) => x.toFixed(0);
  const lines = [
    `CPU per request (µs, median of the rounds) and what it allows against ${baselineName}:`,
    '| endpoint | server | main thread | pool | client | ratio with the cores as the limit | pool budget for the target |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| ${baselineName} | ${f(baseline.serverMicros)} | ${f(baseline.mainThreadMicros)} | ${f(poolMicros(baseline))} | ${f(baseline.clientMicros)} | 1.00 | |`,
  ];
  for (const e of endpoints) {
    const budget = e.target === undefined ? '' : `${f(poolBudgetFor(baseline, e.cpu, e.target))} (≥ ${e.target})`;
    lines.push(
      `| ${e.name} | ${f(e.cpu.serverMicros)} | ${f(e.cpu.mainThreadMicros)} | ${f(poolMicros(e.cpu))} | ${f(e.cpu.clientMicros)} | ${coresLimitRatio(baseline, e.cpu).toFixed(2)} | ${budget} |`,
    );
  }
  return lines.join('\n');
}

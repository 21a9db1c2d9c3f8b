/**
 * The ceiling the natal route cannot pass: the Swiss Ephemeris alone computing the 13 default
 * bodies plus houses for random births, on as many threads as the machine has cores, with no
 * HTTP, no validation and no JSON at all. Bodies go through the service's lean binding (the
 * cheapest way into the library there is), houses through the general one, as in the service.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const sweph = require('sweph');
sweph.set_ephe_path(workerData.ephe);
const lean = require(workerData.lean);
lean.init(workerData.ephe, new Float64Array(new ArrayBuffer(48)));
const SWIEPH_SPEED = 2 | 256;
// The default bodies: of a natal chart (mean node) or of an export (true node).
const bodies = workerData.rows ? [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 15, 12] : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15];
let seed = workerData.seed, charts = 0;
const rnd = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
const end = Date.now() + workerData.ms;
let day = 2415020.5 + (workerData.seed % 3) * 10000;
while (Date.now() < end) {
  if (workerData.rows) {
    // Consecutive days, as an export computes them: no houses.
    const tt = day + sweph.deltat_ex(day, 2).data; // positions are computed at TT, from one ΔT per instant
    for (const b of bodies) lean.calc(tt, b, SWIEPH_SPEED, 0);
    day++;
  } else {
    const jd = 2415020.5 + rnd() * 54787; // 1900-2050
    const tt = jd + sweph.deltat_ex(jd, 2).data;
    for (const b of bodies) lean.calc(tt, b, SWIEPH_SPEED, 0);
    sweph.houses_ex2(jd, 0, rnd() * 120 - 60, rnd() * 360 - 180, 'P');
  }
  charts++;
}
parentPort.postMessage(charts);
`;

/** `rows`: consecutive daily rows of 13 bodies (an export) instead of random births with houses. */
export async function libraryFloor(seconds: number, rows = false): Promise<{ threads: number; chartsPerSecond: number }> {
  const threads = os.availableParallelism();
  const ephe = new URL('../ephe', import.meta.url).pathname;
  const lean = new URL('../build/Release/swe_calc.node', import.meta.url).pathname;
  const counts = await Promise.all(Array.from({ length: threads }, (_, i) => new Promise<number>((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: { ephe, lean, ms: seconds * 1000, seed: 1 + i * 7919, rows } });
    w.once('message', resolve);
    w.once('error', reject);
  })));
  return { threads, chartsPerSecond: counts.reduce((a, b) => a + b, 0) / seconds };
}

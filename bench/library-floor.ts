/**
 * The ceiling the streamed export cannot pass: the Swiss Ephemeris alone computing consecutive
 * daily rows of the 13 default bodies, on as many threads as the machine has cores, with no HTTP
 * and no formatting at all. Bodies go through the service's lean binding (the cheapest way into
 * the library there is), as in the service. (The natal and transits floors are bench/floors.ts.)
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const lean = require(workerData.lean);
lean.init(workerData.ephe, new Float64Array(new ArrayBuffer(48)));
const SWIEPH_SPEED = 2 | 256;
// The default bodies of an export (true node).
const bodies = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 15, 12];
let rows = 0;
const end = Date.now() + workerData.ms;
let day = 2415020.5 + (workerData.seed % 3) * 10000;
while (Date.now() < end) {
  // Consecutive days, as an export computes them: no houses.
  const tt = day + lean.deltaT(day, 2); // positions are computed at TT, from one ΔT per instant
  for (const b of bodies) lean.calc(tt, b, SWIEPH_SPEED, 0);
  day++;
  rows++;
}
parentPort.postMessage(rows);
`;

/** Daily rows per second over all threads. */
export async function exportLibraryFloor(seconds: number): Promise<{ threads: number; rowsPerSecond: number }> {
  const threads = os.availableParallelism();
  const ephe = new URL('../ephe', import.meta.url).pathname;
  const lean = new URL('../build/Release/swe_calc.node', import.meta.url).pathname;
  const counts = await Promise.all(
    Array.from(
      { length: threads },
      (_, i) =>
        new Promise<number>((resolve, reject) => {
          const w = new Worker(WORKER, { eval: true, workerData: { ephe, lean, ms: seconds * 1000, seed: 1 + i * 7919 } });
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
  return { threads, rowsPerSecond: counts.reduce((a, b) => a + b, 0) / seconds };
}

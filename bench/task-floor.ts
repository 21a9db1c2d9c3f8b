/**
 * The service's own task (for natal: positions, houses, aspects, presentation and the JSON
 * bytes; for transits: both charts, the aspects between them, the interpretation a transits
 * answer carries by default, and the bytes): exactly what a compute worker runs per request, for
 * random requests, on as many threads as the machine has cores, with no HTTP and no pool. Between
 * the library floor and the served route, it tells how much of a request is the chart and how
 * much is serving it.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export type TaskFloorKind = 'natal' | 'transits';

export async function taskFloor(seconds: number, kind: TaskFloorKind = 'natal'): Promise<{ threads: number; chartsPerSecond: number }> {
  const threads = os.availableParallelism();
  const entry = fileURLToPath(new URL('./task-floor-entry.cjs', import.meta.url));
  const counts = await Promise.all(Array.from({ length: threads }, () => new Promise<number>((resolve, reject) => {
    const w = new Worker(entry, { execArgv: ['--import', 'tsx'], workerData: { ms: seconds * 1000, kind } });
    w.once('message', resolve);
    w.once('error', reject);
  })));
  return { threads, chartsPerSecond: counts.reduce((a, b) => a + b, 0) / seconds };
}
